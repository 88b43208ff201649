import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDatabase, runMigrations, ensureDatabaseExists } from './index.js';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
const migrations = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));

test('migrations create the service schema, run once, and stay in that schema', async () => {
  await ensureDatabaseExists(url);
  const schema = `t_${randomBytes(4).toString('hex')}`;
  const a = createDatabase({ url, schema });
  const b = createDatabase({ url, schema });
  try {
    // two replicas booting at once: the advisory lock serializes them
    await Promise.all([runMigrations(a, migrations), runMigrations(b, migrations)]);
    await runMigrations(a, migrations);
    await a.pool.query(`insert into widgets (name) values ('x')`);
    const { rows } = await a.pool.query(
      `select table_schema from information_schema.tables where table_name = 'widgets' and table_schema = $1`,
      [schema],
    );
    assert.equal(rows.length, 1);
    const journal = await a.pool.query(`select count(*)::int as n from "${schema}"."__migrations"`);
    assert.equal(journal.rows[0].n, 1);
    assert.equal(await a.ping(), true);
  } finally {
    await a.pool.query(`drop schema if exists "${schema}" cascade`);
    await a.close();
    await b.close();
  }
});

test('a schema without migrations is still created', async () => {
  const schema = `t_${randomBytes(4).toString('hex')}`;
  const db = createDatabase({ url, schema });
  try {
    await runMigrations(db);
    const { rowCount } = await db.pool.query(
      'select 1 from information_schema.schemata where schema_name = $1',
      [schema],
    );
    assert.equal(rowCount, 1);
  } finally {
    await db.pool.query(`drop schema if exists "${schema}" cascade`);
    await db.close();
  }
});

test('an unreachable database answers ping with false, not an exception', async () => {
  const db = createDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', schema: 'x' });
  assert.equal(await db.ping(), false);
  await db.close();
});
