import { Inject, Injectable } from '@nestjs/common';
import type { RelayerConfig } from '@metatag/config';
import { HEALTH_CHECKS, SERVICE_CONFIG, type HealthCheck } from '@metatag/nest-kit';
import { TransactionRepository } from '../transactions/transaction.repository.js';

/**
 * Readiness of the relayer: not ready when its oldest pending transaction has not advanced for
 * RELAYER_STALL_MS — a sender whose lowest nonce out is not mined (chain unreachable, a nonce gap, a
 * chain that went back), or a transaction that waits that long for its nonce (the chain refuses
 * estimates, the sender is stuck). The reason says which, so /readyz tells an operator where to look.
 */
@Injectable()
export class ProgressCheck implements HealthCheck {
  readonly name = 'progress';
  /** Per sender: the lowest nonce out, and since when it is the lowest (as far as this check saw). */
  private readonly heads = new Map<string, { nonce: number; since: number }>();

  constructor(
    private readonly txs: TransactionRepository,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
    @Inject(HEALTH_CHECKS) checks: HealthCheck[],
  ) {
    checks.push(this);
  }

  async check(now = Date.now()): Promise<{ ok: boolean; reason?: string }> {
    const limit = this.config.RELAYER_STALL_MS;
    const { heads, oldestQueued } = await this.txs.progress();
    const reasons: string[] = [];
    const seen = new Set<string>();
    for (const head of heads) {
      const key = `${head.chainId}:${head.from}`;
      seen.add(key);
      const known = this.heads.get(key);
      // A new head has been the lowest since the previous one was mined, or since it was signed.
      if (!known || known.nonce !== head.nonce)
        this.heads.set(key, {
          nonce: head.nonce,
          since: Math.max(head.signedAt?.getTime() ?? now, known ? now : 0),
        });
      const since = this.heads.get(key)?.since ?? now;
      if (now - since > limit)
        reasons.push(
          `transaction at nonce ${head.nonce} of ${head.from} on chain ${head.chainId} not mined for ${Math.round((now - since) / 1000)} s`,
        );
    }
    for (const key of this.heads.keys()) if (!seen.has(key)) this.heads.delete(key);
    if (oldestQueued && now - oldestQueued.getTime() > limit)
      reasons.push(
        `a transaction has waited ${Math.round((now - oldestQueued.getTime()) / 1000)} s for its nonce`,
      );
    return reasons.length === 0
      ? { ok: true }
      : { ok: false, reason: `stalled longer than ${limit} ms: ${reasons.join('; ')}` };
  }
}
