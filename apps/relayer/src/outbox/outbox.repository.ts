import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { RELAYER_EVENTS, type EventDefinition, type EventInput } from '@metatag/events';
import { outbox } from '../db/schema.js';
import type { DbExecutor } from '../db/db-tx.js';
import { WORKER_DATABASE } from '../relayer.tokens.js';
import { TX_SETTLED_CHANNEL } from '../transactions/tx-settled.signal.js';

/** Facts a waiting request follows: a transaction handed to the node, or failed for good. */
const SETTLING = new Set([RELAYER_EVENTS.txSent.subject, RELAYER_EVENTS.txFailed.subject]);

export interface OutboxEvent {
  pattern: string;
  payload: Record<string, unknown>;
}

/** An outbox row for an event: the row keeps the subject, the payload is checked against its definition. */
export function outboxEvent<D extends EventDefinition>(definition: D, payload: EventInput<D>): OutboxEvent {
  return { pattern: definition.subject, payload: payload as Record<string, unknown> };
}

export interface StoredEvent extends OutboxEvent {
  id: number;
}

/**
 * Events stored in the same database transaction as the change they announce, so the two never
 * diverge: a crash after commit publishes the event later, a rollback drops it with the change.
 */
@Injectable()
export class OutboxRepository {
  constructor(@Inject(WORKER_DATABASE) private readonly database: Database) {}

  async add(db: DbExecutor, events: OutboxEvent[]): Promise<void> {
    if (events.length === 0) return;
    await db.insert(outbox).values(events.map((e) => ({ pattern: e.pattern, payload: e.payload })));
    // delivered at commit to requests waiting for a transaction's hash (TxSettledSignal)
    if (events.some((e) => SETTLING.has(e.pattern)))
      await db.execute(sql`select pg_notify(${TX_SETTLED_CHANNEL}, '')`);
  }

  /**
   * Hands the oldest unpublished events to `publish` and deletes them once it resolves, all inside one
   * transaction whose row locks (SKIP LOCKED) keep two relayer replicas from publishing the same rows.
   * Returns how many were published.
   */
  async drain(limit: number, publish: (events: StoredEvent[]) => Promise<void>): Promise<number> {
    return this.database.db.transaction(async (tx) => {
      const { rows } = await tx.execute<{ id: string; pattern: string; payload: Record<string, unknown> }>(
        sql`select id, pattern, payload from ${outbox} order by id limit ${limit} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const events = rows.map((r) => ({ id: Number(r.id), pattern: r.pattern, payload: r.payload }));
      await publish(events);
      await tx.execute(
        sql`delete from ${outbox} where id = any(${sql.param(events.map((e) => e.id))}::bigint[])`,
      );
      return events.length;
    });
  }
}
