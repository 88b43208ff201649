import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { transactions } from '../db/schema.js';
import type { DbExecutor, DbTx } from '../db/db-tx.js';
import { WORKER_DATABASE } from '../relayer.tokens.js';

export type TransactionRow = typeof transactions.$inferSelect;

export interface TxRequest {
  chainId: number;
  from: string;
  to: string;
  data: string;
  value: bigint;
  kind: string;
  idempotencyKey: string;
  gasLimit?: bigint;
  /** Who pays the fee (its worst case must be reserved under `idempotencyKey` first). */
  accountId?: number;
}

/** A signed version of a transaction, ready to be stored. */
export interface SignedVersion {
  id: string;
  nonce: number;
  raw: string;
  hash: string;
  gasLimit: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
}

export interface TxOutcome {
  id: string;
  /** `mined`: a receipt, but its block is not yet deep enough to be final. */
  status: 'mined' | 'confirmed' | 'failed';
  txHash: string | null;
  blockNumber: bigint | null;
  blockHash?: string | null;
  gasUsed: bigint | null;
  effectiveGasPrice: bigint | null;
  error: string | null;
}

const str = (v: bigint | number | null) => (v === null ? null : v.toString());
const big = (v: string | null) => (v === null ? null : BigInt(v));

/** A `transactions` row as node-postgres returns it (numeric and bigint as strings). */
interface TransactionDbRow {
  id: string;
  idempotency_key: string;
  kind: string;
  chain_id: number;
  from_address: string;
  to_address: string;
  data: string;
  value: string;
  status: TransactionRow['status'];
  nonce: string | null;
  gas_limit: string | null;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  raw_tx: string | null;
  tx_hash: string | null;
  previous_hashes: string[];
  attempts: number;
  last_error: string | null;
  block_number: string | null;
  block_hash: string | null;
  gas_used: string | null;
  effective_gas_price: string | null;
  account_id: number | null;
  fills_for: string | null;
  created_at: Date;
  signed_at: Date | null;
  broadcast_at: Date | null;
  finished_at: Date | null;
}

function fromDb(r: TransactionDbRow): TransactionRow {
  return {
    id: r.id,
    idempotencyKey: r.idempotency_key,
    kind: r.kind,
    chainId: r.chain_id,
    fromAddress: r.from_address,
    toAddress: r.to_address,
    data: r.data,
    value: BigInt(r.value),
    status: r.status,
    nonce: r.nonce === null ? null : Number(r.nonce),
    gasLimit: big(r.gas_limit),
    maxFeePerGas: big(r.max_fee_per_gas),
    maxPriorityFeePerGas: big(r.max_priority_fee_per_gas),
    rawTx: r.raw_tx,
    txHash: r.tx_hash,
    previousHashes: r.previous_hashes,
    attempts: r.attempts,
    lastError: r.last_error,
    blockNumber: big(r.block_number),
    blockHash: r.block_hash,
    gasUsed: big(r.gas_used),
    effectiveGasPrice: big(r.effective_gas_price),
    accountId: r.account_id,
    fillsFor: r.fills_for,
    createdAt: r.created_at,
    signedAt: r.signed_at,
    broadcastAt: r.broadcast_at,
    finishedAt: r.finished_at,
  };
}

@Injectable()
export class TransactionRepository {
  constructor(@Inject(WORKER_DATABASE) private readonly database: Database) {}

  get db() {
    return this.database.db;
  }

  /** The row for this idempotency key, inserted as `queued` if there was none. */
  async request(req: TxRequest): Promise<TransactionRow> {
    // Usually the producer stored it already: one read, and no write, on that path.
    const found = await this.findByKey(req.idempotencyKey);
    if (found) return found;
    await this.db
      .insert(transactions)
      .values({
        idempotencyKey: req.idempotencyKey,
        kind: req.kind,
        chainId: req.chainId,
        fromAddress: req.from.toLowerCase(),
        toAddress: req.to.toLowerCase(),
        data: req.data,
        value: req.value,
        gasLimit: req.gasLimit ?? null,
        accountId: req.accountId ?? null,
      })
      .onConflictDoNothing({ target: transactions.idempotencyKey });
    const row = await this.findByKey(req.idempotencyKey);
    if (!row) throw new Error(`transaction ${req.idempotencyKey} vanished`);
    return row;
  }

  /**
   * Stores the transaction of a mint record if the record is still queued (one statement: the hot
   * path of every mint). Returns whether the record is queued, i.e. whether the transaction is wanted.
   */
  async requestForQueuedMint(mintId: string, req: TxRequest): Promise<boolean> {
    const { rows } = await this.database.pool.query<{ queued: boolean }>({
      name: 'relayer_tx_for_queued_mint',
      text: `with m as (select account_id from relayer.mints where id = $8 and status = 'queued'),
        ins as (
          insert into relayer.transactions
            (idempotency_key, kind, chain_id, from_address, to_address, data, value, account_id)
          select $1, $2, $3, $4, $5, $6, $7, m.account_id from m
          on conflict (idempotency_key) do nothing
          returning 1
        )
        select exists (select 1 from m) as queued`,
      values: [
        req.idempotencyKey,
        req.kind,
        req.chainId,
        req.from.toLowerCase(),
        req.to.toLowerCase(),
        req.data,
        req.value.toString(),
        mintId,
      ],
    });
    return rows[0]?.queued === true;
  }

  async findById(id: string, db: DbExecutor = this.db): Promise<TransactionRow | undefined> {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
    return row;
  }

  /** A prepared statement and a plain mapper: this runs once per transaction request. */
  async findByKey(key: string): Promise<TransactionRow | undefined> {
    const { rows } = await this.database.pool.query<TransactionDbRow>({
      name: 'relayer_tx_by_key',
      text: 'select * from relayer.transactions where idempotency_key = $1',
      values: [key],
    });
    return rows[0] && fromDb(rows[0]);
  }

  /** Locks the still-queued rows among `ids` (in id order, so concurrent lockers cannot deadlock). */
  async lockQueued(tx: DbTx, ids: string[]): Promise<TransactionRow[]> {
    return tx
      .select()
      .from(transactions)
      .where(and(inArray(transactions.id, ids), eq(transactions.status, 'queued')))
      .orderBy(asc(transactions.id))
      .for('update');
  }

  /** Locks one sent row if it still carries `hash` (nobody replaced or finished it meanwhile). */
  async lockSent(tx: DbTx, id: string, hash: string): Promise<TransactionRow | undefined> {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, id), eq(transactions.status, 'sent'), eq(transactions.txHash, hash)))
      .for('update');
    return row;
  }

  /** Stores first signed versions: `queued` → `sent` with nonce, fees and bytes, in one statement. */
  async markSigned(tx: DbTx, versions: SignedVersion[]): Promise<void> {
    if (versions.length === 0) return;
    await tx.execute(sql`
      update ${transactions} t set
        status = 'sent', nonce = v.nonce, raw_tx = v.raw, tx_hash = v.hash, gas_limit = v.gas,
        max_fee_per_gas = v.max_fee, max_priority_fee_per_gas = v.tip, attempts = 1,
        signed_at = now(), broadcast_at = null, last_error = null
      from unnest(
        ${sql.param(versions.map((v) => v.id))}::uuid[],
        ${sql.param(versions.map((v) => v.nonce))}::bigint[],
        ${sql.param(versions.map((v) => v.raw))}::text[],
        ${sql.param(versions.map((v) => v.hash))}::text[],
        ${sql.param(versions.map((v) => v.gasLimit.toString()))}::numeric[],
        ${sql.param(versions.map((v) => v.maxFeePerGas.toString()))}::numeric[],
        ${sql.param(versions.map((v) => v.maxPriorityFeePerGas.toString()))}::numeric[]
      ) as v(id, nonce, raw, hash, gas, max_fee, tip)
      where t.id = v.id`);
  }

  /** Stores a fee replacement of a locked sent row; the replaced hash joins `previous_hashes`. */
  async markReplaced(tx: DbTx, row: TransactionRow, version: SignedVersion): Promise<void> {
    await tx
      .update(transactions)
      .set({
        rawTx: version.raw,
        txHash: version.hash,
        previousHashes: sql`array_append(${transactions.previousHashes}, ${row.txHash})`,
        maxFeePerGas: version.maxFeePerGas,
        maxPriorityFeePerGas: version.maxPriorityFeePerGas,
        attempts: sql`${transactions.attempts} + 1`,
        signedAt: sql`now()`,
        broadcastAt: null,
      })
      .where(eq(transactions.id, row.id));
  }

  /** Records which broadcasts the node took and why others were refused. */
  async markBroadcast(
    accepted: string[],
    refused: { id: string; error: string }[],
    db: DbExecutor = this.db,
  ): Promise<void> {
    if (accepted.length)
      await db
        .update(transactions)
        .set({ broadcastAt: sql`now()` })
        .where(and(inArray(transactions.id, accepted), eq(transactions.status, 'sent')));
    if (refused.length)
      await db.execute(sql`
        update ${transactions} t set last_error = v.error
        from unnest(${sql.param(refused.map((r) => r.id))}::uuid[], ${sql.param(refused.map((r) => r.error))}::text[])
          as v(id, error)
        where t.id = v.id and t.status = 'sent'`);
  }

  /** A queued row refused before it got a nonce (its call reverts, or it cannot be sent at all). */
  async failQueued(tx: DbTx, id: string, reason: string): Promise<TransactionRow | undefined> {
    const [row] = await tx
      .update(transactions)
      .set({ status: 'failed', lastError: reason, finishedAt: sql`now()` })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'queued')))
      .returning();
    return row;
  }

  /** A sent row refused by the node for good: failed, its nonce taken over by a nonce-fill. */
  async failSent(tx: DbTx, id: string, reason: string): Promise<TransactionRow | undefined> {
    const [row] = await tx
      .update(transactions)
      .set({ status: 'failed', lastError: reason, finishedAt: sql`now()` })
      .where(and(eq(transactions.id, id), eq(transactions.status, 'sent')))
      .returning();
    return row;
  }

  /**
   * Applies receipt outcomes to rows still `sent` or `mined`; returns the rows that changed (for
   * events). A `mined` outcome records the block but does not finish the row.
   */
  async finish(tx: DbTx, outcomes: TxOutcome[]): Promise<TransactionRow[]> {
    if (outcomes.length === 0) return [];
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${transactions} t set
        status = v.status, tx_hash = coalesce(v.hash, t.tx_hash), block_number = v.block,
        block_hash = v.block_hash, gas_used = v.gas_used, effective_gas_price = v.gas_price,
        last_error = coalesce(v.error, t.last_error),
        finished_at = case when v.status = 'mined' then null else now() end
      from unnest(
        ${sql.param(outcomes.map((o) => o.id))}::uuid[],
        ${sql.param(outcomes.map((o) => o.status))}::text[],
        ${sql.param(outcomes.map((o) => o.txHash))}::text[],
        ${sql.param(outcomes.map((o) => str(o.blockNumber)))}::bigint[],
        ${sql.param(outcomes.map((o) => o.blockHash ?? null))}::text[],
        ${sql.param(outcomes.map((o) => str(o.gasUsed)))}::numeric[],
        ${sql.param(outcomes.map((o) => str(o.effectiveGasPrice)))}::numeric[],
        ${sql.param(outcomes.map((o) => o.error))}::text[]
      ) as v(id, status, hash, block, block_hash, gas_used, gas_price, error)
      where t.id = v.id and t.status in ('sent', 'mined')
      returning t.id`);
    if (rows.length === 0) return [];
    return tx
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          rows.map((r) => r.id),
        ),
      );
  }

  async insertSent(tx: DbTx, row: typeof transactions.$inferInsert): Promise<TransactionRow | undefined> {
    const [inserted] = await tx
      .insert(transactions)
      .values(row)
      .onConflictDoNothing({ target: transactions.idempotencyKey })
      .returning();
    return inserted;
  }

  /**
   * Every sender with a nonce sequence, per chain: what the receipt tracker looks at. Also senders
   * with nothing out: a chain that went back can undo their final transactions.
   */
  async senders(): Promise<{ chainId: number; from: string }[]> {
    const { rows } = await this.db.execute<{ chain_id: number; from_address: string }>(
      sql`select chain_id, address as from_address from relayer.sender_nonces
          union select distinct chain_id, from_address from ${transactions} where status in ('sent', 'mined')`,
    );
    return rows.map((r) => ({ chainId: r.chain_id, from: r.from_address }));
  }

  /** A sender's rows out (`sent` or `mined`), lowest nonce first. */
  async listOpen(chainId: number, from: string, limit: number): Promise<TransactionRow[]> {
    return this.db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.chainId, chainId),
          eq(transactions.fromAddress, from),
          inArray(transactions.status, ['sent', 'mined']),
        ),
      )
      .orderBy(asc(transactions.nonce))
      .limit(limit);
  }

  /**
   * Rows whose receipt's block is no longer on the chain go back to `sent`, to be broadcast again
   * (their signed bytes are still valid: same nonce, same call). `ids` are `mined` rows the node no
   * longer has a receipt for; `beyond` also takes final rows (confirmed, or reverted on chain) of
   * this sender at or above the chain's mined count: the chain went back below them. Returns the
   * rows reopened.
   */
  async reopen(
    tx: DbTx,
    where: { ids: string[] } | { chainId: number; from: string; beyond: number },
  ): Promise<TransactionRow[]> {
    const match =
      'ids' in where
        ? sql`t.id = any(${sql.param(where.ids)}::uuid[]) and t.status = 'mined'`
        : sql`t.chain_id = ${where.chainId} and t.from_address = ${where.from} and t.nonce >= ${where.beyond}
              and t.status in ('mined', 'confirmed', 'failed') and t.block_number is not null`;
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${transactions} t set status = 'sent', block_number = null, block_hash = null,
        gas_used = null, effective_gas_price = null, broadcast_at = null, finished_at = null,
        last_error = 'its block left the chain: sent again'
      where ${match}
      returning t.id`);
    if (rows.length === 0) return [];
    return tx
      .select()
      .from(transactions)
      .where(
        inArray(
          transactions.id,
          rows.map((r) => r.id),
        ),
      );
  }

  /**
   * Nonces of a sender in [from, next nonce) that no transaction of ours holds any more (none out,
   * none mined): e.g. a nonce a foreign transaction had taken before the chain went back. Read in one
   * statement with the sequence, so a batch being signed cannot look like a gap.
   */
  async nonceGaps(chainId: number, address: string, from: number, limit: number): Promise<number[]> {
    const { rows } = await this.db.execute<{ n: string }>(sql`
      select n from relayer.sender_nonces s, generate_series(${from}::bigint, s.next_nonce - 1) as n
      where s.chain_id = ${chainId} and s.address = ${address}
        and not exists (
          select 1 from ${transactions} t
          where t.chain_id = ${chainId} and t.from_address = ${address} and t.nonce = n
            and (t.status in ('sent', 'mined') or t.block_number is not null))
      order by n limit ${limit}`);
    return rows.map((r) => Number(r.n));
  }

  /**
   * What readiness looks at: per sender, its lowest nonce out (sent, not yet mined) and when that
   * version was signed; how many nonces were ever handed out (grows with every signed batch); and the
   * work waiting to be signed: queued transactions, and queued mints whose transaction is not out.
   */
  async progress(): Promise<{
    heads: { chainId: number; from: string; nonce: number; signedAt: Date | null }[];
    signed: number;
    waiting: number;
  }> {
    const [heads, counts] = await Promise.all([
      this.db.execute<{ chain_id: number; from_address: string; nonce: string; signed_at: Date | null }>(sql`
        select distinct on (chain_id, from_address) chain_id, from_address, nonce, signed_at
        from ${transactions} where status = 'sent'
        order by chain_id, from_address, nonce`),
      this.db.execute<{ signed: string; queued: number; mints: number }>(sql`
        select (select coalesce(sum(next_nonce), 0) from relayer.sender_nonces) as signed,
               (select count(*)::int from ${transactions} where status = 'queued') as queued,
               (select count(*)::int from relayer.mints m
                  left join ${transactions} t on t.idempotency_key = m.tx_key
                 where m.status = 'queued' and (t.status is null or t.status not in ('sent', 'mined'))) as mints`),
    ]);
    const c = counts.rows[0];
    return {
      heads: heads.rows.map((r) => ({
        chainId: r.chain_id,
        from: r.from_address,
        nonce: Number(r.nonce),
        signedAt: r.signed_at === null ? null : new Date(r.signed_at),
      })),
      signed: Number(c?.signed ?? 0),
      waiting: (c?.queued ?? 0) + (c?.mints ?? 0),
    };
  }

  /** Queued rows older than `before`: their job may be lost (in-process queue restart, failed job). */
  async listStaleQueued(before: Date, limit: number): Promise<TransactionRow[]> {
    return this.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.status, 'queued'), lt(transactions.createdAt, before)))
      .orderBy(asc(transactions.createdAt))
      .limit(limit);
  }
}
