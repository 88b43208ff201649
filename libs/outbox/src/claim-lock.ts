import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { OutboxTable } from './table.js';

/** What names a table's claim lock: its qualified name. */
export function claimLockKey(table: OutboxTable): string {
  const config = getTableConfig(table);
  return `${config.schema ?? 'public'}.${config.name}`;
}

/**
 * Takes a table's claim lock for the rest of `tx`: (hash of 'outbox', hash of its qualified name).
 * Whatever changes which rows a claim may take (a claim itself, a settle, a re-armed dead letter)
 * holds it, so no claim reads the queue's head while it changes.
 */
export async function lockClaims(tx: Pick<NodePgDatabase, 'execute'>, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('outbox'), hashtext(${key}))`);
}
