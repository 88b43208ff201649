import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { redemptions } from '../db/schema.js';

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

  async markNotified(id: number, at: Date, delivered: { emailed: boolean; webhook: boolean }): Promise<void> {
    const set: Partial<typeof redemptions.$inferInsert> = {};
    if (delivered.emailed) set.emailedAt = at;
    if (delivered.webhook) set.webhookAt = at;
    if (Object.keys(set).length > 0) await this.db.update(redemptions).set(set).where(eq(redemptions.id, id));
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
}
