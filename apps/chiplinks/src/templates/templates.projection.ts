import { Inject, Injectable } from '@nestjs/common';
import { and, eq, sql } from 'drizzle-orm';
import type { NftTemplate } from '@metatag/api-types';
import type { Database } from '@metatag/db';
import type {
  CollectionAttachedEvent,
  DefaultCollectionChangedEvent,
  NftChangedEvent,
} from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { collectionViews, defaultCollectionViews, projectionCursors, templateViews } from '../db/schema.js';

/** The catch-up cursor's name in `projection_cursors`. */
const CURSOR = 'templates';

/**
 * Chiplinks' projection of the templates service's data (issue #14 item 2; docs/decisions.md "Local read
 * models"): templates, attached collections' owners and each chain's default collection, one row per
 * key with the version it was told. Applying is idempotent and ordered by version: a row is written only
 * when the change is newer than what it holds, so a redelivered or late older event changes nothing.
 * Each apply answers whether it changed the row.
 */
@Injectable()
export class TemplatesProjection {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  private get db() {
    return this.database.db;
  }

  async applyNft({ version, item }: NftChangedEvent): Promise<boolean> {
    const rows = await this.db
      .insert(templateViews)
      .values({ id: item.id, version, item })
      .onConflictDoUpdate({
        target: templateViews.id,
        set: { version, item, appliedAt: sql`now()` },
        setWhere: sql`${templateViews.version} < excluded.version`,
      })
      .returning({ id: templateViews.id });
    return rows.length > 0;
  }

  async applyCollection({ version, chain, address, ownerId }: CollectionAttachedEvent): Promise<boolean> {
    const rows = await this.db
      .insert(collectionViews)
      .values({ chain, address, ownerId, version })
      .onConflictDoUpdate({
        target: [collectionViews.chain, collectionViews.address],
        set: { ownerId, version },
        setWhere: sql`${collectionViews.version} < excluded.version`,
      })
      .returning({ chain: collectionViews.chain });
    return rows.length > 0;
  }

  async applyDefault({ version, chain, address }: DefaultCollectionChangedEvent): Promise<boolean> {
    const rows = await this.db
      .insert(defaultCollectionViews)
      .values({ chain, address, version })
      .onConflictDoUpdate({
        target: defaultCollectionViews.chain,
        set: { address, version },
        setWhere: sql`${defaultCollectionViews.version} < excluded.version`,
      })
      .returning({ chain: defaultCollectionViews.chain });
    return rows.length > 0;
  }

  /** The template as last told, deleted ones included (undefined: never told). */
  async nft(id: number): Promise<{ item: NftTemplate; version: number } | undefined> {
    const [row] = await this.db
      .select({ item: templateViews.item, version: templateViews.version })
      .from(templateViews)
      .where(eq(templateViews.id, id));
    return row ? { item: row.item as NftTemplate, version: row.version } : undefined;
  }

  /** The owner of an attached collection; undefined when it is not attached (as far as we were told). */
  async collectionOwner(chain: string, address: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ ownerId: collectionViews.ownerId })
      .from(collectionViews)
      .where(and(eq(collectionViews.chain, chain), eq(collectionViews.address, address)));
    return row?.ownerId;
  }

  /** The chain's default collection ('' when none, or not told yet). */
  async defaultAddress(chain: string): Promise<string> {
    const [row] = await this.db
      .select({ address: defaultCollectionViews.address })
      .from(defaultCollectionViews)
      .where(eq(defaultCollectionViews.chain, chain));
    return row?.address ?? '';
  }

  /** Every change up to this version was applied by a catch-up (0: none ran yet). */
  async cursor(): Promise<number> {
    const [row] = await this.db
      .select({ version: projectionCursors.version })
      .from(projectionCursors)
      .where(eq(projectionCursors.name, CURSOR));
    return row?.version ?? 0;
  }

  async setCursor(version: number): Promise<void> {
    await this.db
      .insert(projectionCursors)
      .values({ name: CURSOR, version })
      .onConflictDoUpdate({
        target: projectionCursors.name,
        set: { version, updatedAt: sql`now()` },
        setWhere: sql`${projectionCursors.version} < excluded.version`,
      });
  }
}
