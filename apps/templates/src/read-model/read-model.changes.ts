import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import {
  TEMPLATES_EVENTS,
  type DefaultCollectionChangedEvent,
  type ReadModelChangesReply,
} from '@metatag/events';
import { DATABASE, LOGGER } from '@metatag/nest-kit';
import { CollectionRepository } from '../collections/collection.repository.js';
import { DefaultCollectionRepository } from '../default-collections/default-collection.repository.js';
import { DefaultCollectionsService } from '../default-collections/default-collections.service.js';
import { outboxEvent } from '@metatag/outbox';
import { toNftTemplate } from '../nfts/nft-template.mapper.js';
import { NftTemplateRepository } from '../nfts/nft-template.repository.js';
import { lockForCatchUp, nextVersion, ReadModelWriter } from './read-model.writer.js';

/**
 * The source of truth of the projections other services keep of templates' data (issue #14 item 2):
 * pages of what changed after a version (`templates.read-model.changes`), and, at every start, each
 * chain's effective default collection announced with a fresh version (a configured default has no
 * row of its own: a start is when its configuration can have changed).
 */
@Injectable()
export class ReadModelChanges implements OnApplicationBootstrap {
  /** The version this start announced the defaults with; a later registration has a greater one. */
  private bootVersion = 0;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly writer: ReadModelWriter,
    private readonly nfts: NftTemplateRepository,
    private readonly collections: CollectionRepository,
    private readonly defaults: DefaultCollectionsService,
    private readonly defaultRows: DefaultCollectionRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.writer.write(async (tx, announce) => {
        const {
          rows: [{ v }],
        } = await tx.execute<{ v: string }>(sql`select ${nextVersion()} as v`);
        this.bootVersion = Number(v);
        for (const item of await this.effectiveDefaults())
          announce(outboxEvent(TEMPLATES_EVENTS.defaultCollectionChanged, item));
      });
    } catch (error) {
      // the projections still catch up through `changes`, which answers the same defaults
      this.logger.warn({ err: error }, 'default collections not announced at start');
    }
  }

  /**
   * Rows changed after `since`, oldest change first, at most `limit` (templates and collections merged
   * by version). The page is read under the catch-up lock: no version at or below the page's last one
   * is still being written, so `next` never skips a change that commits later.
   */
  async changes(since: number, limit: number): Promise<ReadModelChangesReply> {
    // read before the transaction: the page holds a connection, and a pool may have only one
    const defaults = await this.effectiveDefaults();
    return this.database.db.transaction(async (tx) => {
      await lockForCatchUp(tx);
      const [nfts, collections] = await Promise.all([
        this.nfts.changedSince(tx, since, limit + 1),
        this.collections.changedSince(tx, since, limit + 1),
      ]);
      type Change = ReadModelChangesReply['nfts'][number] | ReadModelChangesReply['collections'][number];
      const merged: Change[] = [
        ...nfts.map((row) => ({ version: row.version, item: toNftTemplate(row) })),
        ...collections.map((row) => ({
          version: row.version,
          chain: row.chain,
          address: row.address,
          ownerId: row.ownerId,
        })),
      ].sort((a, b) => a.version - b.version);
      const page = merged.slice(0, limit);
      return {
        nfts: page.filter((c) => 'item' in c),
        collections: page.filter((c) => 'ownerId' in c),
        defaults,
        next: page.length > 0 ? page[page.length - 1].version : since,
        more: merged.length > limit,
      };
    });
  }

  /** Every chain's default as templates uses it, versioned by its registration or by this start. */
  private async effectiveDefaults(): Promise<DefaultCollectionChangedEvent[]> {
    const versions = new Map((await this.defaultRows.all()).map((row) => [row.chain, row.version]));
    return (await this.defaults.list()).map((d) => ({
      chain: d.chain,
      address: d.address,
      version:
        d.source === 'registered' ? Math.max(this.bootVersion, versions.get(d.chain) ?? 0) : this.bootVersion,
    }));
  }
}
