import { and, asc, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@metatag/db';

/**
 * Work that chiplinks records as due and a gateway loop delivers (decisions 105 and 112): the
 * redemption notices and the shop buyers' emails. A row is due while its due column is set and
 * passed; a claim moves it a lease ahead and counts the attempt, so a claimer that dies mid-delivery
 * leaves it due again after the lease; a failed delivery is due again later (spaced, bounded).
 *
 * How long a claimed row is the claimer's: longer than a delivery can take (a webhook gives up after
 * 5 s; SMTP is given as long), short enough that a crashed gateway's work is retried soon.
 */
export const DUE_LEASE_MS = 120_000;
/** After a failed delivery: 5 s, doubling per attempt, at most an hour apart; 12 attempts (~2.5 h). */
export const DUE_RETRY_MS = 5_000;
export const DUE_RETRY_MAX_MS = 3_600_000;
export const DUE_MAX_ATTEMPTS = 12;

/** When work that failed on its `attempts`-th try is due again; null when the tries ran out. */
export function retryAt(now: Date, attempts: number): Date | null {
  if (attempts >= DUE_MAX_ATTEMPTS) return null;
  const delay = Math.min(DUE_RETRY_MS * 2 ** Math.max(0, attempts - 1), DUE_RETRY_MAX_MS);
  return new Date(now.getTime() + delay);
}

export const leaseFrom = (now: Date) => new Date(now.getTime() + DUE_LEASE_MS);

/** Where a table keeps its due work: the due time, the attempts, and the columns naming a row. */
export interface DueColumns {
  dueAt: PgColumn;
  attempts: PgColumn;
  key: PgColumn[];
}

/**
 * Takes up to `limit` due rows (`due <= now`, oldest first) and leases them until `leaseUntil`, in one
 * statement: rows another replica is claiming right now are skipped (SKIP LOCKED), so two claimers never
 * take the same one, and nobody waits on a lock.
 */
export async function claimDue<T extends PgTable>(
  database: Database,
  table: T,
  columns: DueColumns,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<T['$inferSelect'][]> {
  const { dueAt, attempts, key } = columns;
  const keys = sql.join(key, sql`, `);
  const due = database.db
    .select(Object.fromEntries(key.map((c) => [c.name, c])))
    .from(table as PgTable)
    .where(and(isNotNull(dueAt), lte(dueAt, now)))
    .orderBy(asc(dueAt), ...key.map((c) => asc(c)))
    .limit(limit)
    .for('update', { skipLocked: true });
  const where: SQL = sql`(${keys}) IN (${due})`;
  const rows = await database.db
    .update(table as PgTable)
    .set({ [propertyOf(table, dueAt)]: leaseUntil, [propertyOf(table, attempts)]: sql`${attempts} + 1` })
    .where(where)
    .returning();
  return rows as T['$inferSelect'][];
}

/** The table's property name of a column (drizzle's `set` takes those, not the SQL names). */
function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(table).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not one of the table's`);
  return entry[0];
}
