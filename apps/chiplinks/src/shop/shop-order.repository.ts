import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { ShopDelivery } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { shopDeliveries, shopOrderLines } from '../db/schema.js';
import { claimDue } from '../outbox/due-work.js';

export type ShopOrderLineRow = typeof shopOrderLines.$inferSelect;
export type LineKey = { ownerId: number; orderId: string; lineId: string };

/** Shop order lines (the idempotency key of the webhook) and the delivery log. */
@Injectable()
export class ShopOrderRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /**
   * Claims an order line: true when this call inserted it (the caller then makes its links), false
   * when another delivery already did. The primary key decides, so two concurrent deliveries of the
   * same order cannot both win.
   */
  async claim(
    line: LineKey & { nftId: number; quantity: number; emailHash: string | null },
  ): Promise<boolean> {
    const inserted = await this.database.db
      .insert(shopOrderLines)
      .values(line)
      .onConflictDoNothing()
      .returning({ lineId: shopOrderLines.lineId });
    return inserted.length === 1;
  }

  /** Gives a claim back when its links could not be made, so a redelivery tries again. */
  async release(key: LineKey): Promise<void> {
    await this.database.db.delete(shopOrderLines).where(this.keyOf(key));
  }

  async setLinks(key: LineKey, linkIds: string[]): Promise<void> {
    await this.database.db.update(shopOrderLines).set({ linkIds }).where(this.keyOf(key));
  }

  /** The order line a claim link was made for (a link belongs to at most one). */
  async lineOfLink(linkId: string): Promise<ShopOrderLineRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(shopOrderLines)
      .where(sql`${shopOrderLines.linkIds} @> ARRAY[${linkId}]::text[]`)
      .limit(1);
    return row;
  }

  /** Every line of one order of an owner (the links a cancelled or refunded order withdraws). */
  async linesOf(ownerId: number, orderId: string): Promise<ShopOrderLineRow[]> {
    return this.database.db
      .select()
      .from(shopOrderLines)
      .where(and(eq(shopOrderLines.ownerId, ownerId), eq(shopOrderLines.orderId, orderId)));
  }

  async find(key: LineKey): Promise<ShopOrderLineRow | undefined> {
    const [row] = await this.database.db.select().from(shopOrderLines).where(this.keyOf(key));
    return row;
  }

  /**
   * Writes a delivery's log entry and, in the same transaction, makes the buyer's email due for
   * `dueLines` (decision 112): those with links, not emailed and not already due (a line whose email is
   * pending or leased keeps its schedule; one whose tries ran out is due again, as a redelivery asks).
   * Returns the entry's id and the lines made due.
   */
  async recordDelivery(
    entry: Parameters<ShopOrderRepository['log']>[0],
    due: { lineIds: string[]; email: string; at: Date },
  ): Promise<{ deliveryId: number; due: string[] }> {
    return this.database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shopDeliveries)
        .values({ ...entry, detail: (entry.detail ?? '').slice(0, 500) })
        .returning({ id: shopDeliveries.id });
      if (due.lineIds.length === 0 || entry.orderId === undefined) return { deliveryId: row.id, due: [] };
      const armed = await tx
        .update(shopOrderLines)
        .set({ emailDueAt: due.at, emailAttempts: 0, emailTo: due.email, deliveryId: row.id })
        .where(
          and(
            eq(shopOrderLines.ownerId, entry.ownerId),
            eq(shopOrderLines.orderId, entry.orderId),
            inArray(shopOrderLines.lineId, due.lineIds),
            isNull(shopOrderLines.emailedAt),
            isNull(shopOrderLines.emailDueAt),
            sql`cardinality(${shopOrderLines.linkIds}) > 0`,
          ),
        )
        .returning({ lineId: shopOrderLines.lineId });
      return { deliveryId: row.id, due: armed.map((a) => a.lineId) };
    });
  }

  /** The mailer's batch: lines whose buyer is due an email, leased until `leaseUntil` (SKIP LOCKED). */
  async claimEmails(now: Date, leaseUntil: Date, limit: number): Promise<ShopOrderLineRow[]> {
    const { ownerId, orderId, lineId, emailDueAt, emailAttempts } = shopOrderLines;
    const columns = { dueAt: emailDueAt, attempts: emailAttempts, key: [ownerId, orderId, lineId] };
    return claimDue(this.database, shopOrderLines, columns, now, leaseUntil, limit);
  }

  /**
   * What an attempt did: sent (the line is emailed; its address forgotten), or failed (due again at
   * `next`, or given up when null: the address is forgotten too).
   */
  async settleEmail(key: LineKey, at: Date, sent: boolean, next: Date | null): Promise<void> {
    await this.database.db
      .update(shopOrderLines)
      .set(
        sent
          ? { emailedAt: at, emailDueAt: null, emailTo: null }
          : { emailDueAt: next, ...(next === null ? { emailTo: null } : {}) },
      )
      .where(this.keyOf(key));
  }

  async log(entry: {
    ownerId: number;
    orderId?: string;
    outcome: ShopDelivery['outcome'];
    matched?: number;
    linksCreated?: number;
    detail?: string;
  }): Promise<number> {
    const [row] = await this.database.db
      .insert(shopDeliveries)
      .values({ ...entry, detail: (entry.detail ?? '').slice(0, 500) })
      .returning({ id: shopDeliveries.id });
    return row.id;
  }

  /** Appends the email's fate to a delivery's entry (the owner reads one line per delivery). */
  async updateOutcome(ownerId: number, id: number, outcome: ShopDelivery['outcome'], detail: string) {
    await this.database.db
      .update(shopDeliveries)
      .set({
        outcome,
        detail: sql`left(CASE WHEN ${shopDeliveries.detail} = '' THEN ${detail} ELSE ${shopDeliveries.detail} || '; ' || ${detail} END, 500)`,
      })
      .where(and(eq(shopDeliveries.id, id), eq(shopDeliveries.ownerId, ownerId)));
  }

  async deliveries(ownerId: number, limit: number): Promise<ShopDelivery[]> {
    const rows = await this.database.db
      .select()
      .from(shopDeliveries)
      .where(eq(shopDeliveries.ownerId, ownerId))
      .orderBy(desc(shopDeliveries.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      orderId: r.orderId,
      outcome: r.outcome as ShopDelivery['outcome'],
      matched: r.matched,
      linksCreated: r.linksCreated,
      detail: r.detail,
    }));
  }

  private keyOf({ ownerId, orderId, lineId }: LineKey) {
    return and(
      eq(shopOrderLines.ownerId, ownerId),
      eq(shopOrderLines.orderId, orderId),
      eq(shopOrderLines.lineId, lineId),
    );
  }
}
