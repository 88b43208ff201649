import { Inject, Injectable } from '@nestjs/common';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { emailClaims } from '../db/schema.js';

export type EmailClaimRow = typeof emailClaims.$inferSelect;

/** Email claims (issue #29 item 3): pending = not used and not expired. */
@Injectable()
export class EmailClaimRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Inserts a claim unless another one of the chip or link is pending, or the chip or link started
   * `perHour` claims in the last hour: one statement under the chip's advisory lock, so two requests
   * racing cannot both hold it.
   */
  async insertUnlessHeld(
    row: typeof emailClaims.$inferInsert,
    now: Date,
    perHour: number,
  ): Promise<'ok' | 'held' | 'too_many'> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'email-claim:' + row.chiplinkId}))`);
      const [held] = await tx
        .select({ n: count() })
        .from(emailClaims)
        .where(
          and(
            eq(emailClaims.chiplinkId, row.chiplinkId),
            isNull(emailClaims.usedAt),
            gt(emailClaims.expiresAt, now),
          ),
        );
      if (held.n > 0) return 'held';
      const hourAgo = new Date(now.getTime() - 3600_000);
      const [recent] = await tx
        .select({ n: count() })
        .from(emailClaims)
        .where(and(eq(emailClaims.chiplinkId, row.chiplinkId), gt(emailClaims.createdAt, hourAgo)));
      if (recent.n >= perHour) return 'too_many';
      await tx.insert(emailClaims).values(row);
      return 'ok';
    });
  }

  async findById(id: string): Promise<EmailClaimRow | undefined> {
    const [row] = await this.db.select().from(emailClaims).where(eq(emailClaims.id, id)).limit(1);
    return row;
  }

  /** Spends a pending claim: exactly one of two racing redeems gets true. */
  async use(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(emailClaims)
      .set({ usedAt: now })
      .where(and(eq(emailClaims.id, id), isNull(emailClaims.usedAt), gt(emailClaims.expiresAt, now)))
      .returning({ id: emailClaims.id });
    return rows.length === 1;
  }

  /** A claim whose mint was refused: the visitor may try again while it lasts. */
  async unuse(id: string): Promise<void> {
    await this.db.update(emailClaims).set({ usedAt: null }).where(eq(emailClaims.id, id));
  }

  /** The template's pending claims, soonest expiry first (the owner's list). */
  async pendingOf(nftId: number, now: Date, limit = 100): Promise<EmailClaimRow[]> {
    return this.db
      .select()
      .from(emailClaims)
      .where(and(eq(emailClaims.nftId, nftId), isNull(emailClaims.usedAt), gt(emailClaims.expiresAt, now)))
      .orderBy(asc(emailClaims.expiresAt))
      .limit(limit);
  }
}
