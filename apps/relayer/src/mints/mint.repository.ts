import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { GASLESS_KEY_PREFIX, RELAYER_EVENTS, type ClaimPhaseTermsMessage } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { mints, transactions } from '../db/schema.js';
import type { DbExecutor, DbTx } from '../db/db-tx.js';

export type MintRow = typeof mints.$inferSelect;
type TxSummary = Pick<typeof transactions.$inferSelect, 'status' | 'txHash' | 'lastError'>;
export type MintWithTx = MintRow & { tx: TxSummary | null };

export interface NewMint {
  nftId: string;
  chiplinkId: string | null;
  chain: string;
  chainId: number;
  collection: string;
  to: string;
  requestKey: string | null;
  /** A limited edition's father: minted with this many children allowed (`mintWithLimit`). */
  childLimit?: bigint | null;
  /** A gasless claim's own token id (issue #29); otherwise the collection's next id. */
  tokenId?: bigint;
  /** A phased template's gasless claim: minted through the phase (`mintSignedPhased`). */
  phase?: ClaimPhaseTermsMessage | null;
}

/** A mint the confirmer settles: which record, how, and from what evidence. */
export interface MintSettlement {
  id: string;
  status: 'confirmed' | 'failed';
  txHash: string | null;
  blockNumber: bigint | null;
  confirmedBy: 'index' | 'chain' | null;
  error: string | null;
}

/** Evidence from a Transfer (indexed or from a receipt) that a token was minted to an address. */
export interface MintEvidence {
  collection: string;
  tokenId: bigint;
  to: string;
  txHash: string;
  blockNumber: bigint;
}

const str = (v: bigint | null) => (v === null ? null : v.toString());

/**
 * `mint.requested` (#31 item 3) stored in the relayer's outbox by the statement that stores the record
 * (`minted`, a CTE of it): the record and its announcement commit together, and a request that lost
 * its idempotency race announces nothing. Templates counts the record's place under the template's
 * limit from it. The payload is RELAYER_EVENTS.mintRequested's schema.
 */
const MINT_REQUESTED_INSERT = `insert into relayer.outbox (subject, payload)
  select '${RELAYER_EVENTS.mintRequested.subject}', jsonb_build_object(
    'mintId', minted.id, 'nftId', minted.nft_id, 'chiplinkId', minted.chiplink_id, 'chain', minted.chain,
    'chainId', minted.chain_id, 'collection', minted.collection, 'tokenId', minted.token_id::text,
    'to', minted.to_address, 'childLimit', minted.child_limit::text,
    'gasless', coalesce(minted.request_key like '${GASLESS_KEY_PREFIX}%', false))
  from minted`;

@Injectable()
export class MintRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Allocates the next token id of (chain, collection) and stores the record in one statement, so the
   * counter row is locked only for that statement: concurrent requests never queue behind each
   * other's round trips. Returns undefined when another record already holds `requestKey` (the id
   * allocated for this attempt is then skipped: token ids need not be contiguous, only unique).
   */
  async create(mint: NewMint, id: string = randomUUID()): Promise<MintRow | undefined> {
    // A prepared statement: this runs once per mint request.
    const { rows } = await this.database.pool.query<{ token_id: string; created: Date }>({
      name: 'relayer_mint_create',
      text: `with counter as (
          insert into relayer.token_counters (chain_id, collection, next_token_id)
          values ($1, $2, 2)
          on conflict (chain_id, collection) do update set next_token_id = token_counters.next_token_id + 1
          returning next_token_id - 1 as token_id
        ), minted as (
          insert into relayer.mints
            (id, nft_id, chiplink_id, chain, chain_id, collection, token_id, to_address, tx_key, request_key, child_limit)
          select $3, $4, $5, $6, $1, $2, counter.token_id, $7, $8, $9, $10 from counter
          on conflict (request_key) do nothing
          returning *
        ), announced as (${MINT_REQUESTED_INSERT})
        select token_id::text as token_id, created from minted`,
      values: [
        mint.chainId,
        mint.collection,
        id,
        mint.nftId,
        mint.chiplinkId,
        mint.chain,
        mint.to,
        `mint-${id}`,
        mint.requestKey,
        mint.childLimit?.toString() ?? null,
      ],
    });
    const [row] = rows;
    if (!row) return undefined;
    return {
      id,
      nftId: mint.nftId,
      chiplinkId: mint.chiplinkId,
      chain: mint.chain,
      chainId: mint.chainId,
      collection: mint.collection,
      tokenId: BigInt(row.token_id),
      toAddress: mint.to,
      childLimit: mint.childLimit ?? null,
      phase: null,
      status: 'queued',
      txKey: `mint-${id}`,
      requestKey: mint.requestKey,
      accountId: null,
      txHash: null,
      blockNumber: null,
      confirmedBy: null,
      error: null,
      created: new Date(row.created),
      confirmedAt: null,
    };
  }

  /**
   * The paid path: a record of `accountId` stored inside the caller's transaction (where its fee is
   * reserved too). Undefined when another record already holds `requestKey`.
   */
  async createIn(
    tx: DbTx,
    mint: NewMint,
    accountId: number,
    id: string = randomUUID(),
  ): Promise<MintRow | undefined> {
    // a gasless claim mints its chip's own token id; other records take the collection's next one
    const tokenIdSource =
      mint.tokenId === undefined
        ? sql`(
          insert into relayer.token_counters (chain_id, collection, next_token_id)
          values (${mint.chainId}, ${mint.collection}, 2)
          on conflict (chain_id, collection) do update set next_token_id = token_counters.next_token_id + 1
          returning next_token_id - 1 as token_id
        )`
        : sql`(select ${mint.tokenId.toString()}::numeric as token_id)`;
    const { rows } = await tx.execute<{ token_id: string; created: Date }>(sql`
      with counter as ${tokenIdSource}, minted as (
        insert into relayer.mints
          (id, nft_id, chiplink_id, chain, chain_id, collection, token_id, to_address, tx_key, request_key, account_id, child_limit, phase)
        select ${id}, ${mint.nftId}, ${mint.chiplinkId}, ${mint.chain}, ${mint.chainId}, ${mint.collection},
          counter.token_id, ${mint.to}, ${`mint-${id}`}, ${mint.requestKey}, ${accountId},
          ${mint.childLimit?.toString() ?? null}, ${mint.phase ? JSON.stringify(mint.phase) : null}::jsonb from counter
        on conflict (request_key) do nothing
        returning *
      ), announced as (${sql.raw(MINT_REQUESTED_INSERT)})
      select token_id::text as token_id, created from minted`);
    const [row] = rows;
    if (!row) return undefined;
    return {
      id,
      nftId: mint.nftId,
      chiplinkId: mint.chiplinkId,
      chain: mint.chain,
      chainId: mint.chainId,
      collection: mint.collection,
      tokenId: BigInt(row.token_id),
      toAddress: mint.to,
      childLimit: mint.childLimit ?? null,
      phase: mint.phase ?? null,
      status: 'queued',
      txKey: `mint-${id}`,
      requestKey: mint.requestKey,
      accountId,
      txHash: null,
      blockNumber: null,
      confirmedBy: null,
      error: null,
      created: new Date(row.created),
      confirmedAt: null,
    };
  }

  async findById(id: string): Promise<MintRow | undefined> {
    const [row] = await this.db.select().from(mints).where(eq(mints.id, id));
    return row;
  }

  async findByRequestKey(key: string): Promise<MintRow | undefined> {
    const [row] = await this.db.select().from(mints).where(eq(mints.requestKey, key));
    return row;
  }

  /** Records with their transaction's state, newest first. */
  async list(
    filter: { chainId: number; nftId: string; chiplinkId?: string },
    limit = 500,
  ): Promise<MintWithTx[]> {
    const rows = await this.db
      .select({
        mint: mints,
        tx: { status: transactions.status, txHash: transactions.txHash, lastError: transactions.lastError },
      })
      .from(mints)
      .leftJoin(transactions, eq(transactions.idempotencyKey, mints.txKey))
      .where(
        and(
          eq(mints.nftId, filter.nftId),
          eq(mints.chainId, filter.chainId),
          filter.chiplinkId === undefined ? undefined : eq(mints.chiplinkId, filter.chiplinkId),
        ),
      )
      .orderBy(desc(mints.created), desc(mints.tokenId))
      .limit(limit);
    return rows.map((r) => ({ ...r.mint, tx: r.tx }));
  }

  async withTx(row: MintRow): Promise<MintWithTx> {
    if (!row.txKey) return { ...row, tx: null };
    const [tx] = await this.db
      .select({ status: transactions.status, txHash: transactions.txHash, lastError: transactions.lastError })
      .from(transactions)
      .where(eq(transactions.idempotencyKey, row.txKey));
    return { ...row, tx: tx ?? null };
  }

  /**
   * Marks records confirmed from Transfers (a token minted to the record's address, whoever sent it).
   * A record marked failed is confirmed too when its token turns up minted to its address after all.
   */
  async confirmByEvidence(
    tx: DbTx,
    chainId: number,
    evidence: MintEvidence[],
    confirmedBy: 'index' | 'chain',
  ): Promise<MintRow[]> {
    if (evidence.length === 0) return [];
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${mints} m set status = 'confirmed', tx_hash = v.tx_hash, block_number = v.block,
        confirmed_by = ${confirmedBy}, confirmed_at = now(), error = null
      from unnest(
        ${sql.param(evidence.map((e) => e.collection.toLowerCase()))}::text[],
        ${sql.param(evidence.map((e) => e.tokenId.toString()))}::numeric[],
        ${sql.param(evidence.map((e) => e.to.toLowerCase()))}::text[],
        ${sql.param(evidence.map((e) => e.txHash.toLowerCase()))}::text[],
        ${sql.param(evidence.map((e) => e.blockNumber.toString()))}::bigint[]
      ) as v(collection, token_id, to_address, tx_hash, block)
      where m.chain_id = ${chainId} and m.collection = v.collection and m.token_id = v.token_id
        and m.to_address = v.to_address and m.status <> 'confirmed'
      returning m.id`);
    return this.byIds(
      tx,
      rows.map((r) => r.id),
    );
  }

  /** Settles queued records; returns those that changed. */
  async settle(tx: DbTx, settlements: MintSettlement[]): Promise<MintRow[]> {
    if (settlements.length === 0) return [];
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${mints} m set status = v.status, tx_hash = v.tx_hash, block_number = v.block,
        confirmed_by = v.confirmed_by, error = v.error,
        confirmed_at = case when v.status = 'confirmed' then now() else null end
      from unnest(
        ${sql.param(settlements.map((s) => s.id))}::uuid[],
        ${sql.param(settlements.map((s) => s.status))}::text[],
        ${sql.param(settlements.map((s) => s.txHash))}::text[],
        ${sql.param(settlements.map((s) => str(s.blockNumber)))}::bigint[],
        ${sql.param(settlements.map((s) => s.confirmedBy))}::text[],
        ${sql.param(settlements.map((s) => s.error))}::text[]
      ) as v(id, status, tx_hash, block, confirmed_by, error)
      where m.id = v.id and m.status = 'queued'
        -- read from a receipt: only while that transaction is still final (a reorg may have
        -- reopened it between the read and this write)
        and (m.tx_key is null or exists (
          select 1 from relayer.transactions t
          where t.idempotency_key = m.tx_key and t.status in ('confirmed', 'failed')))
      returning m.id`);
    return this.byIds(
      tx,
      rows.map((r) => r.id),
    );
  }

  /**
   * Records settled from transactions whose block left the chain go back to `queued` (the API shows
   * `sent` again): the token is no longer on the chain until the same transaction is mined again.
   * Returns the records reopened.
   */
  async reopenForTransactions(tx: DbTx, txKeys: string[]): Promise<MintRow[]> {
    if (txKeys.length === 0) return [];
    const { rows } = await tx.execute<{ id: string }>(sql`
      update ${mints} m set status = 'queued', tx_hash = null, block_number = null,
        confirmed_by = null, error = null, confirmed_at = null
      where m.tx_key = any(${sql.param(txKeys)}::text[]) and m.status <> 'queued'
      returning m.id`);
    return this.byIds(
      tx,
      rows.map((r) => r.id),
    );
  }

  /**
   * Queued records whose transaction is final, and (unless `finishedBefore` is undefined, meaning
   * "no index to wait for") has been final since before `finishedBefore`: the index had its chance.
   */
  async listAwaitingChainRead(
    finishedBefore: Date | undefined,
    limit: number,
  ): Promise<(MintRow & { txStatus: string; txHashNow: string | null; txError: string | null })[]> {
    const rows = await this.db
      .select({
        mint: mints,
        txStatus: transactions.status,
        txHashNow: transactions.txHash,
        txError: transactions.lastError,
      })
      .from(mints)
      .innerJoin(transactions, eq(transactions.idempotencyKey, mints.txKey))
      .where(
        and(
          eq(mints.status, 'queued'),
          inArray(transactions.status, ['confirmed', 'failed']),
          finishedBefore ? lt(transactions.finishedAt, finishedBefore) : undefined,
        ),
      )
      .orderBy(transactions.finishedAt)
      .limit(limit);
    return rows.map((r) => ({ ...r.mint, txStatus: r.txStatus, txHashNow: r.txHashNow, txError: r.txError }));
  }

  /** Queued records whose transaction row was never created (their mint.submit job got lost). */
  async listWithoutTransaction(before: Date, limit: number): Promise<MintRow[]> {
    const rows = await this.db
      .select({ mint: mints })
      .from(mints)
      .leftJoin(transactions, eq(transactions.idempotencyKey, mints.txKey))
      .where(
        and(
          eq(mints.status, 'queued'),
          isNotNull(mints.txKey),
          isNull(transactions.id),
          lt(mints.created, before),
        ),
      )
      .orderBy(mints.created)
      .limit(limit);
    return rows.map((r) => r.mint);
  }

  private async byIds(db: DbExecutor, ids: string[]): Promise<MintRow[]> {
    if (ids.length === 0) return [];
    return db.select().from(mints).where(inArray(mints.id, ids));
  }
}
