import { Inject, Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { resaleClaims } from '../db/schema.js';

export type ResaleClaimRow = typeof resaleClaims.$inferSelect;
export type ResaleClaimClosing = 'completed' | 'cancelled' | 'failed';

/** Resale claims (issue #32 item 2): at most one pending per token, closed once. */
@Injectable()
export class ResaleClaimRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  /**
   * Opens a claim unless the token has a pending one, or the chip opened `perDay` claims in the last
   * 24 hours (cancelled and failed ones count: a chip's claims cannot be opened and dropped to pester
   * its owner). Under the chip's advisory lock, so two taps racing cannot both open one; the partial
   * unique index stops two chips of one token.
   */
  async open(
    row: typeof resaleClaims.$inferInsert,
    now: Date,
    perDay: number,
  ): Promise<{ opened: ResaleClaimRow } | { refused: 'claim_pending' | 'too_many' }> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'resale:' + row.chiplinkId}))`);
      const dayAgo = new Date(now.getTime() - 24 * 3600_000);
      const [recent] = await tx
        .select({ n: count() })
        .from(resaleClaims)
        .where(and(eq(resaleClaims.chiplinkId, row.chiplinkId), gt(resaleClaims.openedAt, dayAgo)));
      if (recent.n >= perDay) return { refused: 'too_many' as const };
      const [opened] = await tx.insert(resaleClaims).values(row).onConflictDoNothing().returning();
      return opened ? { opened } : { refused: 'claim_pending' as const };
    });
  }

  /** The token's pending claim, if any. */
  async pendingFor(chain: string, collection: string, tokenId: string): Promise<ResaleClaimRow | undefined> {
    const [row] = await this.db
      .select()
      .from(resaleClaims)
      .where(
        and(
          eq(resaleClaims.chain, chain),
          eq(resaleClaims.collection, collection),
          eq(resaleClaims.tokenId, tokenId),
          eq(resaleClaims.status, 'pending'),
        ),
      )
      .limit(1);
    return row;
  }

  /** The chip's latest claim (what its page shows). */
  async latestFor(chiplinkId: string): Promise<ResaleClaimRow | undefined> {
    const [row] = await this.db
      .select()
      .from(resaleClaims)
      .where(eq(resaleClaims.chiplinkId, chiplinkId))
      .orderBy(desc(resaleClaims.openedAt), desc(resaleClaims.id))
      .limit(1);
    return row;
  }

  /** Closes a pending claim; undefined when it was no longer pending (closed by another request). */
  async close(
    id: number,
    status: ResaleClaimClosing,
    reason: string,
    now: Date,
  ): Promise<ResaleClaimRow | undefined> {
    const [row] = await this.db
      .update(resaleClaims)
      .set({ status, reason, closedAt: now })
      .where(and(eq(resaleClaims.id, id), eq(resaleClaims.status, 'pending')))
      .returning();
    return row;
  }

  /** The relayer transaction that carries a gasless completion. */
  async setRelayerTx(id: number, relayerTx: string): Promise<void> {
    await this.db.update(resaleClaims).set({ relayerTx }).where(eq(resaleClaims.id, id));
  }
}
