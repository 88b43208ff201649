import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { Database } from '@metatag/db';
import { transferCursors } from '../db/schema.js';
import type { DbTx } from '../db/db-tx.js';
import { pgCode } from '../db/pg-error.js';
import { WORKER_DATABASE } from '../relayer.tokens.js';

/** One row of the indexer's `chain.transfers` view (the indexer owns it; we only read). */
export interface IndexedTransfer {
  id: string;
  chainId: number;
  collection: string;
  tokenId: bigint;
  from: string;
  to: string;
  blockNumber: bigint;
  blockTimestamp: bigint;
  txHash: string;
  logIndex: number;
}

/** Position in `chain.transfers` per chain: everything at or before it has been read. */
export interface TransferCursor {
  blockNumber: bigint;
  logIndex: number;
}

const START: TransferCursor = { blockNumber: -1n, logIndex: -1 };
/** How long an answer to "does the view exist?" is trusted. */
const PROBE_TTL_MS = 5000;

type TransferDbRow = {
  id: string;
  chain_id: number;
  collection: string;
  token_id: string;
  from_address: string;
  to_address: string;
  block_number: string;
  block_timestamp: string;
  tx_hash: string;
  log_index: number;
};

/**
 * The relayer's only access to the index: mint Transfers (from the zero address) of `chain.transfers`
 * in (block, log index) order after a stored cursor. The view may not exist yet (indexer not deployed
 * or not migrated): then `available()` is false and callers read the chain instead.
 */
@Injectable()
export class IndexedTransfersRepository {
  private probe: { at: number; available: boolean } | undefined;

  constructor(@Inject(WORKER_DATABASE) private readonly database: Database) {}

  async available(): Promise<boolean> {
    const now = Date.now();
    if (this.probe && now - this.probe.at < PROBE_TTL_MS) return this.probe.available;
    const { rows } = await this.database.db.execute<{ ok: boolean }>(
      sql`select to_regclass('chain.transfers') is not null as ok`,
    );
    this.probe = { at: now, available: rows[0]?.ok === true };
    return this.probe.available;
  }

  async cursor(chainId: number): Promise<TransferCursor> {
    const [row] = await this.database.db
      .select()
      .from(transferCursors)
      .where(eq(transferCursors.chainId, chainId));
    return row ? { blockNumber: row.blockNumber, logIndex: row.logIndex } : START;
  }

  async saveCursor(tx: DbTx, chainId: number, cursor: TransferCursor): Promise<void> {
    await tx
      .insert(transferCursors)
      .values({ chainId, ...cursor })
      .onConflictDoUpdate({
        target: transferCursors.chainId,
        set: { blockNumber: cursor.blockNumber, logIndex: cursor.logIndex, updatedAt: sql`now()` },
      });
  }

  /** The next mint Transfers of a chain after `cursor`, oldest first. */
  async mintsAfter(chainId: number, cursor: TransferCursor, limit: number): Promise<IndexedTransfer[]> {
    try {
      const { rows } = await this.database.db.execute<TransferDbRow>(sql`
        select id, chain_id, collection, token_id::text as token_id, from_address, to_address,
          block_number::text as block_number, block_timestamp::text as block_timestamp, tx_hash, log_index
        from chain.transfers
        where chain_id = ${chainId} and from_address = ${zeroAddress}
          and (block_number, log_index) > (${cursor.blockNumber.toString()}::bigint, ${cursor.logIndex})
        order by block_number, log_index
        limit ${limit}`);
      return rows.map((r) => ({
        id: r.id,
        chainId: r.chain_id,
        collection: r.collection.toLowerCase(),
        tokenId: BigInt(r.token_id),
        from: r.from_address.toLowerCase(),
        to: r.to_address.toLowerCase(),
        blockNumber: BigInt(r.block_number),
        blockTimestamp: BigInt(r.block_timestamp),
        txHash: r.tx_hash.toLowerCase(),
        logIndex: r.log_index,
      }));
    } catch (error) {
      // The view went away (indexer re-created): fall back to chain reads until it is back.
      if (pgCode(error) === '42P01') {
        this.probe = { at: Date.now(), available: false };
        return [];
      }
      throw error;
    }
  }
}
