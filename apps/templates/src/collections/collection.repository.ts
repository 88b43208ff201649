import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { collections } from '../db/schema.js';

export type CollectionRow = typeof collections.$inferSelect;

@Injectable()
export class CollectionRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

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

  /** Inserts unless the address is attached already; then returns the existing row. */
  async attach(values: Omit<CollectionRow, 'id' | 'created'>): Promise<CollectionRow> {
    const [row] = await this.database.db
      .insert(collections)
      .values(values)
      .onConflictDoNothing({ target: [collections.chain, collections.address] })
      .returning();
    return row ?? (await this.find(values.chain, values.address))!;
  }
}
