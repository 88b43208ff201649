import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { ShopDelivery } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { shopDeliveries, shopOrderLines } from '../db/schema.js';

export type ShopOrderLineRow = typeof shopOrderLines.$inferSelect;
type LineKey = { ownerId: number; orderId: string; lineId: string };

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

  async markEmailed(ownerId: number, orderId: string, lineIds: string[], at: Date): Promise<void> {
    if (lineIds.length === 0) return;
    await this.database.db
      .update(shopOrderLines)
      .set({ emailedAt: at })
      .where(
        and(
          eq(shopOrderLines.ownerId, ownerId),
          eq(shopOrderLines.orderId, orderId),
          inArray(shopOrderLines.lineId, lineIds),
        ),
      );
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
