import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { Database } from '@metatag/db';
import { eventBySubject, type EventInput } from '@metatag/events';
import { outboxBacklog, outboxEventsTotal, PeriodicTask, type ServiceClient } from '@metatag/nest-kit';
import { claimLockKey, lockClaims } from './claim-lock.js';
import { DeadLetters } from './dead-letters.js';
import type { OutboxEvent, StoredEvent } from './event.js';
import type { OutboxTable } from './table.js';

/** What `add` writes through: drizzle's database or one of its transactions (the caller's). */
export type OutboxDb = Pick<NodePgDatabase, 'insert' | 'execute'>;

export interface OutboxLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface OutboxOptions {
  /** The service, as metrics and logs name it. */
  service: string;
  /** The pool the publisher claims and deletes rows with (never held while an event is emitted). */
  database: Database;
  table: OutboxTable;
  /** Emits each event through its definition (NATS or the in-process bus). */
  client: Pick<ServiceClient, 'emit'>;
  logger: OutboxLogger;
  /** Rows claimed at a time. */
  batchSize?: number;
  /** How often the publisher looks when nothing kicks it. */
  intervalMs?: number;
  /**
   * While its rounds find nothing, the publisher looks less often, up to every `idleMaxMs`; an `add` of
   * this process brings it back to `intervalMs`. So an idle service no longer polls its table ten times a
   * second; what waits at most this long is a row another process stored (a replica that died before
   * publishing it, a dead letter re-armed by `npm run outbox -- resend`).
   */
  idleMaxMs?: number;
  /** A row whose emit failed this many times is dead-lettered (kept with `dead_at`, no longer sent). */
  maxAttempts?: number;
  /** After the n-th failure a row waits `fromMs * 2^(n-1)`, at most `maxMs`. */
  backoff?: { fromMs: number; maxMs: number };
  /** How long a claim holds its rows: a publisher that died mid-batch hands them on after this. */
  leaseMs?: number;
  /**
   * Emits that fail are logged and the event dropped instead of retried: on the in-process bus an
   * emit runs the consumers themselves, and one that throws must not hold back every later event
   * (over NATS its failure would not reach the publisher either). Retried when false (default).
   */
  dropFailedEmits?: () => boolean;
  /**
   * `pg_notify(channel, '')` in the transaction that stores an event of one of `subjects`: delivered
   * at commit, for a request waiting on that fact (the relayer's TX_SETTLED_CHANNEL).
   */
  notify?: { channel: string; subjects: readonly string[] };
}

const DEFAULTS = {
  batchSize: 500,
  intervalMs: 100,
  idleMaxMs: 2000,
  maxAttempts: 10,
  backoff: { fromMs: 1000, maxMs: 5 * 60_000 },
  leaseMs: 60_000,
};

/** The wait before the attempt after the `failures`-th failure. */
export function backoffMs(failures: number, backoff: { fromMs: number; maxMs: number }): number {
  return Math.min(backoff.fromMs * 2 ** Math.max(0, failures - 1), backoff.maxMs);
}

/** What one publishing round did. */
export interface RoundResult {
  claimed: number;
  published: number;
  /** The row whose emit failed (the round stopped there), if one did. */
  failed?: { id: number; dead: boolean };
}

/**
 * One transactional outbox: `add` stores events in the caller's transaction (a crash after commit
 * publishes them later, a rollback drops them with the change), the publisher emits them afterwards,
 * in id order, at least once.
 *
 * Ordering: the oldest live rows are claimed in id order, and a claim never reaches past a row that
 * waits (leased by a publisher, or backing off after a failure); a round stops at its first failed
 * emit and hands the rest back. So a stream's events (a token's mint before its transfers) go out in
 * the order they were stored, also across replicas, and a failing event holds the later ones back
 * until it is published or dead-lettered after `maxAttempts`.
 *
 * Claims are short transactions (`FOR UPDATE SKIP LOCKED`, serialized per table by an advisory lock)
 * that lease the rows; no transaction is held while emitting, because on the in-process bus an emit
 * runs consumers that need connections of the same pool.
 */
export class Outbox {
  readonly task: PeriodicTask;
  /** The rows given up on: listed and re-armed for an operator (`npm run outbox`). */
  readonly deadLetters: DeadLetters;
  private readonly options: OutboxOptions & typeof DEFAULTS;
  /** The advisory lock of this table's claims: (hash of 'outbox', hash of its qualified name). */
  private readonly lockKey: string;
  private readonly notifying: Set<string>;
  private unregisterBacklog: (() => void) | undefined;
  /** Rows a round of this process has claimed, each with the end of that round. */
  private readonly inFlight = new Map<number, Promise<unknown>>();
  /**
   * This process's claims, one at a time until their rows are in `inFlight`: a claim in flight holds
   * its rows locked, and SKIP LOCKED would let `publishNow` pass them without knowing whom to wait for.
   */
  private claiming: Promise<void> = Promise.resolve();

  constructor(options: OutboxOptions) {
    this.options = { ...DEFAULTS, ...options };
    this.lockKey = claimLockKey(options.table);
    this.deadLetters = new DeadLetters(options.database.db, options.table);
    this.notifying = new Set(options.notify?.subjects ?? []);
    this.task = new PeriodicTask(
      `${options.service} outbox`,
      this.options.intervalMs,
      () => this.publishAll(),
      options.logger,
      { idle: { maxMs: this.options.idleMaxMs } },
    );
  }

  /** Starts the publisher and the backlog gauge. */
  start(): void {
    this.unregisterBacklog ??= outboxBacklog.add(() => this.backlog());
    this.task.start();
  }

  async stop(): Promise<void> {
    this.unregisterBacklog?.();
    this.unregisterBacklog = undefined;
    await this.task.stop();
  }

  /** Stores `events` in `db`'s transaction (or alone, given the database); returns their ids. */
  async add(db: OutboxDb, events: OutboxEvent[]): Promise<number[]> {
    if (events.length === 0) return [];
    // the caller's transaction commits after this: a kick could claim before the rows are visible
    this.task.hurry();
    const rows = await db
      .insert(this.options.table)
      .values(events.map((e) => ({ subject: e.subject, payload: e.payload })))
      .returning({ id: this.options.table.id });
    const notify = this.options.notify;
    if (notify && events.some((e) => this.notifying.has(e.subject)))
      await db.execute(sql`select pg_notify(${notify.channel}, '')`);
    return rows.map((row) => row.id);
  }

  /**
   * Publishes what is due now, round after round, until a claim finds nothing (rows added meanwhile
   * go out too) or a round fails. Returns how many were published.
   */
  async publishAll(): Promise<number> {
    let published = 0;
    for (;;) {
      const round = await this.publishRound();
      published += round.published;
      if (round.claimed === 0 || round.failed) return published;
    }
  }

  /**
   * Publishes the rows `ids` at once (those still waiting: the publisher may have sent them already),
   * ahead of older rows: for events whose consumers order them themselves (a read model's versions),
   * sent right after their transaction commits so an in-process consumer has them before the caller's
   * answer. A row that a round of this process claimed first is waited for (read-your-writes holds
   * when the periodic round wins the race). A failure leaves the row to the publisher, with its backoff.
   */
  async publishNow(ids: number[]): Promise<RoundResult> {
    if (ids.length === 0) return { claimed: 0, published: 0 };
    const result = await this.publishRound(ids);
    // a consumer inside that round can only publishNow rows stored after its claim: no cycle
    await Promise.all(ids.map((id) => this.inFlight.get(id)));
    return result;
  }

  /**
   * Claims one batch (the oldest rows, or the due rows of `only`), emits it in order, deletes what went
   * out, and backs off the row that failed.
   */
  async publishRound(only?: number[]): Promise<RoundResult> {
    const previous = this.claiming;
    let release = () => {};
    this.claiming = new Promise<void>((resolve) => (release = resolve));
    let events: StoredEvent[];
    let round: Promise<RoundResult>;
    try {
      await previous;
      events = await this.claim(only);
      if (events.length === 0) return { claimed: 0, published: 0 };
      round = this.emitClaimed(events);
      const settled = round.catch(() => undefined);
      for (const event of events) this.inFlight.set(event.id, settled);
    } finally {
      release();
    }
    try {
      return await round;
    } finally {
      for (const event of events) this.inFlight.delete(event.id);
    }
  }

  private async emitClaimed(events: StoredEvent[]): Promise<RoundResult> {
    const published: number[] = [];
    for (const [index, event] of events.entries()) {
      try {
        await this.emit(event);
        published.push(event.id);
      } catch (error) {
        if (this.options.dropFailedEmits?.()) {
          this.options.logger.error(
            { err: error, subject: event.subject, outboxId: event.id },
            'an event consumer failed',
          );
          outboxEventsTotal.inc({ service: this.options.service, outcome: 'failed' });
          published.push(event.id);
          continue;
        }
        const dead = await this.settle(published, event, error, events.slice(index + 1));
        return { claimed: events.length, published: published.length, failed: { id: event.id, dead } };
      }
    }
    await this.settle(published);
    return { claimed: events.length, published: published.length };
  }

  private async emit(event: StoredEvent): Promise<void> {
    // the row keeps the subject; the event goes out through its definition
    const definition = eventBySubject(event.subject);
    if (!definition) throw new Error(`no event definition for outbox subject ${event.subject}`);
    await this.options.client.emit(definition, event.payload as EventInput<typeof definition>);
  }

  /**
   * Leases the oldest due live rows in id order, stopping before the first row that waits (leased or
   * backing off): the bound is read after taking the table's claim lock, so a concurrent claim cannot
   * slip past rows another one is taking. Or leases the due rows of `only` (`publishNow`: rows that
   * need no place in the queue; an ordered claim that skips one of them keeps the others' order).
   */
  private async claim(only?: number[]): Promise<StoredEvent[]> {
    const { table, batchSize, leaseMs } = this.options;
    const which = only
      ? sql`id = any(${sql.param(only)}::bigint[])`
      : sql`id < coalesce(
              (select min(id) from ${table} where dead_at is null and next_attempt_at > now()),
              9223372036854775807)`;
    const lease = sql`
      with claimable as (
        select id from ${table}
        where dead_at is null and next_attempt_at <= now() and ${which}
        order by id limit ${batchSize}
        for update skip locked
      )
      update ${table} o
      set next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      from claimable where o.id = claimable.id
      returning o.id, o.subject, o.payload, o.attempts`;
    type Row = { id: string; subject: string; payload: Record<string, unknown>; attempts: number };
    // rows named by id have no bound to read: one statement, no lock (on every voucher's path)
    const rows = only
      ? (await this.options.database.db.execute<Row>(lease)).rows
      : await this.options.database.db.transaction(async (tx) => {
          await this.lock(tx);
          return (await tx.execute<Row>(lease)).rows;
        });
    return rows
      .map((r) => ({ id: Number(r.id), subject: r.subject, payload: r.payload, attempts: r.attempts }))
      .sort((a, b) => a.id - b.id);
  }

  /**
   * Deletes the published rows; given a failed one, counts the attempt (backing it off or
   * dead-lettering it) and hands the rows after it back. Under the claim lock, so no claim reads the
   * head while it changes. Returns whether the failed row was dead-lettered.
   */
  private async settle(
    published: number[],
    failed?: StoredEvent,
    error?: unknown,
    rest: StoredEvent[] = [],
  ): Promise<boolean> {
    const { table, service, maxAttempts, backoff, logger } = this.options;
    const attempts = (failed?.attempts ?? 0) + 1;
    const dead = failed !== undefined && attempts >= maxAttempts;
    const deletePublished = sql`delete from ${table} where id = any(${sql.param(published)}::bigint[])`;
    if (!failed) {
      // a round that all went out is one delete: a statement alone is atomic, and BEGIN and COMMIT
      // around it were two more round trips on every voucher's path (#33 item 4)
      if (published.length > 0) await this.options.database.db.execute(deletePublished);
    } else {
      const message = error instanceof Error ? error.message : String(error);
      await this.options.database.db.transaction(async (tx) => {
        await this.lock(tx);
        if (published.length > 0) await tx.execute(deletePublished);
        await tx.execute(sql`
          update ${table} set attempts = ${attempts}, last_error = ${message.slice(0, 1000)},
            next_attempt_at = now() + make_interval(secs => ${backoffMs(attempts, backoff) / 1000}),
            dead_at = ${dead ? sql`now()` : sql`null`}
          where id = ${failed.id}`);
        if (rest.length > 0)
          await tx.execute(
            sql`update ${table} set next_attempt_at = now() where id = any(${sql.param(rest.map((e) => e.id))}::bigint[])`,
          );
      });
    }
    if (published.length > 0) outboxEventsTotal.inc({ service, outcome: 'published' }, published.length);
    if (!failed) return false;
    outboxEventsTotal.inc({ service, outcome: 'failed' });
    const fields = { err: error, subject: failed.subject, outboxId: failed.id, attempts };
    if (dead) {
      outboxEventsTotal.inc({ service, outcome: 'dead' });
      logger.error(fields, 'outbox event dead-lettered after its last attempt');
    } else logger.warn(fields, 'outbox event not published; retrying with backoff');
    return dead;
  }

  private async lock(tx: Pick<NodePgDatabase, 'execute'>): Promise<void> {
    await lockClaims(tx, this.lockKey);
  }

  private async backlog() {
    const { rows } = await this.options.database.db.execute<{ pending: number; dead: number }>(sql`
      select count(*) filter (where dead_at is null)::int as pending,
             count(*) filter (where dead_at is not null)::int as dead
      from ${this.options.table}`);
    const { service } = this.options;
    return [
      { labels: { service, state: 'pending' }, value: rows[0]?.pending ?? 0 },
      { labels: { service, state: 'dead' }, value: rows[0]?.dead ?? 0 },
    ];
  }
}
