import { Inject, Injectable } from '@nestjs/common';
import {
  TransactionReceiptNotFoundError,
  type Address,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import type { Logger } from 'pino';
import { confirmationsOf, type RelayerConfig } from '@metatag/config';
import type { Database } from '@metatag/db';
import { LOGGER, PeriodicTask, SERVICE_CONFIG } from '@metatag/nest-kit';
import { nonceState, type ChainDirectory } from '@metatag/chain';
import { closeOf } from '../fees/close-of.js';
import { MintRepository } from '../mints/mint.repository.js';
import { FeeLedger } from '../fees/fee-ledger.js';
import { Outbox } from '@metatag/outbox';
import { CHAINS, WORKER_DATABASE, WORKER_MINTS } from '../relayer.tokens.js';

import { TransactionRepository, type TransactionRow, type TxOutcome } from './transaction.repository.js';
import { ReceiptCache } from './receipt.cache.js';
import { TxSenderRegistry } from './tx-sender.registry.js';
import { txFinished } from './tx.events.js';

/** Rows looked at per sender and tick; the rest wait for the next tick. */
const WINDOW = 2000;
/**
 * A nonce that is mined while none of our versions has a receipt was taken by a transaction sent
 * elsewhere with the same key. Only after this long, so a node behind a load balancer whose backends
 * disagree for a moment cannot fail a transaction that did go through.
 */
const FOREIGN_NONCE_AFTER_MS = 30_000;
/** A signed version the node has not accepted yet is broadcast again once it is this old. */
const UNBROADCAST_GRACE_MS = 1000;
const HEAD_REBROADCAST = 64;
/** Priced-out transactions replaced per tick, lowest nonces first (the rest on the next ticks). */
const PRICED_OUT_PER_TICK = 200;
/** How often, at the least, final transactions are compared with the chain (besides on every sign of a rewind). */
const RECONCILE_EVERY_MS = 10_000;
/** Nonce gaps filled per reconciliation. */
const GAP_FILLS = 64;

/**
 * Watches every sent transaction until it is final. One `eth_getTransactionCount(latest)` per sender
 * splits the rows: below that count a nonce is mined, so only those rows need receipts (looked up
 * for every version, since a replaced version may be the one mined); the others are pending, and are
 * re-broadcast when the node never took them or replaced with higher fees once TX_REPLACE_AFTER_MS
 * has passed. Outcomes and their events are written in one database transaction.
 *
 * The chain, not this table, has the last word: a receipt makes a row `mined`, and only
 * CONFIRMATIONS_<CHAIN> blocks on top of it make it final. A `mined` row the node no longer has a
 * receipt for, and a final row at or above the chain's mined count (the chain went back: a reorg, or
 * a node restored from an older state), is `sent` again, its mint record `queued` again, and its
 * stored bytes go out again; nonces of ours that nothing holds any more are filled.
 */
@Injectable()
export class ReceiptTracker {
  readonly task: PeriodicTask;
  private readonly firstMissing = new Map<string, number>();
  private readonly recovered = new Set<string>();
  private readonly heads = new Map<string, { nonce: number; since: number }>();
  /** Per sender: the chain's mined count at the last tick, and when final rows were last compared. */
  private readonly minedCounts = new Map<string, number>();
  /** Senders whose chain went back and whose reconciliation has not gone through yet. */
  private readonly unreconciled = new Set<string>();
  private readonly reconciledAt = new Map<string, number>();
  private readonly finishedListeners: (() => void)[] = [];
  /** Versions signed before this process started may have been lost with a node's pool or a crash. */
  private readonly startedAt = Date.now();

  constructor(
    private readonly txs: TransactionRepository,
    private readonly outbox: Outbox,
    private readonly senders: TxSenderRegistry,
    private readonly receiptCache: ReceiptCache,
    private readonly ledger: FeeLedger,
    @Inject(WORKER_MINTS) private readonly mints: MintRepository,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(WORKER_DATABASE) private readonly database: Database,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask('receipt tracker', config.TX_RECEIPT_POLL_MS, () => this.tick(), logger);
  }

  /** Called after transactions became final (the mint confirmer listens). */
  onFinished(listener: () => void): void {
    this.finishedListeners.push(listener);
  }

  async tick(): Promise<void> {
    const senders = await this.txs.senders();
    await Promise.all(
      senders.map(({ chainId, from }) =>
        this.trackSender(chainId, from).catch((error: unknown) =>
          this.logger.warn({ err: error, chainId, from }, 'receipt tracking failed; retrying'),
        ),
      ),
    );
  }

  private async trackSender(chainId: number, from: string): Promise<void> {
    const chain = this.chains.byId(chainId);
    if (!chain) return;
    const key = `${chainId}:${from}`;
    const minedCount = await chain.client.getTransactionCount({
      address: from as Address,
      blockTag: 'latest',
    });
    const previous = this.minedCounts.get(key);
    const now = Date.now();
    // Final rows are compared with the chain on start, whenever the chain's count went down, while the
    // head is stalled, and every RECONCILE_EVERY_MS: a cheap indexed query that finds nothing normally.
    // Gaps are filled on the first three only: a gap matters once a transaction above it waits (its
    // head stalls), and filling it on a timer as well would make how long it lasts a matter of chance.
    const rewound = previous === undefined || minedCount < previous || this.unreconciled.has(key);
    const stalled = now - (this.heads.get(key)?.since ?? now) >= this.config.TX_HEAD_STALL_MS;
    if (rewound || stalled || now - (this.reconciledAt.get(key) ?? 0) >= RECONCILE_EVERY_MS)
      // A rewind whose reconciliation failed (the chain back before PostgreSQL) is tried again on every
      // tick until it goes through: remembered only as the new normal count, it was forgotten until
      // the next timer or stall. The rest of the tick goes on meanwhile (receipts, re-broadcasts).
      await this.reconcile(chainId, from, minedCount, now, rewound || stalled).then(
        () => this.unreconciled.delete(key),
        (error: unknown) => {
          if (rewound) this.unreconciled.add(key);
          this.logger.warn({ err: error, chainId, from }, 'reconciliation with the chain failed; retrying');
        },
      );
    this.minedCounts.set(key, minedCount);
    const rows = await this.txs.listOpen(chainId, from, WINDOW);
    if (rows.length === 0) return;
    const mined: TransactionRow[] = [];
    const pending: TransactionRow[] = [];
    for (const row of rows)
      (row.nonce !== null && nonceState(row.nonce, minedCount) === 'mined' ? mined : pending).push(row);
    const confirmations = confirmationsOf(this.config, chain.name);
    const head = confirmations > 0 && mined.length > 0 ? await chain.client.getBlockNumber() : 0n;
    await this.settle(chain.client, chainId, from, mined, { confirmations, head });
    // A `mined` row whose nonce is no longer mined: its block left the chain.
    const unmined = pending.filter((row) => row.status === 'mined');
    if (unmined.length > 0) await this.reopen(chainId, { ids: unmined.map((row) => row.id) });
    for (const row of unmined) Object.assign(row, { status: 'sent', broadcastAt: null });
    await this.watchPending(chainId, from, pending);
  }

  /**
   * Final rows at or above the chain's mined count go back to pending (their mints to queued), then
   * nonces of ours that nothing holds any more are filled, so the sequence can be mined again.
   */
  private async reconcile(
    chainId: number,
    from: string,
    minedCount: number,
    now: number,
    fillGaps: boolean,
  ): Promise<void> {
    this.reconciledAt.set(`${chainId}:${from}`, now);
    await this.reopen(chainId, { chainId, from, beyond: minedCount });
    if (!fillGaps) return;
    const sender = this.senders.forSender(chainId, from);
    if (!sender) return;
    const gaps = await this.txs.nonceGaps(chainId, from, minedCount, GAP_FILLS);
    if (gaps.length > 0) await sender.fillGaps(gaps);
  }

  private async reopen(
    chainId: number,
    where: Parameters<TransactionRepository['reopen']>[1],
  ): Promise<void> {
    const { rows, mints } = await this.database.db.transaction(async (tx) => {
      const reopened = await this.txs.reopen(tx, where);
      const keys = reopened.flatMap((row) => (row.kind === 'mint' ? [row.idempotencyKey] : []));
      return { rows: reopened, mints: await this.mints.reopenForTransactions(tx, keys) };
    });
    if (rows.length === 0) return;
    for (const row of rows) if (row.txHash) this.receiptCache.delete(row.txHash);
    this.logger.warn(
      {
        chainId,
        reopened: rows.length,
        nonces: rows.map((row) => row.nonce),
        mintsReopened: mints.length,
      },
      'transactions whose block left the chain are pending again; their bytes go out again',
    );
  }

  private async settle(
    client: PublicClient,
    chainId: number,
    from: string,
    rows: TransactionRow[],
    depth: { confirmations: number; head: bigint },
  ) {
    if (rows.length === 0) return;
    const receipts = await Promise.all(rows.map((row) => this.findReceipt(client, row)));
    const outcomes: TxOutcome[] = [];
    const now = Date.now();
    rows.forEach((row, i) => {
      const receipt = receipts[i];
      if (receipt === 'unknown') return;
      if (receipt) {
        this.firstMissing.delete(row.id);
        this.receiptCache.put(receipt);
        const ok = receipt.status === 'success';
        const deep = depth.confirmations === 0 || depth.head - receipt.blockNumber >= depth.confirmations;
        // Still too shallow, and already recorded in this very block: nothing to write.
        if (!deep && row.status === 'mined' && row.blockHash === receipt.blockHash) return;
        outcomes.push({
          id: row.id,
          status: !deep ? 'mined' : ok ? 'confirmed' : 'failed',
          txHash: receipt.transactionHash,
          blockNumber: receipt.blockNumber,
          blockHash: receipt.blockHash,
          gasUsed: receipt.gasUsed,
          effectiveGasPrice: receipt.effectiveGasPrice,
          error: ok ? null : 'reverted on chain',
        });
        return;
      }
      const since = this.firstMissing.get(row.id) ?? now;
      this.firstMissing.set(row.id, since);
      if (now - since < FOREIGN_NONCE_AFTER_MS) return;
      this.firstMissing.delete(row.id);
      outcomes.push({
        id: row.id,
        status: 'failed',
        txHash: null,
        blockNumber: null,
        gasUsed: null,
        effectiveGasPrice: null,
        error: 'nonce used by another transaction of the same key',
      });
      this.senders.forSender(chainId, from)?.resync();
    });
    if (outcomes.length === 0) return;
    const changed = await this.database.db.transaction(async (tx) => {
      const finished = (await this.txs.finish(tx, outcomes)).filter((row) => row.status !== 'mined');
      await this.outbox.add(tx, finished.map(txFinished));
      // A paid transaction ends here: its hold is released and, when it was mined (reverted or not),
      // the fee of its receipt is settled, in the transaction that records the outcome.
      await this.ledger.close(tx, finished.filter((row) => row.accountId !== null).map(closeOf));
      return finished;
    });
    if (changed.length > 0) for (const listener of this.finishedListeners) listener();
  }

  /** True when the sender's lowest pending nonce has been the same for TX_HEAD_STALL_MS (once per stall). */
  private stalledSince(key: string, headNonce: number | null, now: number): boolean {
    const seen = this.heads.get(key);
    if (headNonce === null || !seen || seen.nonce !== headNonce) {
      if (headNonce !== null) this.heads.set(key, { nonce: headNonce, since: now });
      return false;
    }
    if (now - seen.since < this.config.TX_HEAD_STALL_MS) return false;
    seen.since = now;
    return true;
  }

  /** The receipt of whichever version was mined; null when none is; 'unknown' when the node failed. */
  private async findReceipt(
    client: PublicClient,
    row: TransactionRow,
  ): Promise<TransactionReceipt | null | 'unknown'> {
    const hashes = [row.txHash, ...[...row.previousHashes].reverse()].filter((h): h is string => !!h);
    for (const hash of hashes) {
      try {
        return await client.getTransactionReceipt({ hash: hash as Hash });
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) return 'unknown';
      }
    }
    return null;
  }

  private async watchPending(chainId: number, from: string, rows: TransactionRow[]): Promise<void> {
    const sender = this.senders.forSender(chainId, from);
    const chain = this.chains.byId(chainId);
    if (!sender || !chain || rows.length === 0) return;
    // The base fee rose above what these bid (full blocks push it up 12.5 % each): as they are they
    // cannot be mined, so they are replaced now rather than after TX_REPLACE_AFTER_MS.
    const baseFee = await chain.fees.baseFee();
    // After a restart the node may have lost its pool (or never got our bytes): hand it every
    // pending version once; afterwards only those it has not accepted yet.
    const key = `${chainId}:${from}`;
    const first = !this.recovered.has(key);
    this.recovered.add(key);
    const now = Date.now();
    // The lowest pending nonce holds up every later one. If nothing got mined for a while the node
    // may have dropped it (pools evict future nonces that arrived early): offer the head's bytes again
    // long before a fee replacement is due.
    const head = rows[0];
    const stalled = this.stalledSince(key, head?.nonce ?? null, now);
    const rebroadcast: TransactionRow[] = [];
    const replace: TransactionRow[] = [];
    for (const row of rows) {
      const age = row.signedAt ? now - row.signedAt.getTime() : 0;
      const pricedOut = row.maxFeePerGas !== null && row.maxFeePerGas < baseFee;
      // Bytes the node never took are offered again, not outbid: a higher fee cannot speed up what
      // the node has not seen, and costs more (a crash between storing and broadcasting, or a node
      // that was away longer than TX_REPLACE_AFTER_MS).
      const overdue = row.broadcastAt !== null && age >= this.config.TX_REPLACE_AFTER_MS;
      if (overdue || (pricedOut && replace.length < PRICED_OUT_PER_TICK)) replace.push(row);
      // A batch just signed is being broadcast by its sender right now: give it a moment.
      else if (
        (first && (row.signedAt?.getTime() ?? 0) < this.startedAt) ||
        (row.broadcastAt === null && age >= UNBROADCAST_GRACE_MS) ||
        (stalled && rebroadcast.length < HEAD_REBROADCAST)
      )
        rebroadcast.push(row);
    }
    if (rebroadcast.length > 0) await sender.rebroadcast(rebroadcast);
    // Lowest nonce first: it is the one holding up all others.
    for (const row of replace) await sender.replace(row);
  }
}
