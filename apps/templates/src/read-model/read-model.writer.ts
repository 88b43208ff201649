import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { TEMPLATES_EVENTS } from '@metatag/events';
import { DATABASE, LOGGER } from '@metatag/nest-kit';
import { Outbox, outboxEvent, type OutboxEvent } from '@metatag/outbox';
import { toNftTemplate, type NftTemplateRow } from '../nfts/nft-template.mapper.js';

export type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];

/** The advisory lock that orders version writers and a catch-up page (any key of our own). */
const READ_MODEL_LOCK = 1_414_020_002;

/** The next read-model version (a column value in an insert or update). */
export const nextVersion = () => sql<number>`nextval('templates.read_model_version')`;

/**
 * Taken (shared) by every transaction that sets a read-model version, before anything else: a catch-up
 * page takes it exclusively (`lockForCatchUp`), so it never reads past a version whose transaction is
 * still in flight (versions are handed out before commit; without this a page could move its cursor past
 * a smaller version that commits a moment later, and a consumer that missed that event would never see
 * it). Re-entrant within a transaction.
 */
export async function lockForVersion(tx: Tx | Database['db']): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${READ_MODEL_LOCK})`);
}

/** Waits for the version writers in flight, and keeps new ones out until this transaction ends. */
export async function lockForCatchUp(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${READ_MODEL_LOCK})`);
}

/** The outbox row of a template's new state. */
export const nftChanged = (row: NftTemplateRow): OutboxEvent =>
  outboxEvent(TEMPLATES_EVENTS.nftChanged, { version: row.version, item: toNftTemplate(row) });

/**
 * Changes other services project (templates, collections, default collections; issue #14 item 2): the
 * change and its events are one transaction (the service's transactional outbox), and the events are
 * published right after the commit, so a consumer on the in-process bus has applied them before the
 * caller gets its answer. A crash or a transport failure between commit and publish loses nothing: the
 * outbox's publisher sends what is left (at least once; consumers keep the newer version).
 */
@Injectable()
export class ReadModelWriter {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async write<T>(work: (tx: Tx, announce: (event: OutboxEvent) => void) => Promise<T>): Promise<T> {
    const pending: OutboxEvent[] = [];
    const { result, ids } = await this.database.db.transaction(async (tx) => {
      await lockForVersion(tx);
      const result = await work(tx, (event) => pending.push(event));
      return { result, ids: await this.outbox.add(tx, pending) };
    });
    try {
      // ahead of older rows: consumers keep the newer version, so these need no place in the queue
      await this.outbox.publishNow(ids);
    } catch (error) {
      this.logger.warn({ err: error }, 'read-model events left in the outbox for the next round');
    }
    return result;
  }
}
