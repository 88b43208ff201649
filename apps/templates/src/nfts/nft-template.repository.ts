import { Inject, Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NftTemplatePatch } from '@metatag/api-types';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { nftTemplates } from '../db/schema.js';
import type { NftTemplateRow } from './nft-template.mapper.js';

/** API field → column. */
function toColumns(patch: NftTemplatePatch): Partial<typeof nftTemplates.$inferInsert> {
  const values: Partial<typeof nftTemplates.$inferInsert> = {};
  if (patch.title !== undefined) values.title = patch.title;
  if (patch.description !== undefined) values.description = patch.description;
  if (patch.limit !== undefined) values.editionLimit = patch.limit;
  if (patch.collection !== undefined) values.collection = patch.collection;
  if (patch.price !== undefined) values.price = patch.price === '' ? null : patch.price;
  if (patch.payoutAddress !== undefined) values.payoutAddress = patch.payoutAddress;
  if (patch.utility_url !== undefined) values.utilityUrl = patch.utility_url;
  if (patch.utility_url_error !== undefined) values.utilityUrlError = patch.utility_url_error;
  if (patch.woocomerce_item_id !== undefined) values.woocomerceItemId = patch.woocomerce_item_id;
  if (patch.isMultiMintEnabledchip !== undefined) values.multiMintChip = patch.isMultiMintEnabledchip;
  if (patch.isMultiMintEnabledlink !== undefined) values.multiMintLink = patch.isMultiMintEnabledlink;
  return values;
}

@Injectable()
export class NftTemplateRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async create(values: { chain: string; ownerId: number; collection: string }): Promise<NftTemplateRow> {
    const [row] = await this.db.insert(nftTemplates).values(values).returning();
    return row;
  }

  async findById(id: number): Promise<NftTemplateRow | undefined> {
    const [row] = await this.db.select().from(nftTemplates).where(eq(nftTemplates.id, id));
    return row;
  }

  async listOwned(ownerId: number, chain: string, collection?: string): Promise<NftTemplateRow[]> {
    return this.db
      .select()
      .from(nftTemplates)
      .where(
        and(
          eq(nftTemplates.ownerId, ownerId),
          eq(nftTemplates.chain, chain),
          eq(nftTemplates.deleted, false),
          collection === undefined ? undefined : eq(nftTemplates.collection, collection),
        ),
      )
      .orderBy(desc(nftTemplates.id));
  }

  /** The owner's live templates whose shop item id is one of `itemIds`, oldest first. */
  async listByShopItem(ownerId: number, itemIds: string[]): Promise<NftTemplateRow[]> {
    if (itemIds.length === 0) return [];
    return this.db
      .select()
      .from(nftTemplates)
      .where(
        and(
          eq(nftTemplates.ownerId, ownerId),
          eq(nftTemplates.deleted, false),
          inArray(nftTemplates.woocomerceItemId, itemIds),
        ),
      )
      .orderBy(nftTemplates.id);
  }

  async update(id: number, patch: NftTemplatePatch): Promise<NftTemplateRow | undefined> {
    const [row] = await this.db
      .update(nftTemplates)
      .set(toColumns(patch))
      .where(and(eq(nftTemplates.id, id), eq(nftTemplates.deleted, false)))
      .returning();
    return row;
  }

  /** The chiplinks service's counts of live chips and links (absolute values: a replay changes nothing). */
  async setChiplinkCounts(id: number, chips: number, links: number): Promise<void> {
    await this.db.update(nftTemplates).set({ chips, links }).where(eq(nftTemplates.id, id));
  }

  /** Points the template at new media and bumps the refresh counter; returns the key it replaced. */
  async setMedia(
    id: number,
    media: { key: string; size: number; mimeType: string },
  ): Promise<{ row: NftTemplateRow; replacedKey: string | null } | undefined> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ mediaKey: nftTemplates.mediaKey })
        .from(nftTemplates)
        .where(and(eq(nftTemplates.id, id), eq(nftTemplates.deleted, false)))
        .for('update');
      if (!before) return undefined;
      const [row] = await tx
        .update(nftTemplates)
        .set({
          mediaKey: media.key,
          mediaSize: media.size,
          mimeType: media.mimeType,
          imageRefresh: sql`${nftTemplates.imageRefresh} + 1`,
        })
        .where(eq(nftTemplates.id, id))
        .returning();
      return { row, replacedKey: before.mediaKey === media.key ? null : before.mediaKey };
    });
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(nftTemplates)
      .set({ deleted: true, deletedAt: now })
      .where(and(eq(nftTemplates.id, id), eq(nftTemplates.deleted, false)))
      .returning({ id: nftTemplates.id });
    return rows.length > 0;
  }
}
