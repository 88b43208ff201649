import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt } from 'drizzle-orm';
import { TEMPLATES_EVENTS } from '@metatag/events';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { collections } from '../db/schema.js';
import { outboxEvent } from '@metatag/outbox';
import { ReadModelWriter } from '../read-model/read-model.writer.js';

export type CollectionRow = typeof collections.$inferSelect;

export const collectionAttached = (row: CollectionRow) =>
  outboxEvent(TEMPLATES_EVENTS.collectionAttached, {
    version: row.version,
    chain: row.chain,
    address: row.address,
    ownerId: row.ownerId,
  });

@Injectable()
export class CollectionRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: ReadModelWriter,
  ) {}

  async listOwned(ownerId: number, chain: string): Promise<CollectionRow[]> {
    return this.database.db
      .select()
      .from(collections)
      .where(and(eq(collections.ownerId, ownerId), eq(collections.chain, chain)))
      .orderBy(asc(collections.id));
  }

  async find(chain: string, address: string): Promise<CollectionRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(collections)
      .where(and(eq(collections.chain, chain), eq(collections.address, address)));
    return row;
  }

  /**
   * Inserts unless the address is attached already; then returns the existing row. A new attachment
   * is announced (`collection.attached`) with the row.
   */
  async attach(values: Omit<CollectionRow, 'id' | 'created' | 'version'>): Promise<CollectionRow> {
    const row = await this.writer.write(async (tx, announce) => {
      const [added] = await tx
        .insert(collections)
        .values(values)
        .onConflictDoNothing({ target: [collections.chain, collections.address] })
        .returning();
      if (added) announce(collectionAttached(added));
      return added;
    });
    return row ?? (await this.find(values.chain, values.address))!;
  }

  /** Collections attached after version `since`, oldest first (a catch-up page). */
  async changedSince(tx: Pick<Database['db'], 'select'>, since: number, limit: number) {
    return tx
      .select()
      .from(collections)
      .where(gt(collections.version, since))
      .orderBy(asc(collections.version))
      .limit(limit);
  }
}
