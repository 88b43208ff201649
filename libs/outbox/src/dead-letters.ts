import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { claimLockKey, lockClaims } from './claim-lock.js';
import type { OutboxTable } from './table.js';

/** A dead-lettered row as an operator sees it: never its payload (it may carry personal data). */
export interface DeadLetter {
  id: number;
  subject: string;
  attempts: number;
  deadAt: Date;
  /** The last emit's error, cut to `errorChars`. */
  lastError: string | null;
}

/** Which dead letters to re-arm: the rows named, or every dead row of the table. */
export type DeadLetterSelection = { ids: readonly number[] } | { all: true };

export interface ResendResult {
  /** Re-armed: live again, attempts 0, due now; the service's publisher sends them on its next round. */
  resent: number[];
  /** Named but live (waiting, backing off or leased to a publisher): a resend would send them twice. */
  live: number[];
  /** Named but not in the table: published and deleted, or never stored. */
  missing: number[];
}

/**
 * The outbox's dead letters (rows given up on after `maxAttempts`), for an operator: listed without
 * their payloads, and re-armed once the cause is fixed. Re-arming is the library's rule, not SQL in a
 * script: under the table's claim lock, only rows that are dead, all or nothing.
 *
 * A re-armed row goes out on the publisher's next round, ahead of the live rows stored after it (the
 * claim takes the lowest ids first) but after those already sent: its consumers get it late, as they
 * would any at-least-once event after an outage.
 */
export class DeadLetters {
  private readonly lockKey: string;

  constructor(
    private readonly db: Pick<NodePgDatabase, 'execute' | 'transaction'>,
    private readonly table: OutboxTable,
  ) {
    this.lockKey = claimLockKey(table);
  }

  /** The dead rows, oldest first, at most `limit`; the last error cut to `errorChars` characters. */
  async list(options: { limit?: number; errorChars?: number } = {}): Promise<DeadLetter[]> {
    const { limit = 100, errorChars = 200 } = options;
    type Row = { id: string; subject: string; attempts: number; dead_ms: number; last_error: string | null };
    const { rows } = await this.db.execute<Row>(sql`
      select id, subject, attempts, (extract(epoch from dead_at) * 1000)::float8 as dead_ms,
        left(last_error, ${errorChars}) as last_error
      from ${this.table} where dead_at is not null order by id limit ${limit}`);
    return rows.map((r) => ({
      id: Number(r.id),
      subject: r.subject,
      attempts: r.attempts,
      // milliseconds: drizzle's driver hands timestamps over as text
      deadAt: new Date(r.dead_ms),
      lastError: r.last_error,
    }));
  }

  /** How many rows are dead. */
  async count(): Promise<number> {
    const { rows } = await this.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${this.table} where dead_at is not null`,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * Re-arms dead rows: `dead_at` null, `attempts` 0, due now (`last_error` stays until the next
   * attempt). Named rows are re-armed only if every one of them is dead: a live row would be sent
   * twice, and an operator who named it is better told than half-served. Returns what was re-armed
   * and, for named rows, which were live or missing (then nothing was re-armed).
   */
  async resend(selection: DeadLetterSelection): Promise<ResendResult> {
    const table = this.table;
    return this.db.transaction(async (tx) => {
      await lockClaims(tx, this.lockKey);
      let which = sql`dead_at is not null`;
      if (!('all' in selection)) {
        const ids = [...new Set(selection.ids)];
        const { rows } = await tx.execute<{ id: string; dead: boolean }>(sql`
          select id, dead_at is not null as dead from ${table}
          where id = any(${sql.param(ids)}::bigint[]) for update`);
        const found = new Map(rows.map((r) => [Number(r.id), r.dead]));
        const live = ids.filter((id) => found.get(id) === false);
        const missing = ids.filter((id) => !found.has(id));
        if (live.length > 0 || missing.length > 0) return { resent: [], live, missing };
        which = sql`id = any(${sql.param(ids)}::bigint[])`;
      }
      const { rows } = await tx.execute<{ id: string }>(sql`
        update ${table} set dead_at = null, attempts = 0, next_attempt_at = now()
        where ${which} returning id`);
      const resent = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
      return { resent, live: [], missing: [] };
    });
  }
}
