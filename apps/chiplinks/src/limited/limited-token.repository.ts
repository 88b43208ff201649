import { Inject, Injectable } from '@nestjs/common';
import { and, eq, inArray, isNotNull, not, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { chiplinks, ledgerEventsSeen, limitedTokens } from '../db/schema.js';

export type LimitedTokenRow = typeof limitedTokens.$inferSelect;

interface LogKey {
  chain: string;
  txHash: string;
  logIndex: number;
}

/**
 * Limited-edition facts chips show (docs/decisions.md "Limited editions: check-parent, redeem, attach"):
 * written by the ledger's `child.minted` and `token.connected-to-tag`, each once per log, and by attach.
 */
@Injectable()
export class LimitedTokenRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async find(chain: string, collection: string, tokenId: string): Promise<LimitedTokenRow | undefined> {
    const [row] = await this.db
      .select()
      .from(limitedTokens)
      .where(
        and(
          eq(limitedTokens.chain, chain),
          eq(limitedTokens.collection, collection.toLowerCase()),
          eq(limitedTokens.tokenId, tokenId),
        ),
      );
    return row;
  }

  /** The chips tokens of a collection are attached to, by token id. */
  async chipsOf(chain: string, collection: string, tokenIds: string[]): Promise<Map<string, string>> {
    if (tokenIds.length === 0) return new Map();
    const rows = await this.db
      .select({ tokenId: limitedTokens.tokenId, chipId: limitedTokens.chiplinkId })
      .from(limitedTokens)
      .where(
        and(
          eq(limitedTokens.chain, chain),
          eq(limitedTokens.collection, collection.toLowerCase()),
          inArray(limitedTokens.tokenId, tokenIds),
          isNotNull(limitedTokens.chiplinkId),
        ),
      );
    return new Map(rows.map((row) => [row.tokenId, row.chipId ?? '']));
  }

  /** A MintChild log: the child knows its father, the father counts one child. False when seen before. */
  async applyChildMinted(
    event: LogKey & { collection: string; childTokenId: string; parentTokenId: string },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.fresh(tx, event))) return false;
      const collection = event.collection.toLowerCase();
      await tx
        .insert(limitedTokens)
        .values({
          chain: event.chain,
          collection,
          tokenId: event.childTokenId,
          parentTokenId: event.parentTokenId,
        })
        .onConflictDoUpdate({
          target: [limitedTokens.chain, limitedTokens.collection, limitedTokens.tokenId],
          set: { parentTokenId: event.parentTokenId },
        });
      await tx
        .insert(limitedTokens)
        .values({ chain: event.chain, collection, tokenId: event.parentTokenId, children: 1 })
        .onConflictDoUpdate({
          target: [limitedTokens.chain, limitedTokens.collection, limitedTokens.tokenId],
          set: { children: sql`${limitedTokens.children} + 1` },
        });
      return true;
    });
  }

  /**
   * A ConnectedToTag log: the token's connection, unless a later log already set it (the ledger
   * publishes in chain order, but a redelivery may come after newer facts). False when seen before.
   */
  async applyConnected(
    event: LogKey & { collection: string; tokenId: string; connected: boolean; blockNumber: string },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (!(await this.fresh(tx, event))) return false;
      const block = Number(event.blockNumber);
      await tx
        .insert(limitedTokens)
        .values({
          chain: event.chain,
          collection: event.collection.toLowerCase(),
          tokenId: event.tokenId,
          connected: event.connected,
          connectedBlock: block,
          connectedLogIndex: event.logIndex,
        })
        .onConflictDoUpdate({
          target: [limitedTokens.chain, limitedTokens.collection, limitedTokens.tokenId],
          set: { connected: event.connected, connectedBlock: block, connectedLogIndex: event.logIndex },
          setWhere: sql`(${limitedTokens.connectedBlock} IS NULL OR (${limitedTokens.connectedBlock}, ${limitedTokens.connectedLogIndex}) < (${block}, ${event.logIndex}))`,
        });
      return true;
    });
  }

  /**
   * Attach: the chip now shows and claims `tokenId` (already minted: a claim is a signed transfer),
   * and the token records its father (read from the chain) and the chip.
   */
  async attach(input: {
    chipId: string;
    chain: string;
    collection: string;
    tokenId: string;
    parentTokenId: string;
  }): Promise<void> {
    const collection = input.collection.toLowerCase();
    await this.db.transaction(async (tx) => {
      await tx
        .update(chiplinks)
        .set({ tokenToMint: input.tokenId, tokenMinted: true, voucherUntil: null, locked: false })
        .where(and(eq(chiplinks.id, input.chipId), not(chiplinks.deleted)));
      // another chip attached to the same token before lets it go
      await tx
        .update(limitedTokens)
        .set({ chiplinkId: null })
        .where(eq(limitedTokens.chiplinkId, input.chipId));
      await tx
        .insert(limitedTokens)
        .values({
          chain: input.chain,
          collection,
          tokenId: input.tokenId,
          parentTokenId: input.parentTokenId,
          chiplinkId: input.chipId,
        })
        .onConflictDoUpdate({
          target: [limitedTokens.chain, limitedTokens.collection, limitedTokens.tokenId],
          set: { parentTokenId: input.parentTokenId, chiplinkId: input.chipId },
        });
    });
  }

  private async fresh(
    tx: Parameters<Parameters<Database['db']['transaction']>[0]>[0],
    key: LogKey,
  ): Promise<boolean> {
    const inserted = await tx
      .insert(ledgerEventsSeen)
      .values({ chain: key.chain, txHash: key.txHash, logIndex: key.logIndex })
      .onConflictDoNothing()
      .returning({ chain: ledgerEventsSeen.chain });
    return inserted.length > 0;
  }
}
