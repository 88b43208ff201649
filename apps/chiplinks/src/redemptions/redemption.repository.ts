import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { TransferCursor } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { redemptionCursors, redemptions } from '../db/schema.js';
import { claimDue } from '../outbox/due-work.js';

export type RedemptionRow = typeof redemptions.$inferSelect;

/** Burn to redeem (issue #32 item 5): the redemptions recorded from the chain, one per token. */
@Injectable()
export class RedemptionRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /** Inserts the redemption unless its token has one; `created` says whether this call wrote it. */
  async record(row: typeof redemptions.$inferInsert): Promise<{ row: RedemptionRow; created: boolean }> {
    const [inserted] = await this.db.insert(redemptions).values(row).onConflictDoNothing().returning();
    if (inserted) return { row: inserted, created: true };
    const [existing] = await this.db
      .select()
      .from(redemptions)
      .where(
        and(
          eq(redemptions.chain, row.chain),
          eq(redemptions.collection, row.collection),
          eq(redemptions.tokenId, row.tokenId),
        ),
      );
    if (!existing) throw new Error('redemption neither inserted nor found');
    return { row: existing, created: false };
  }

  /**
   * Takes up to `limit` redemptions whose shop is due to be told (`notify_due_at <= now`) and moves
   * each one's due time to `leaseUntil`: a notifier that dies with it leaves it due again then. Rows
   * another replica is claiming right now are skipped (SKIP LOCKED), so two never take the same one.
   */
  async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<RedemptionRow[]> {
    const columns = {
      dueAt: redemptions.notifyDueAt,
      attempts: redemptions.notifyAttempts,
      key: [redemptions.id],
    };
    return claimDue(this.database, redemptions, columns, now, leaseUntil, limit);
  }

  /** Claims one redemption if its notice is due (the page's report of a row the follower wrote first). */
  async claimIfDue(id: number, now: Date, leaseUntil: Date): Promise<RedemptionRow | undefined> {
    const [row] = await this.db
      .update(redemptions)
      .set({ notifyDueAt: leaseUntil, notifyAttempts: sql`${redemptions.notifyAttempts} + 1` })
      .where(
        and(eq(redemptions.id, id), isNotNull(redemptions.notifyDueAt), lte(redemptions.notifyDueAt, now)),
      )
      .returning();
    return row;
  }

  /**
   * Notes what an attempt delivered and when the shop is next due to be told (`next`: null when every
   * configured channel was delivered, when there is nothing to tell, or when the attempts ran out).
   */
  async settle(
    id: number,
    at: Date,
    delivered: { emailed: boolean; webhook: boolean },
    next: Date | null,
  ): Promise<RedemptionRow | undefined> {
    const set: Partial<typeof redemptions.$inferInsert> = { notifyDueAt: next };
    if (delivered.emailed) set.emailedAt = at;
    if (delivered.webhook) set.webhookAt = at;
    const [row] = await this.db.update(redemptions).set(set).where(eq(redemptions.id, id)).returning();
    return row;
  }

  async byId(id: number): Promise<RedemptionRow | undefined> {
    const [row] = await this.db.select().from(redemptions).where(eq(redemptions.id, id));
    return row;
  }

  /** A template's redemptions, newest first (the owner's list and CSV; at most `limit`). */
  async ofTemplate(nftId: number, limit = 10_000): Promise<RedemptionRow[]> {
    return this.db
      .select()
      .from(redemptions)
      .where(eq(redemptions.nftId, nftId))
      .orderBy(desc(redemptions.redeemedAt), desc(redemptions.id))
      .limit(limit);
  }

  /** How far the follower has read `chain.redemptions` of a chain (before the first log: -1, -1). */
  async cursor(chainId: number): Promise<TransferCursor> {
    const [row] = await this.db
      .select()
      .from(redemptionCursors)
      .where(eq(redemptionCursors.chainId, chainId));
    return { chainId, blockNumber: row?.blockNumber ?? -1n, logIndex: row?.logIndex ?? -1 };
  }

  /**
   * Moves a chain's cursor to `next`, never back: two replicas reading the same page both record it
   * (an idempotent insert) and the later advance changes nothing.
   */
  async advance(next: TransferCursor): Promise<void> {
    await this.db
      .insert(redemptionCursors)
      .values({ chainId: next.chainId, blockNumber: next.blockNumber, logIndex: next.logIndex })
      .onConflictDoUpdate({
        target: redemptionCursors.chainId,
        set: { blockNumber: next.blockNumber, logIndex: next.logIndex, updatedAt: sql`now()` },
        setWhere: sql`(${redemptionCursors.blockNumber}, ${redemptionCursors.logIndex}) < (${next.blockNumber}, ${next.logIndex})`,
      });
  }

  /**
   * The chips and links that may hold a token of a collection: those a voucher of it was issued for
   * (`issued_tokens`) and those whose current token it is (minted without a voucher of ours: a wallet's
   * own mint, a token from before `issued_tokens`). The caller checks the template's collection.
   */
  async holdersOfToken(
    chain: string,
    collection: string,
    tokenId: string,
  ): Promise<{ id: string; nftId: number }[]> {
    const { rows } = await this.db.execute<{ id: string; nft_id: number }>(sql`
      SELECT c.id, c.nft_id FROM chiplinks.issued_tokens i JOIN chiplinks.chiplinks c ON c.id = i.chiplink_id
       WHERE i.chain = ${chain} AND i.collection = ${collection} AND i.token_id = ${tokenId}
         AND NOT c.deleted
      UNION
      SELECT id, nft_id FROM chiplinks.chiplinks WHERE token_to_mint = ${tokenId} AND NOT deleted
      LIMIT 20`);
    return rows.map((r) => ({ id: r.id, nftId: Number(r.nft_id) }));
  }
}
