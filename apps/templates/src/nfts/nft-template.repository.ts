import { Inject, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { NftTemplatePatch } from '@metatag/api-types';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';
import { nftTemplates } from '../db/schema.js';
import { nextVersion, nftChanged, ReadModelWriter, type Tx } from '../read-model/read-model.writer.js';
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
  if (patch.gasPaidBy !== undefined) values.gasPaidBy = patch.gasPaidBy;
  if (patch.showFileData !== undefined) values.showFileData = patch.showFileData;
  if (patch.twoTap !== undefined) values.twoTap = patch.twoTap;
  if (patch.resale !== undefined) values.resale = patch.resale;
  if (patch.redemption !== undefined) values.redemption = patch.redemption;
  if (patch.claimPhases !== undefined) values.claimPhases = patch.claimPhases;
  return values;
}

/**
 * Every change other services project takes a new version and announces the template's new state
 * (`templates.nft.changed`) through the outbox, in its transaction (ReadModelWriter).
 */
@Injectable()
export class NftTemplateRepository {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: ReadModelWriter,
  ) {}

  private get db() {
    return this.database.db;
  }

  /** `before` runs first in the transaction (the quota check): throwing creates nothing. */
  async create(
    values: { chain: string; ownerId: number; collection: string; created: Date },
    before?: (tx: Tx) => Promise<void>,
  ): Promise<NftTemplateRow> {
    return this.writer.write(async (tx, announce) => {
      await before?.(tx);
      const [row] = await tx.insert(nftTemplates).values(values).returning();
      announce(nftChanged(row));
      return row;
    });
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

  /** `before` runs first in the transaction (a mint ticket's spend): throwing changes nothing. */
  async update(
    id: number,
    patch: NftTemplatePatch,
    before?: (tx: Tx) => Promise<void>,
  ): Promise<NftTemplateRow | undefined> {
    return this.writer.write(async (tx, announce) => {
      await before?.(tx);
      const [row] = await tx
        .update(nftTemplates)
        .set({ ...toColumns(patch), version: nextVersion() })
        .where(and(eq(nftTemplates.id, id), eq(nftTemplates.deleted, false)))
        .returning();
      if (row) announce(nftChanged(row));
      return row;
    });
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
    return this.writer.write(async (tx, announce) => {
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
          version: nextVersion(),
        })
        .where(eq(nftTemplates.id, id))
        .returning();
      announce(nftChanged(row));
      return { row, replacedKey: before.mediaKey === media.key ? null : before.mediaKey };
    });
  }

  async softDelete(id: number, now: Date): Promise<boolean> {
    return this.writer.write(async (tx, announce) => {
      const [row] = await tx
        .update(nftTemplates)
        .set({ deleted: true, deletedAt: now, version: nextVersion() })
        .where(and(eq(nftTemplates.id, id), eq(nftTemplates.deleted, false)))
        .returning();
      if (row) announce(nftChanged(row));
      return row !== undefined;
    });
  }

  /** Templates changed after version `since`, oldest change first (a catch-up page; see ReadModelChanges). */
  async changedSince(tx: Pick<Database['db'], 'select'>, since: number, limit: number) {
    return tx
      .select()
      .from(nftTemplates)
      .where(gt(nftTemplates.version, since))
      .orderBy(asc(nftTemplates.version))
      .limit(limit);
  }
}
