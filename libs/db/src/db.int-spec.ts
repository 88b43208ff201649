import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
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

/**
 * A TCP proxy in front of PostgreSQL that, once armed, cuts the connection carrying the next BEGIN:
 * the server gone between a pool checkout and its transaction's first statement.
 */
async function proxyCuttingBegin(target: URL): Promise<{ url: string; arm(): void; close(): Promise<void> }> {
  let armed = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    client.on('data', (chunk) => {
      // a simple-protocol Query ('Q') or a Parse ('P') whose text starts with begin
      if (armed && /^[QP][\s\S]*?\bbegin\b/i.test(chunk.toString('latin1'))) {
        armed = false;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    arm: () => (armed = true),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

// (a time limit: with a leaked client the pool's end() waits for it forever)
test(
  'a transaction whose BEGIN meets a dead connection gives its client back: the pool is not drained',
  { timeout: 30_000 },
  async () => {
    await ensureDatabaseExists(url);
    const proxy = await proxyCuttingBegin(new URL(url));
    // one client: a leaked one would leave the next transaction waiting for a connection until it fails
    const db = createDatabase({ url: proxy.url, schema: 'public', poolSize: 1 });
    try {
      for (let i = 0; i < 3; i++) {
        proxy.arm();
        await assert.rejects(db.db.transaction((tx) => tx.execute(sql`select 1`)));
        const { rows } = await db.db.transaction((tx) => tx.execute<{ n: number }>(sql`select 2 as n`));
        assert.equal(rows[0].n, 2);
      }
      assert.equal(db.pool.totalCount, 1);
      assert.equal(db.pool.idleCount, 1);
    } finally {
      await db.close();
      await proxy.close();
    }
  },
);

test('a transaction that fails is rolled back and its client reused; a failed BEGIN does not hold one', async () => {
  await ensureDatabaseExists(url);
  const db = createDatabase({ url, schema: 'public', poolSize: 1 });
  try {
    await assert.rejects(
      db.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        throw new Error('the caller changed its mind');
      }),
      /changed its mind/,
    );
    // a BEGIN the server refuses (an access mode PostgreSQL does not know)
    await assert.rejects(
      db.db.transaction((tx) => tx.execute(sql`select 1`), { accessMode: 'bogus' as never }),
    );
    const { rows } = await db.db.transaction(
      (tx) => tx.execute<{ transaction_isolation: string }>(sql`show transaction_isolation`),
      { isolationLevel: 'repeatable read' },
    );
    assert.equal(rows[0].transaction_isolation, 'repeatable read');
    assert.equal(db.pool.totalCount, 1);
  } finally {
    await db.close();
  }
});
