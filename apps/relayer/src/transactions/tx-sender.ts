import { toHex, type Address, type Hex } from 'viem';
import type { Logger } from 'pino';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { collectionAbi } from '@metatag/contracts';
import {
  assignNonces,
  classifySendError,
  gasLimitFromEstimate,
  isRevert,
  replacementFees,
  revertReason,
  shortReason,
  type ChainHandle,
  type LocalSigner,
  type SendErrorKind,
} from '@metatag/chain';
import type { DbTx } from '../db/db-tx.js';
import { closeOf } from '../fees/close-of.js';
import type { FeeLedger } from '../fees/fee-ledger.js';
import type { Outbox } from '@metatag/outbox';
import type { Broadcaster } from './broadcaster.js';
import type { NonceManager } from './nonce.manager.js';
import type { SignedVersion, TransactionRepository, TransactionRow } from './transaction.repository.js';
import { txFinished, txSent } from './tx.events.js';

export type SendResult = 'sent' | 'failed' | 'skipped';

export interface TxSenderDeps {
  chain: ChainHandle;
  signer: LocalSigner;
  db: NodePgDatabase;
  nonces: NonceManager;
  txs: TransactionRepository;
  outbox: Outbox;
  broadcaster: Broadcaster;
  ledger: FeeLedger;
  logger: Logger;
}

/** Counters for operators and the benchmark. */
export interface SenderStats {
  batches: number;
  signed: number;
  replacements: number;
  nonceFills: number;
  /** Broadcasts the node refused with "nonce too low" (the key used elsewhere, or a lost race). */
  nonceErrors: number;
  broadcastErrors: number;
}

interface Waiting {
  row: TransactionRow;
  gas: bigint;
  resolve(result: SendResult): void;
  reject(error: unknown): void;
}

interface Version {
  row: TransactionRow;
  version: SignedVersion;
}

export const NOT_ENOUGH_FOR_FEES = 'Not enough balance for relayer fees at the current gas price';

/** Transactions signed per database transaction; more waiting ones go into the next batch. */
const MAX_BATCH = 256;
const NONCE_FILL_GAS = 21_000n;
/** Broadcasts per JSON-RPC batch (the chain client batches up to 200 requests). */
const BROADCAST_CHUNK = 100;

/**
 * The one sender of a (chain, key). Jobs hand it queued transactions; it collects whatever arrives
 * while a batch is being written and gives the next batch consecutive nonces under one lock of the
 * sender's nonce row, signing locally and storing the signed bytes in that same database
 * transaction. Only then are the bytes broadcast, so a crash at any point leaves either nothing
 * (retried from `queued`) or stored bytes that are re-broadcast as they are: no gap, no double.
 */
export class TxSender {
  readonly chainId: number;
  readonly address: string;
  readonly stats: SenderStats = {
    batches: 0,
    signed: 0,
    replacements: 0,
    nonceFills: 0,
    nonceErrors: 0,
    broadcastErrors: 0,
  };
  private waiting: Waiting[] = [];
  private draining = false;
  private broadcasting: Promise<void> = Promise.resolve();
  private synced: Promise<void> | undefined;

  constructor(private readonly deps: TxSenderDeps) {
    this.chainId = deps.chain.chainId;
    this.address = deps.signer.key;
  }

  /**
   * Sends a queued transaction: estimates its gas (a call that would revert fails here, before it
   * costs a nonce), then waits for its batch to be signed, stored and broadcast.
   */
  async send(row: TransactionRow): Promise<SendResult> {
    await this.ensureSynced();
    let gas: bigint;
    try {
      gas = row.gasLimit ?? gasLimitFromEstimate(await this.estimate(row));
    } catch (error) {
      if (!isRevert(error)) throw error;
      await this.refuse(row, revertReason(error, collectionAbi));
      return 'failed';
    }
    return new Promise<SendResult>((resolve, reject) => {
      this.waiting.push({ row, gas, resolve, reject });
      // drain settles every waiting send's own promise (resolve or reject): nothing waits for the loop
      void this.drain();
    });
  }

  /** Broadcasts stored bytes again (a retried job, recovery after a restart, a node that lost them). */
  async rebroadcast(rows: TransactionRow[]): Promise<void> {
    const versions = rows.flatMap((row) =>
      row.status === 'sent' && row.rawTx && row.txHash && row.nonce !== null
        ? [{ row, version: this.versionOf(row) }]
        : [],
    );
    await this.broadcastAll(versions, { fresh: false, replaceUnderpriced: true });
  }

  /**
   * Replaces a transaction that is not mined in time with the same call at the same nonce and fees
   * raised by at least 12.5 % (or to the market, if that moved further). Any version may still be
   * mined; the receipt tracker looks up every hash. Returns false when nothing was replaced (the row
   * was finished or replaced meanwhile).
   */
  async replace(row: TransactionRow): Promise<boolean> {
    const market = await this.deps.chain.fees.current();
    const replaced = await this.deps.db.transaction(async (tx) => {
      const locked = row.txHash ? await this.deps.txs.lockSent(tx, row.id, row.txHash) : undefined;
      if (!locked || locked.nonce === null || !locked.gasLimit || !locked.maxFeePerGas) return undefined;
      const fees = replacementFees(
        { maxFeePerGas: locked.maxFeePerGas, maxPriorityFeePerGas: locked.maxPriorityFeePerGas ?? 0n },
        market,
      );
      const signed = await this.deps.signer.sign({
        chainId: this.chainId,
        nonce: locked.nonce,
        to: locked.toAddress as Address,
        data: locked.data as Hex,
        value: locked.value,
        gas: locked.gasLimit,
        fees,
      });
      const version: SignedVersion = {
        id: locked.id,
        nonce: locked.nonce,
        raw: signed.raw,
        hash: signed.hash,
        gasLimit: locked.gasLimit,
        ...fees,
      };
      // The replacement goes out whatever the payer's balance (the relayer's sequence must not stall
      // behind one account); the difference is reserved when the balance allows, and the receipt's
      // real fee is settled either way.
      if (locked.accountId !== null) {
        const worst = locked.gasLimit * fees.maxFeePerGas;
        if (!(await this.deps.ledger.topUp(tx, locked.idempotencyKey, worst, `replacement (${worst} wei)`)))
          this.deps.logger.warn(
            { txId: locked.id, accountId: locked.accountId, worst },
            'replacement fee above what the account could reserve',
          );
      }
      await this.deps.txs.markReplaced(tx, locked, version);
      await this.deps.outbox.add(tx, [txSent(locked, version, locked.txHash)]);
      return { row: locked, version };
    });
    if (!replaced) return false;
    this.stats.replacements += 1;
    this.deps.logger.info(
      { txId: row.id, nonce: replaced.version.nonce, replaces: row.txHash, hash: replaced.version.hash },
      'transaction replaced with higher fees (not mined in time, or priced out)',
    );
    // A replacement refused as underpriced waits for the next tick rather than bumping in a loop.
    await this.broadcastAll([replaced], { fresh: false, replaceUnderpriced: false });
    return true;
  }

  /** Forgets the nonce sync, so the next send compares with the chain again. */
  resync(): void {
    this.synced = undefined;
  }

  private ensureSynced(): Promise<void> {
    this.synced ??= (async () => {
      const pending = await this.deps.chain.client.getTransactionCount({
        address: this.deps.signer.address,
        blockTag: 'pending',
      });
      const next = await this.deps.nonces.sync(this.chainId, this.address, pending);
      this.deps.logger.debug({ chainId: this.chainId, address: this.address, next }, 'nonce sequence synced');
    })().catch((error: unknown) => {
      this.synced = undefined;
      throw error;
    });
    return this.synced;
  }

  private async estimate(row: TransactionRow): Promise<bigint> {
    const result = await this.deps.chain.client.request({
      method: 'eth_estimateGas',
      params: [
        {
          from: this.deps.signer.address,
          to: row.toAddress as Address,
          data: row.data as Hex,
          value: toHex(row.value),
        },
      ],
    });
    return BigInt(result);
  }

  private async refuse(row: TransactionRow, reason: string): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      const failed = await this.deps.txs.failQueued(tx, row.id, reason);
      if (!failed) return;
      await this.deps.outbox.add(tx, [txFinished(failed)]);
      await this.deps.ledger.close(tx, [closeOf(failed)]);
    });
    this.deps.logger.info({ txId: row.id, kind: row.kind, reason }, 'transaction refused before signing');
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.waiting.length > 0) {
        // Let transactions arriving in the same turn of the event loop join this batch.
        await new Promise((resolve) => setImmediate(resolve));
        await this.flush(this.waiting.splice(0, MAX_BATCH));
      }
    } finally {
      this.draining = false;
    }
  }

  private async flush(batch: Waiting[]): Promise<void> {
    let signed: Version[];
    try {
      signed = await this.signBatch(batch);
    } catch (error) {
      for (const w of batch) w.reject(error);
      return;
    }
    this.stats.batches += 1;
    this.stats.signed += signed.length;
    // Signed and stored: the transactions are safe, so their jobs are done and the next batch can be
    // signed while this one is broadcast. Broadcasts stay in batch order (a node keeps only a few
    // future nonces per sender); whatever one could not record, the tracker broadcasts again.
    this.broadcasting = this.broadcasting
      .then(() => this.broadcastAll(signed, { fresh: true, replaceUnderpriced: true }))
      .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'broadcast of a batch failed'));
    const signedIds = new Set(signed.map((s) => s.row.id));
    for (const w of batch) w.resolve(signedIds.has(w.row.id) ? 'sent' : 'skipped');
  }

  /** Resolves once every batch signed so far has been broadcast (shutdown waits for it). */
  idle(): Promise<void> {
    return this.broadcasting;
  }

  /** Nonces, signatures and storage of one batch, all in one database transaction. */
  private async signBatch(batch: Waiting[]): Promise<Version[]> {
    const gasOf = new Map(batch.map((w) => [w.row.id, w.gas]));
    const fees = await this.deps.chain.fees.current();
    return this.deps.db.transaction(async (tx) => {
      // Lock order everywhere: the sender's nonce row first, then transaction rows.
      const next = await this.deps.nonces.lock(tx, this.chainId, this.address);
      const locked = await this.deps.txs.lockQueued(tx, [...gasOf.keys()]);
      const rows = await this.coveredByHolds(tx, locked, gasOf, fees.maxFeePerGas);
      if (rows.length === 0) return [];
      // Nonces follow request order as far as it is known.
      rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
      const { assigned, next: after } = assignNonces(next, rows);
      const versions = await Promise.all(
        assigned.map(async ([row, nonce]): Promise<Version> => {
          const gas = gasOf.get(row.id) ?? row.gasLimit ?? 0n;
          const s = await this.deps.signer.sign({
            chainId: this.chainId,
            nonce,
            to: row.toAddress as Address,
            data: row.data as Hex,
            value: row.value,
            gas,
            fees,
          });
          return { row, version: { id: row.id, nonce, raw: s.raw, hash: s.hash, gasLimit: gas, ...fees } };
        }),
      );
      await this.deps.txs.markSigned(
        tx,
        versions.map((v) => v.version),
      );
      await this.deps.nonces.advance(tx, this.chainId, this.address, after);
      await this.deps.outbox.add(
        tx,
        versions.map((v) => txSent(v.row, v.version)),
      );
      return versions;
    });
  }

  /**
   * Paid transactions whose fee at today's price exceeds their reservation reserve the difference;
   * those whose account cannot cover it fail before they get a nonce (their hold is released), so
   * one account's transaction never sits underpriced in front of everyone else's nonces.
   */
  private async coveredByHolds(
    tx: DbTx,
    rows: TransactionRow[],
    gasOf: Map<string, bigint>,
    maxFeePerGas: bigint,
  ): Promise<TransactionRow[]> {
    const covered: TransactionRow[] = [];
    for (const row of rows) {
      if (row.accountId === null) {
        covered.push(row);
        continue;
      }
      const gas = gasOf.get(row.id) ?? row.gasLimit ?? 0n;
      const worst = gas * maxFeePerGas;
      if (
        await this.deps.ledger.topUp(tx, row.idempotencyKey, worst, `fees rose before signing (${worst} wei)`)
      ) {
        covered.push(row);
        continue;
      }
      const failed = await this.deps.txs.failQueued(tx, row.id, NOT_ENOUGH_FOR_FEES);
      if (!failed) continue;
      await this.deps.ledger.close(tx, [closeOf(failed)]);
      await this.deps.outbox.add(tx, [txFinished(failed)]);
      this.deps.logger.info({ txId: row.id, accountId: row.accountId, worst }, NOT_ENOUGH_FOR_FEES);
    }
    return covered;
  }

  /** Broadcasts versions (in nonce order, in one JSON-RPC batch) and acts on what the node says. */
  /**
   * `fresh`: the first bytes offered at a newly assigned nonce. For those "nonce too low" is a real
   * nonce error; for a re-broadcast or a replacement it means that an earlier version was mined.
   */
  private async broadcastAll(
    versions: Version[],
    options: { fresh: boolean; replaceUnderpriced: boolean },
  ): Promise<void> {
    if (versions.length === 0) return;
    versions.sort((a, b) => a.version.nonce - b.version.nonce);
    // Chunks one after the other, each one JSON-RPC batch: a node never sees a later nonce long
    // before an earlier one (nodes keep only a few future nonces per sender).
    const outcomes: unknown[] = [];
    for (let i = 0; i < versions.length; i += BROADCAST_CHUNK) {
      const chunk = versions.slice(i, i + BROADCAST_CHUNK);
      outcomes.push(
        ...(await Promise.all(
          chunk.map((v) =>
            this.deps.broadcaster.broadcast(this.deps.chain.client, this.chainId, v.version.raw as Hex).then(
              () => undefined,
              (error: unknown) => error,
            ),
          ),
        )),
      );
    }
    const accepted: string[] = [];
    const refused: { id: string; error: string }[] = [];
    const underpriced: Version[] = [];
    const rejected: { v: Version; reason: string }[] = [];
    versions.forEach((v, i) => {
      const error = outcomes[i];
      const kind: SendErrorKind | undefined = error === undefined ? undefined : classifySendError(error);
      if (kind === undefined || kind === 'already-known') return void accepted.push(v.row.id);
      if (kind === 'nonce-too-low' && !options.fresh) return;
      const reason = shortReason(error);
      refused.push({ id: v.row.id, error: reason });
      this.stats.broadcastErrors += 1;
      if (kind === 'nonce-too-low') {
        // Mined already (an earlier version of ours) or taken by someone else: the receipt tracker
        // tells which; our sequence may be behind the chain, so compare again before the next batch.
        this.stats.nonceErrors += 1;
        this.resync();
      } else if (kind === 'underpriced' && options.replaceUnderpriced) underpriced.push(v);
      else if (kind === 'rejected') rejected.push({ v, reason });
      else
        this.deps.logger.warn({ txId: v.row.id, nonce: v.version.nonce, kind, reason }, 'broadcast refused');
    });
    await this.deps.txs.markBroadcast(accepted, refused, this.deps.db);
    for (const v of underpriced) await this.replace({ ...v.row, txHash: v.version.hash, status: 'sent' });
    for (const { v, reason } of rejected) await this.fillNonce(v, reason);
  }

  /**
   * The node refused a signed transaction for good, but its nonce is spent in our sequence: fail it
   * and send a 0-value transfer to ourselves at that nonce, so every later nonce can be mined.
   * Only when no earlier version of it may still be in a pool (that one would take the nonce itself).
   */
  private async fillNonce({ row, version }: Version, reason: string): Promise<void> {
    if (row.previousHashes.length > 0 || row.kind === 'nonce-fill') {
      // An earlier version may still be mined, or the fill itself was refused: leave it to the tracker
      // (replacement after TX_REPLACE_AFTER_MS) and to an operator.
      this.deps.logger.error({ txId: row.id, kind: row.kind, reason }, 'transaction refused by the node');
      return;
    }
    const market = await this.deps.chain.fees.current();
    const fees = replacementFees(version, market);
    const signed = await this.deps.signer.sign({
      chainId: this.chainId,
      nonce: version.nonce,
      to: this.deps.signer.address,
      data: '0x',
      value: 0n,
      gas: NONCE_FILL_GAS,
      fees,
    });
    const fill = await this.deps.db.transaction(async (tx) => {
      const failed = await this.deps.txs.failSent(tx, row.id, `refused by the node: ${reason}`);
      if (!failed) return undefined;
      // Never mined: nothing to settle; the fill's own fee is the relayer's.
      await this.deps.ledger.close(tx, [closeOf(failed)]);
      const inserted = await this.deps.txs.insertSent(tx, {
        idempotencyKey: `nonce-fill-${row.id}`,
        kind: 'nonce-fill',
        chainId: this.chainId,
        fromAddress: this.address,
        toAddress: this.address,
        data: '0x',
        value: 0n,
        status: 'sent',
        nonce: version.nonce,
        gasLimit: NONCE_FILL_GAS,
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        rawTx: signed.raw,
        txHash: signed.hash,
        attempts: 1,
        fillsFor: row.id,
        signedAt: new Date(),
      });
      const events = [txFinished(failed)];
      if (inserted) events.push(txSent(inserted, { nonce: version.nonce, hash: signed.hash, ...fees }));
      await this.deps.outbox.add(tx, events);
      return inserted;
    });
    if (!fill) return;
    this.stats.nonceFills += 1;
    this.deps.logger.warn(
      { txId: row.id, nonce: version.nonce, reason, fill: fill.txHash },
      'transaction refused by the node; its nonce is filled with a 0-value self-transfer',
    );
    await this.broadcastAll([{ row: fill, version: this.versionOf(fill) }], {
      fresh: true,
      replaceUnderpriced: true,
    });
  }

  /**
   * Nonces of ours that no transaction of ours holds any more (a foreign transaction took them, then
   * the chain went back below them): every later nonce waits for them, so each gets a 0-value
   * transfer to ourselves. A mint is never re-signed at another nonce (see docs/decisions.md).
   */
  async fillGaps(nonces: number[]): Promise<void> {
    if (nonces.length === 0) return;
    const fees = await this.deps.chain.fees.current();
    const fills: Version[] = [];
    for (const nonce of nonces) {
      const signed = await this.deps.signer.sign({
        chainId: this.chainId,
        nonce,
        to: this.deps.signer.address,
        data: '0x',
        value: 0n,
        gas: NONCE_FILL_GAS,
        fees,
      });
      const fill = await this.deps.db.transaction(async (tx) => {
        const inserted = await this.deps.txs.insertSent(tx, {
          idempotencyKey: `nonce-gap-${this.chainId}-${nonce}-${signed.hash}`,
          kind: 'nonce-fill',
          chainId: this.chainId,
          fromAddress: this.address,
          toAddress: this.address,
          data: '0x',
          value: 0n,
          status: 'sent',
          nonce,
          gasLimit: NONCE_FILL_GAS,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
          rawTx: signed.raw,
          txHash: signed.hash,
          attempts: 1,
          signedAt: new Date(),
        });
        if (inserted)
          await this.deps.outbox.add(tx, [txSent(inserted, { nonce, hash: signed.hash, ...fees })]);
        return inserted;
      });
      if (fill) fills.push({ row: fill, version: this.versionOf(fill) });
    }
    this.stats.nonceFills += fills.length;
    this.deps.logger.warn(
      { chainId: this.chainId, nonces },
      'nonces of ours held by no transaction after the chain went back: filled with 0-value self-transfers',
    );
    await this.broadcastAll(fills, { fresh: true, replaceUnderpriced: true });
  }

  private versionOf(row: TransactionRow): SignedVersion {
    return {
      id: row.id,
      nonce: row.nonce ?? 0,
      raw: row.rawTx ?? '0x',
      hash: row.txHash ?? '0x',
      gasLimit: row.gasLimit ?? 0n,
      maxFeePerGas: row.maxFeePerGas ?? 0n,
      maxPriorityFeePerGas: row.maxPriorityFeePerGas ?? 0n,
    };
  }
}
