import { Inject, Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { collectionTemplates } from '../db/schema.js';

@Injectable()
export class CollectionTemplateRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async find(chain: string, address: string): Promise<unknown> {
    const [row] = await this.database.db
      .select({ template: collectionTemplates.template })
      .from(collectionTemplates)
      .where(and(eq(collectionTemplates.chain, chain), eq(collectionTemplates.address, address)));
    return row?.template;
  }

  async save(chain: string, address: string, template: object, now: Date): Promise<void> {
    await this.database.db
      .insert(collectionTemplates)
      .values({ chain, address, template, updated: now })
      .onConflictDoUpdate({
        target: [collectionTemplates.chain, collectionTemplates.address],
        set: { template, updated: now },
      });
  }
}
