import { Inject, Injectable } from '@nestjs/common';
import type { RelayerConfig } from '@metatag/config';
import type { ChainDirectory } from '@metatag/chain';
import { HEALTH_CHECKS, SERVICE_CONFIG, type HealthCheck } from '@metatag/nest-kit';
import { CHAINS } from '../relayer.tokens.js';
import { TransactionRepository } from '../transactions/transaction.repository.js';

/**
 * A head that is out but not mined while the chain answers and makes no block is a stall only after
 * this many times RELAYER_STALL_MS: a chain that mines only on demand (anvil) shows no blocks either.
 */
const IDLE_CHAIN_FACTOR = 3;
/** Blocks mined without our lowest nonce out: the chain is alive and skips it (gap, priced out). */
const SKIPPED_BLOCKS = 2n;
/** The chain's block number is read at most this often per chain, with this timeout. */
const CHAIN_READ_EVERY_MS = 1000;
const CHAIN_TIMEOUT_MS = 2000;

/**
 * Readiness of the relayer (#28): "work is pending and nothing has moved for RELAYER_STALL_MS", never
 * "something is old" — so an idle relayer is ready, a busy one that keeps signing is ready, and one
 * that sends nothing is not ready within the threshold (default 10 s):
 * - waiting work (a queued transaction, a queued mint whose transaction is not out) while no nonce
 *   was handed out and the waiting work did not shrink for that long: the consumer stopped, jobs were
 *   lost, or the chain refuses estimates;
 * - a sender's lowest nonce out not mined for that long while the chain is unreachable or has mined
 *   SKIPPED_BLOCKS blocks without it. A healthy chain with blocks slower than the threshold is not a
 *   stall (the head is mined with the next block); a reachable chain that makes no block at all is one
 *   after IDLE_CHAIN_FACTOR times the threshold.
 * The reason says which, so /readyz tells an operator where to look. The database check (its ping)
 * reports a lost database at once.
 */
@Injectable()
export class ProgressCheck implements HealthCheck {
  readonly name = 'progress';
  /** Per sender: the lowest nonce out, since when it is the lowest, and the chain's block then. */
  private readonly heads = new Map<string, { nonce: number; since: number; block?: bigint }>();
  /** The waiting work: nonces handed out and work waiting when it last moved, and when. */
  private queue: { signed: number; waiting: number; since: number } | undefined;
  private readonly blocks = new Map<number, { at: number; block: Promise<bigint | undefined> }>();

  constructor(
    private readonly txs: TransactionRepository,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(HEALTH_CHECKS) checks: HealthCheck[],
  ) {
    checks.push(this);
  }

  async check(now = Date.now()): Promise<{ ok: boolean; reason?: string }> {
    const limit = this.config.RELAYER_STALL_MS;
    const { heads, signed, waiting } = await this.txs.progress();
    const reasons: string[] = [];

    const q = this.queue;
    if (!q || waiting === 0 || signed > q.signed || waiting < q.waiting)
      this.queue = { signed, waiting, since: now };
    else if (waiting > q.waiting) q.waiting = waiting; // more work arrived: not progress, not a reset
    if (waiting > 0 && now - this.queue!.since > limit)
      reasons.push(
        `${waiting} transactions or mints waiting and none signed for ${Math.round((now - this.queue!.since) / 1000)} s`,
      );

    const seen = new Set<string>();
    for (const head of heads) {
      const key = `${head.chainId}:${head.from}`;
      seen.add(key);
      const block = await this.blockOf(head.chainId, now);
      let known = this.heads.get(key);
      // A new head has been the lowest since the previous one was mined, or since it was signed.
      if (!known || known.nonce !== head.nonce) {
        known = {
          nonce: head.nonce,
          since: Math.max(head.signedAt?.getTime() ?? now, known ? now : 0),
          block,
        };
        this.heads.set(key, known);
      }
      known.block ??= block;
      const stuckMs = now - known.since;
      if (stuckMs <= limit) continue;
      const cause =
        block === undefined
          ? 'the chain does not answer'
          : known.block !== undefined && block - known.block >= SKIPPED_BLOCKS
            ? `${block - known.block} blocks mined without it`
            : stuckMs > IDLE_CHAIN_FACTOR * limit
              ? 'the chain makes no block'
              : undefined;
      if (cause)
        reasons.push(
          `transaction at nonce ${head.nonce} of ${head.from} on chain ${head.chainId} not mined for ${Math.round(stuckMs / 1000)} s (${cause})`,
        );
    }
    for (const key of this.heads.keys()) if (!seen.has(key)) this.heads.delete(key);
    return reasons.length === 0
      ? { ok: true }
      : { ok: false, reason: `stalled longer than ${limit} ms: ${reasons.join('; ')}` };
  }

  /** The chain's block number (read at most once a second), undefined when it does not answer. */
  private blockOf(chainId: number, now: number): Promise<bigint | undefined> {
    const cached = this.blocks.get(chainId);
    if (cached && now - cached.at < CHAIN_READ_EVERY_MS) return cached.block;
    const chain = this.chains.byId(chainId);
    // A plain request with a short timeout: the chain client retries and waits up to 10 s.
    const block = chain
      ? fetch(chain.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
          signal: AbortSignal.timeout(CHAIN_TIMEOUT_MS),
        })
          .then((res) => res.json() as Promise<{ result?: string }>)
          .then((body) => (typeof body.result === 'string' ? BigInt(body.result) : undefined))
          .catch(() => undefined)
      : Promise.resolve(undefined);
    this.blocks.set(chainId, { at: now, block });
    return block;
  }
}
