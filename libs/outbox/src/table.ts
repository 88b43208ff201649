import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, text, timestamp, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * A service's outbox table, in its own PostgreSQL schema: events stored in the transaction of the change
 * they announce and published afterwards by the `Outbox` publisher. Only drizzle imports here: drizzle-kit
 * loads the services' schema files, and through them this one.
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: bigserial('id', { mode: 'number' }).primaryKey(),
      /** The event definition's subject (`eventBySubject` finds it at publish time). */
      subject: text('subject').notNull(),
      payload: jsonb('payload').notNull(),
      /** Failed publish attempts so far. */
      attempts: integer('attempts').notNull().default(0),
      /** Not published before: a failed row's backoff, or a publisher's lease on a claimed row. */
      nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
      /** Set when the row was given up on after its last attempt (dead letter): kept for an operator. */
      deadAt: timestamp('dead_at', { withTimezone: true }),
      lastError: text('last_error'),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    },
    // what a claim reads: the live rows in id order
    (t) => [
      index('outbox_live_idx')
        .on(t.id)
        .where(sql`${t.deadAt} is null`),
    ],
  );
}

export type OutboxTable = ReturnType<typeof outboxTable>;
