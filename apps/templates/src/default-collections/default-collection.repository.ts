import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { defaultCollections } from '../db/schema.js';

export type DefaultCollectionRow = typeof defaultCollections.$inferSelect;

@Injectable()
export class DefaultCollectionRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async find(chain: string): Promise<DefaultCollectionRow | undefined> {
    const [row] = await this.database.db
      .select()
      .from(defaultCollections)
      .where(eq(defaultCollections.chain, chain));
    return row;
  }

  async all(): Promise<DefaultCollectionRow[]> {
    return this.database.db.select().from(defaultCollections);
  }

  /** One row per chain: a new registration replaces the previous one. */
  async put(
    values: Omit<DefaultCollectionRow, 'updated'> & { updated: Date },
  ): Promise<DefaultCollectionRow> {
    const [row] = await this.database.db
      .insert(defaultCollections)
      .values(values)
      .onConflictDoUpdate({
        target: defaultCollections.chain,
        set: {
          address: values.address,
          name: values.name,
          symbol: values.symbol,
          setBy: values.setBy,
          updated: values.updated,
        },
      })
      .returning();
    return row;
  }
}
