import { after, before } from 'node:test';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createDatabase, ensureDatabaseExists, runMigrations, type Database } from '@metatag/db';

const migrations = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * A new database of the local PostgreSQL with chiplinks' migrations, reached through `pools` pools of
 * its own (as that many replicas would be: their claims and locks really meet), and its removal.
 */
export async function freshChiplinksDatabase(
  name: string,
  pools = 2,
): Promise<{ databases: Database[]; drop(): Promise<void> }> {
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test');
  const dbName = `metatag_${name}_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${dbName}`;
  await ensureDatabaseExists(url.toString());
  const databases = Array.from({ length: pools }, () =>
    createDatabase({ url: url.toString(), schema: 'chiplinks' }),
  );
  await runMigrations(databases[0]!, migrations);
  return {
    databases,
    async drop() {
      await Promise.all(databases.map((d) => d.close()));
      url.pathname = '/postgres';
      const admin = new pg.Client({ connectionString: url.toString() });
      await admin.connect();
      await admin.query(`drop database if exists "${dbName}" with (force)`);
      await admin.end();
    },
  };
}

/**
 * The same for a test file: made before its tests, dropped after them; `first` and `second` are two
 * replicas' pools (read them inside tests: they exist once `before` ran).
 */
export function useFreshChiplinksDatabase(name: string): {
  readonly first: Database;
  readonly second: Database;
} {
  let fresh: Awaited<ReturnType<typeof freshChiplinksDatabase>> | undefined;
  before(async () => {
    fresh = await freshChiplinksDatabase(name);
  });
  after(() => fresh?.drop());
  const pool = (i: number) => {
    if (!fresh) throw new Error('the database is made in before()');
    return fresh.databases[i]!;
  };
  return {
    get first() {
      return pool(0);
    },
    get second() {
      return pool(1);
    },
  };
}
