import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './database.js';

/**
 * Creates the service's schema and applies its Drizzle migrations (folder with meta/_journal.json).
 * The journal table lives in the service's own schema, so services migrate independently.
 * A serialized advisory lock keeps replicas that boot together from migrating twice.
 */
export async function runMigrations(database: Database, migrationsFolder?: string): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [`migrate:${database.schema}`]);
    await client.query(`create schema if not exists "${database.schema}"`);
    if (migrationsFolder && existsSync(join(migrationsFolder, 'meta', '_journal.json'))) {
      await migrate(database.db, {
        migrationsFolder,
        migrationsSchema: database.schema,
        migrationsTable: '__migrations',
      });
    }
  } finally {
    await client
      .query('select pg_advisory_unlock(hashtext($1))', [`migrate:${database.schema}`])
      .catch(() => undefined);
    client.release();
  }
}
