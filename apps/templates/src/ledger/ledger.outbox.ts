import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { EventDefinition, EventInput } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { outbox } from '../db/schema.js';

/** What a ledger transaction writes: drizzle's database or one of its transactions. */
export type LedgerDb = Pick<Database['db'], 'insert'>;

export interface OutboxEvent {
  subject: string;
  payload: Record<string, unknown>;
}

export interface StoredEvent extends OutboxEvent {
  id: number;
}

/** An outbox row for an event: the row keeps the subject, the payload is typed by its definition. */
export function outboxEvent<D extends EventDefinition>(definition: D, payload: EventInput<D>): OutboxEvent {
  return { subject: definition.subject, payload: payload as Record<string, unknown> };
}

/**
 * The templates service's transactional outbox: events are stored in the same database transaction as
 * the change they announce (the ledger's cursor), and published afterwards, in order, at least once.
 */
@Injectable()
export class LedgerOutbox {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async add(db: LedgerDb, events: OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    await db.insert(outbox).values(events);
  }

  /**
   * Hands the oldest events to `publish` and deletes them once it resolves. No transaction is held
   * while publishing: on the in-process bus `publish` runs the consumers, which need connections of
   * this same pool (a pool of one would wait for itself). Two replicas may therefore publish a row
   * twice; that is within at-least-once, and every consumer is idempotent. Returns how many.
   */
  async drain(limit: number, publish: (events: StoredEvent[]) => Promise<void>): Promise<number> {
    const { rows } = await this.database.db.execute<{
      id: string;
      subject: string;
      payload: Record<string, unknown>;
    }>(sql`select id, subject, payload from ${outbox} order by id limit ${limit}`);
    if (rows.length === 0) return 0;
    const events = rows.map((r) => ({ id: Number(r.id), subject: r.subject, payload: r.payload }));
    await publish(events);
    await this.database.db.execute(
      sql`delete from ${outbox} where id = any(${sql.param(events.map((e) => e.id))}::bigint[])`,
    );
    return events.length;
  }
}
