import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { eventBySubject, type EventDefinition, type EventInput } from '@metatag/events';
import { DATABASE, type ServiceClient } from '@metatag/nest-kit';
import { outbox } from '../db/schema.js';

/** What a ledger transaction writes: drizzle's database or one of its transactions. */
export type LedgerDb = Pick<Database['db'], 'insert'>;

/**
 * Emits stored events one at a time, in order (a token's mint goes out before its transfers), each
 * through the definition its subject names.
 */
export async function emitStored(client: ServiceClient, events: StoredEvent[]): Promise<void> {
  for (const event of events) {
    const definition = eventBySubject(event.subject);
    if (!definition) throw new Error(`no event definition for outbox subject ${event.subject}`);
    await client.emit(definition, event.payload as EventInput<typeof definition>);
  }
}

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

  /** Stores `events` in `db`'s transaction; returns their ids (for `publishNow`). */
  async add(db: LedgerDb, events: OutboxEvent[]): Promise<number[]> {
    if (events.length === 0) return [];
    const rows = await db.insert(outbox).values(events).returning({ id: outbox.id });
    return rows.map((row) => row.id);
  }

  /**
   * Publishes the rows `ids` right after their transaction committed (those still there: the runner may
   * have sent them already) and deletes them. What this misses, the runner's `drain` publishes later.
   */
  async publishNow(ids: number[], publish: (events: StoredEvent[]) => Promise<void>): Promise<void> {
    if (ids.length === 0) return;
    const { rows } = await this.database.db.execute<{
      id: string;
      subject: string;
      payload: Record<string, unknown>;
    }>(
      sql`select id, subject, payload from ${outbox} where id = any(${sql.param(ids)}::bigint[]) order by id`,
    );
    if (rows.length === 0) return;
    await publish(rows.map((r) => ({ id: Number(r.id), subject: r.subject, payload: r.payload })));
    await this.database.db.execute(
      sql`delete from ${outbox} where id = any(${sql.param(rows.map((r) => Number(r.id)))}::bigint[])`,
    );
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
