import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import type { ChainDirectory } from '@metatag/chain';
import {
  createChainReader,
  type ChainReader,
  type IndexedTokenEvent,
  type IndexedTransfer,
  type TransferCursor,
} from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { LEDGER_EVENTS } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { ledgerCursors } from '../db/schema.js';
import { TEMPLATES_CHAINS } from './ledger.tokens.js';
import { Outbox, outboxEvent, type OutboxEvent } from '@metatag/outbox';

type Stream = 'transfers' | 'token_events';
const BATCH = 500;
/**
 * How long a chain whose index has not moved is left alone. The indexer writes a block's rows before
 * it records the block in its status, so an unchanged status means no new rows; the full look every
 * two seconds covers what the status cannot show (a ledger cursor set back by hand, as tests do).
 */
const UNCHANGED_RECHECK_MS = 2000;

/**
 * The mint ledger's projector (issue #14 item 3; docs/decisions.md "One mint ledger"): turns the chain
 * index's Transfer, MintChild and ConnectedToTag rows (read through @metatag/chain-index) into
 * `token.minted`, `token.transferred`, `child.minted` and `token.connected-to-tag` events. Each page's
 * events and the cursor after it are written in one transaction (transactional outbox), which advances
 * the cursor only from where the page was read (row locked FOR UPDATE): two replicas never write the
 * same page twice.
 */
@Injectable()
export class LedgerProjector {
  private readonly index: ChainReader;
  /** Per chain: the indexed block at which this process last found the ledger caught up, and when. */
  private readonly caughtUp = new Map<number, { block: bigint; at: number }>();

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(TEMPLATES_CHAINS) private readonly chains: ChainDirectory,
    private readonly outbox: Outbox,
  ) {
    this.index = createChainReader(database.pool);
  }

  /**
   * Projects every configured chain until caught up; returns how many events were written. A chain whose
   * index has not moved since this process last caught up costs one read (the ledger runs every 250 ms
   * in every templates process: seven statements a round made an idle stack's busiest loop).
   */
  async projectAll(): Promise<number> {
    const now = Date.now();
    let written = 0;
    for (const chain of this.chains.list()) {
      const block = await this.index.indexedBlock(chain.chainId);
      if (block === null && !(await this.index.published())) continue;
      const last = this.caughtUp.get(chain.chainId);
      if (block !== null && last?.block === block && now - last.at < UNCHANGED_RECHECK_MS) continue;
      written += await this.project(chain.name, chain.chainId, 'transfers');
      written += await this.project(chain.name, chain.chainId, 'token_events');
      if (block === null) this.caughtUp.delete(chain.chainId);
      else this.caughtUp.set(chain.chainId, { block, at: now });
    }
    return written;
  }

  private async project(chain: string, chainId: number, stream: Stream): Promise<number> {
    const key = and(eq(ledgerCursors.chainId, chainId), eq(ledgerCursors.stream, stream));
    await this.database.db
      .insert(ledgerCursors)
      .values({ chainId, stream, blockNumber: -1n, logIndex: -1 })
      .onConflictDoNothing();
    let written = 0;
    for (;;) {
      // the index is read outside the transaction (one connection at a time: a pool of one suffices);
      // the transaction then advances the cursor only from where this page started, so of two replicas
      // reading the same page only one writes it
      const [start] = await this.database.db.select().from(ledgerCursors).where(key);
      const cursor: TransferCursor = { chainId, blockNumber: start.blockNumber, logIndex: start.logIndex };
      const { events, next } = await this.read(chain, cursor, stream);
      if (next.blockNumber === cursor.blockNumber && next.logIndex === cursor.logIndex) return written;
      const advanced = await this.database.db.transaction(async (tx) => {
        const [row] = await tx.select().from(ledgerCursors).where(key).for('update');
        if (row.blockNumber !== cursor.blockNumber || row.logIndex !== cursor.logIndex) return false;
        await this.outbox.add(tx, events);
        await tx
          .update(ledgerCursors)
          .set({ blockNumber: next.blockNumber, logIndex: next.logIndex, updatedAt: sql`now()` })
          .where(key);
        return true;
      });
      if (advanced) written += events.length;
    }
  }

  private async read(
    chain: string,
    cursor: TransferCursor,
    stream: Stream,
  ): Promise<{ events: OutboxEvent[]; next: TransferCursor }> {
    if (stream === 'transfers') {
      const { transfers, next } = await this.index.transfersSince(cursor, { limit: BATCH });
      return { events: transfers.map((t) => transferEvent(chain, t)), next };
    }
    const { events, next } = await this.index.tokenEventsSince(cursor, { limit: BATCH });
    return { events: events.map((e) => tokenEvent(chain, e)), next };
  }
}

/** Where a fact comes from: the log of one chain (its consumers key on chain, transaction and log index). */
const position = (chain: string, log: IndexedTransfer | IndexedTokenEvent) => ({
  chain,
  chainId: log.chainId,
  collection: log.collection.toLowerCase(),
  txHash: log.txHash.toLowerCase(),
  logIndex: log.logIndex,
  blockNumber: log.blockNumber.toString(),
});

export function transferEvent(chain: string, t: IndexedTransfer): OutboxEvent {
  const tokenId = t.tokenId.toString();
  const [from, to] = [t.from.toLowerCase(), t.to.toLowerCase()];
  if (from === zeroAddress)
    return outboxEvent(LEDGER_EVENTS.tokenMinted, {
      ...position(chain, t),
      tokenId,
      to,
      blockTime: t.blockTimestamp.toString(),
    });
  return outboxEvent(LEDGER_EVENTS.tokenTransferred, {
    ...position(chain, t),
    tokenId,
    from,
    to,
  });
}

export function tokenEvent(chain: string, e: IndexedTokenEvent): OutboxEvent {
  if (e.kind === 'mint_child')
    return outboxEvent(LEDGER_EVENTS.childMinted, {
      ...position(chain, e),
      parentTokenId: e.parentTokenId.toString(),
      childTokenId: e.tokenId.toString(),
      owner: e.owner.toLowerCase(),
    });
  return outboxEvent(LEDGER_EVENTS.tokenConnectedToTag, {
    ...position(chain, e),
    tokenId: e.tokenId.toString(),
    connected: e.connected,
  });
}
