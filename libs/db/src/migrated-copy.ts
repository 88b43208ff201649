import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase } from './database.js';
import { runMigrations } from './migrate.js';

/** A service's schema and the folder of its Drizzle migrations. */
export interface SchemaMigrations {
  schema: string;
  folder?: string;
}

/** The migration folder's files, as paths relative to it, in a stable order. */
function filesOf(folder: string | undefined): string[] {
  if (!folder || !existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(join(folder, file)).isFile())
    .sort();
}

/** The template's name: a digest of every schema's name and every migration file's name and bytes. */
function templateName(migrations: SchemaMigrations[]): string {
  const hash = createHash('sha256');
  for (const { schema, folder } of migrations) {
    hash.update(`schema ${schema}\n`);
    for (const file of filesOf(folder)) hash.update(`${file}\n`).update(readFileSync(join(folder!, file)));
  }
  return `metatag_tpl_${hash.digest('hex').slice(0, 20)}`;
}

/**
 * Creates the database at `url` as a copy of a template that holds `migrations` already applied
 * (made once per set of migration files, under an advisory lock, and marked a template when done).
 * For tests, which start a stack on a fresh database dozens of times a run: copying a migrated
 * database costs a fraction of applying some 60 migrations again. The services still run their
 * migrations at boot; on the copy they find nothing to do.
 */
export async function createMigratedDatabase(url: string, migrations: SchemaMigrations[]): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`refusing to create database with name ${name}`);
  const template = templateName(migrations);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [template]);
    try {
      const { rowCount } = await client.query(
        'select 1 from pg_database where datname = $1 and datistemplate',
        [template],
      );
      if (!rowCount) {
        // a run stopped halfway leaves a database that is not yet marked a template: start it again
        await client.query(`drop database if exists "${template}" with (force)`);
        await client.query(`create database "${template}"`);
        const at = new URL(url);
        at.pathname = `/${template}`;
        for (const { schema, folder } of migrations) {
          // two connections: runMigrations holds one for its advisory lock while Drizzle migrates on another
          const database = createDatabase({ url: at.toString(), schema, poolSize: 2 });
          try {
            await runMigrations(database, folder);
          } finally {
            await database.close();
          }
        }
        await client.query(`alter database "${template}" with is_template true`);
      }
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [template]);
    }
    await client.query(`create database "${name}" template "${template}"`);
  } finally {
    await client.end();
  }
}
