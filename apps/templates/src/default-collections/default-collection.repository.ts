import { Inject, Injectable } from '@nestjs/common';
import { eq } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { defaultCollections } from '../db/schema.js';
import type { OutboxEvent } from '@metatag/outbox';
import { nextVersion, ReadModelWriter } from '../read-model/read-model.writer.js';

export type DefaultCollectionRow = typeof defaultCollections.$inferSelect;

@Injectable()
export class DefaultCollectionRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: ReadModelWriter,
  ) {}

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

  /**
   * One row per chain: a new registration replaces the previous one, with a new version, announced as
   * the chain's default (`announce` decides: a configured default still wins over this row).
   */
  async put(
    values: Omit<DefaultCollectionRow, 'updated' | 'version'> & { updated: Date },
    announce: (row: DefaultCollectionRow) => OutboxEvent | undefined,
  ): Promise<DefaultCollectionRow> {
    return this.writer.write(async (tx, add) => {
      const [row] = await tx
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
            version: nextVersion(),
          },
        })
        .returning();
      const event = announce(row);
      if (event) add(event);
      return row;
    });
  }
}
