import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import { createChainReader, type ChainReader, type IndexedTransfer } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { transferCursors } from '../db/schema.js';
import type { DbTx } from '../db/db-tx.js';
import { WORKER_DATABASE } from '../relayer.tokens.js';

/** Position in `chain.transfers` per chain: everything at or before it has been read. */
export interface TransferCursor {
  blockNumber: bigint;
  logIndex: number;
}

const START: TransferCursor = { blockNumber: -1n, logIndex: -1 };
/** How long an answer to "does the view exist?" is trusted. */
const PROBE_TTL_MS = 5000;

/**
 * The relayer's only access to the index (through @metatag/chain-index): mint Transfers (from the
 * zero address) of `chain.transfers` in (block, log index) order after a cursor kept in the relayer's
 * own schema. The view may not exist yet (indexer not deployed or not migrated): then `available()`
 * is false and callers read the chain instead.
 */
@Injectable()
export class IndexedTransfersRepository {
  private probe: { at: number; available: boolean } | undefined;
  private readonly index: ChainReader;

  constructor(@Inject(WORKER_DATABASE) private readonly database: Database) {
    this.index = createChainReader(database.pool);
  }

  async available(): Promise<boolean> {
    const now = Date.now();
    if (this.probe && now - this.probe.at < PROBE_TTL_MS) return this.probe.available;
    this.probe = { at: now, available: await this.index.published() };
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

  /** The next mint Transfers of a chain after `cursor`, oldest first (none while the view is missing). */
  async mintsAfter(chainId: number, cursor: TransferCursor, limit: number): Promise<IndexedTransfer[]> {
    const page = await this.index.transfersSince({ chainId, ...cursor }, { limit, from: zeroAddress });
    return page.transfers;
  }
}
