import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { pgSchema } from 'drizzle-orm/pg-core';
import { createDatabase, ensureDatabaseExists, type Database } from '@metatag/db';
import { CHIPLINKS_EVENTS, type EventDefinition } from '@metatag/events';
import { outboxEvent } from './event.js';
import { Outbox, type OutboxOptions } from './outbox.js';
import { outboxTable } from './table.js';

// Dead letters against the real PostgreSQL: dead-lettered by a failing publisher, listed, re-armed,
// then published and deleted by a working one. The CLI (`npm run outbox`, tools/outbox-cli.ts) runs
// as the operator runs it, in a database of its own whose `relayer` schema holds the outbox table.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
const root = fileURLToPath(new URL('../../..', import.meta.url));
const quiet = { warn() {}, error() {} };
const opened: Database[] = [];
const databases: string[] = [];

after(async () => {
  for (const db of opened) {
    if (db.schema.startsWith('t_dead_'))
      await db.pool.query(`drop schema if exists "${db.schema}" cascade`).catch(() => undefined);
    await db.close();
  }
  const admin = new pg.Client({ connectionString: withDatabase('postgres') });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

function withDatabase(name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The outbox table in `schema` of the database at `at` (the DDL drizzle-kit generates from table.ts). */
async function outboxIn(at: string, schema: string) {
  await ensureDatabaseExists(at);
  const database = createDatabase({ url: at, schema });
  opened.push(database);
  await database.pool.query(`
    create schema "${schema}";
    create table "${schema}".outbox (
      id bigserial primary key, subject text not null, payload jsonb not null,
      attempts integer not null default 0, next_attempt_at timestamptz not null default now(),
      dead_at timestamptz, last_error text, created_at timestamptz not null default now());`);
  return { database, table: outboxTable(pgSchema(schema)) };
}

/** Records each emit; refuses the nftIds in `refused`. */
function recorder(refused: Set<number> = new Set()) {
  const sent: number[] = [];
  const client = {
    async emit(_definition: EventDefinition, payload: unknown) {
      const { nftId } = payload as { nftId: number };
      if (refused.has(nftId)) throw new Error('the consumer is down');
      sent.push(nftId);
    },
  };
  return { sent, client };
}

const counts = (nftId: number) => outboxEvent(CHIPLINKS_EVENTS.countsChanged, { nftId, chips: 1, links: 0 });

function outbox(env: Awaited<ReturnType<typeof outboxIn>>, client: OutboxOptions['client']) {
  // one attempt: the first failure dead-letters the row
  return new Outbox({ service: 'test', ...env, client, logger: quiet, maxAttempts: 1 });
}

async function count(env: Awaited<ReturnType<typeof outboxIn>>): Promise<number> {
  const { rows } = await env.database.pool.query(
    `select count(*)::int as n from "${env.database.schema}".outbox`,
  );
  return rows[0].n;
}

test('dead rows are listed without payloads, re-armed all or nothing, then published and deleted', async () => {
  const env = await outboxIn(url, `t_dead_${randomBytes(4).toString('hex')}`);
  const failing = outbox(env, recorder(new Set([2, 3])).client);
  const [, two, three, four] = await failing.add(env.database.db, [1, 2, 3, 4].map(counts));
  assert.equal(await failing.publishAll(), 1, 'row 1 is sent; row 2 fails and is dead');
  assert.equal(await failing.publishAll(), 0, 'row 3 fails and is dead');
  const dead = await failing.deadLetters.list({ errorChars: 10 });
  assert.deepEqual(
    dead.map((d) => ({ ...d, deadAt: Date.now() - d.deadAt.getTime() < 60_000 })),
    [two, three].map((id) => ({
      id,
      subject: CHIPLINKS_EVENTS.countsChanged.subject,
      attempts: 1,
      deadAt: true,
      lastError: 'the consum',
    })),
  );
  assert.equal(await failing.deadLetters.count(), 2);

  // a live row among the named ones: nothing is re-armed
  assert.deepEqual(await failing.deadLetters.resend({ ids: [two!, four!, 999_999] }), {
    resent: [],
    live: [four],
    missing: [999_999],
  });
  assert.equal(await failing.deadLetters.count(), 2);
  assert.deepEqual(await failing.deadLetters.resend({ ids: [two!] }), {
    resent: [two],
    live: [],
    missing: [],
  });

  const working = recorder();
  const healthy = outbox(env, working.client);
  assert.equal(await healthy.publishAll(), 2, 'the re-armed row and the live one');
  assert.deepEqual(working.sent, [2, 4], 'the re-armed row first: it has the lower id');
  assert.deepEqual((await healthy.deadLetters.resend({ all: true })).resent, [three]);
  assert.equal(await healthy.publishAll(), 1);
  assert.deepEqual(working.sent, [2, 4, 3]);
  assert.equal(await count(env), 0, 'every row sent and deleted');
  assert.deepEqual(await healthy.deadLetters.resend({ all: true }), { resent: [], live: [], missing: [] });
});

/** Runs `npm run outbox -- …` as an operator would (the same node flags as package.json's script). */
function cli(args: string[], databaseUrl: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=source', '--import', './tools/register.mjs', 'tools/outbox-cli.ts', ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('npm run outbox: dead lists ids and subjects, resend re-arms, a row that is not dead exits 1', async () => {
  const name = `metatag_outbox_cli_${randomBytes(4).toString('hex')}`;
  databases.push(name);
  const at = withDatabase(name);
  const env = await outboxIn(at, 'relayer');
  const SECRET = 987_654_321; // in the payload only: never printed
  const failing = outbox(env, recorder(new Set([SECRET])).client);
  const [deadId, liveId] = await failing.add(env.database.db, [counts(SECRET), counts(7)]);
  assert.equal((await failing.publishRound()).failed?.dead, true);

  const listed = await cli(['dead', '--service', 'relayer'], at);
  assert.equal(listed.code, 0, listed.stderr);
  assert.match(listed.stdout, /^relayer: 1 dead row\n/);
  assert.match(
    listed.stdout,
    new RegExp(`\\n\\s+${deadId}\\s+${CHIPLINKS_EVENTS.countsChanged.subject}\\s+1\\s+\\d{4}-`),
  );
  assert.match(listed.stdout, /the consumer is down\n$/, 'the last error');
  assert.ok(!listed.stdout.includes(String(SECRET)) && !listed.stdout.includes('nftId'), 'no payload');

  const all = await cli(['dead'], at);
  assert.match(all.stdout, /templates: no outbox table in this database/);
  assert.match(all.stdout, /chiplinks: no outbox table in this database/);

  const notDead = await cli(['resend', '--id', String(liveId), '--service', 'relayer'], at);
  assert.equal(notDead.code, 1);
  assert.match(notDead.stderr, new RegExp(`relayer: nothing re-armed\\.\\n\\s+row ${liveId} is not dead`));
  const gone = await cli(['resend', '--id', '424242', '--service', 'relayer'], at);
  assert.equal(gone.code, 1);
  assert.match(gone.stderr, /row 424242 is not in relayer's outbox/);
  assert.equal((await cli(['resend', '--id', String(deadId)], at)).code, 2, '--service is required');
  assert.equal(await failing.deadLetters.count(), 1, 'still dead');

  const resent = await cli(['resend', '--id', String(deadId), '--service', 'relayer'], at);
  assert.equal(resent.code, 0, resent.stderr);
  assert.match(resent.stdout, new RegExp(`relayer: re-armed 1 row \\(id ${deadId}\\)`));

  const working = recorder();
  assert.equal(await outbox(env, working.client).publishAll(), 2);
  assert.deepEqual(working.sent, [SECRET, 7]);
  assert.equal(await count(env), 0);
  assert.match((await cli(['dead', '--service', 'relayer'], at)).stdout, /^relayer: no dead rows$/m);
});
