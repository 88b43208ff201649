import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createDatabase, createMigratedDatabase, runMigrations, ensureDatabaseExists } from './index.js';

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

test('a migrated copy: the template is made once, each copy starts with the migrations applied and apart', async () => {
  // a schema name of this run only: its template is new, so this run makes it (and drops it after)
  const schema = `t_${randomBytes(4).toString('hex')}`;
  const copyUrl = () => {
    const at = new URL(url);
    at.pathname = `/metatag_copy_${randomBytes(4).toString('hex')}`;
    return at.toString();
  };
  const copies = [copyUrl(), copyUrl(), copyUrl()];
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const server = createDatabase({ url: admin.toString(), schema: 'public', poolSize: 1 });
  const templates = async () =>
    (
      await server.pool.query<{ datname: string }>(
        `select datname from pg_database where datistemplate and datname like 'metatag_tpl_%'`,
      )
    ).rows.map((r) => r.datname);
  const before = new Set(await templates());
  const made = async () => (await templates()).filter((t) => !before.has(t));
  try {
    // three at once, as parallel test files start: one makes the template, all three copy it
    await Promise.all(copies.map((c) => createMigratedDatabase(c, [{ schema, folder: migrations }])));
    assert.equal((await made()).length, 1);
    const dbs = copies.map((c) => createDatabase({ url: c, schema }));
    try {
      for (const db of dbs) {
        const journal = await db.pool.query(`select count(*)::int as n from "${schema}"."__migrations"`);
        assert.equal(journal.rows[0].n, 1);
        // the service's own boot finds nothing left to apply
        await runMigrations(db, migrations);
        const again = await db.pool.query(`select count(*)::int as n from "${schema}"."__migrations"`);
        assert.equal(again.rows[0].n, 1);
      }
      await dbs[0]!.pool.query(`insert into widgets (name) values ('only here')`);
      const other = await dbs[1]!.pool.query(`select count(*)::int as n from widgets`);
      assert.equal(other.rows[0].n, 0);
    } finally {
      await Promise.all(dbs.map((db) => db.close()));
    }
    // a fourth copy reuses the template
    copies.push(copyUrl());
    await createMigratedDatabase(copies[3]!, [{ schema, folder: migrations }]);
    assert.equal((await made()).length, 1);
  } finally {
    for (const c of copies)
      await server.pool.query(`drop database if exists "${new URL(c).pathname.slice(1)}" with (force)`);
    for (const t of await made()) {
      await server.pool.query(`alter database "${t}" with is_template false`);
      await server.pool.query(`drop database "${t}" with (force)`);
    }
    await server.close();
  }
});
