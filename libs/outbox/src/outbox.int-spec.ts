import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pgSchema } from 'drizzle-orm/pg-core';
import { createDatabase, ensureDatabaseExists, type Database } from '@metatag/db';
import { CHIPLINKS_EVENTS, type EventDefinition } from '@metatag/events';
import { metricsRegistry } from '@metatag/nest-kit';
import { outboxEvent } from './event.js';
import { Outbox, type OutboxOptions } from './outbox.js';
import { outboxTable } from './table.js';

// The outbox against the real PostgreSQL (claims, locks and clocks are the database's). The emitter is
// the one stand-in: it records what the transport was handed, and fails when a test says so.
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
const quiet = { warn() {}, error() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const opened: Database[] = [];

after(async () => {
  for (const db of opened) {
    await db.pool.query(`drop schema if exists "${db.schema}" cascade`).catch(() => undefined);
    await db.close();
  }
});

/** A schema of its own with the table the factory describes (the DDL drizzle-kit generates from it). */
async function freshOutbox() {
  await ensureDatabaseExists(url);
  const name = `t_outbox_${randomBytes(4).toString('hex')}`;
  const database = createDatabase({ url, schema: name });
  opened.push(database);
  await database.pool.query(`
    create schema "${name}";
    create table "${name}".outbox (
      id bigserial primary key, subject text not null, payload jsonb not null,
      attempts integer not null default 0, next_attempt_at timestamptz not null default now(),
      dead_at timestamptz, last_error text, created_at timestamptz not null default now());`);
  return { database, table: outboxTable(pgSchema(name)) };
}

/** Records each emit; `failing(subject, id)` decides whether it throws. */
function recorder(failing: (payload: { nftId: number }) => boolean = () => false) {
  const sent: number[] = [];
  return {
    sent,
    client: {
      async emit(_definition: EventDefinition, payload: unknown) {
        const p = payload as { nftId: number };
        if (failing(p)) throw new Error(`emit of ${p.nftId} refused`);
        sent.push(p.nftId);
      },
    },
  };
}

const counts = (nftId: number) => outboxEvent(CHIPLINKS_EVENTS.countsChanged, { nftId, chips: 1, links: 0 });

function outbox(
  env: Awaited<ReturnType<typeof freshOutbox>>,
  client: OutboxOptions['client'],
  options: Partial<OutboxOptions> = {},
) {
  return new Outbox({ service: 'test', ...env, client, logger: quiet, ...options });
}

test('events are stored with their transaction and published in id order, then deleted', async () => {
  const env = await freshOutbox();
  const { sent, client } = recorder();
  const box = outbox(env, client);
  await env.database.db
    .transaction(async (tx) => {
      await box.add(tx, [counts(99)]);
      throw new Error('rolled back');
    })
    .catch(() => undefined);
  const ids = await env.database.db.transaction((tx) => box.add(tx, [1, 2, 3].map(counts)));
  assert.equal(ids.length, 3);
  assert.equal(await box.publishAll(), 3);
  assert.deepEqual(sent, [1, 2, 3], 'the rolled-back event never went out; the rest in order');
  const { rows } = await env.database.pool.query(
    `select count(*)::int as n from "${env.database.schema}".outbox`,
  );
  assert.equal(rows[0].n, 0);
});

test('a failed emit stops the round, backs its row off and holds the later rows behind it', async () => {
  const env = await freshOutbox();
  let refuse = true;
  const { sent, client } = recorder((p) => refuse && p.nftId === 2);
  const box = outbox(env, client, { backoff: { fromMs: 400, maxMs: 10_000 } });
  await box.add(env.database.db, [1, 2, 3].map(counts));

  const round = await box.publishRound();
  assert.equal(round.published, 1);
  assert.equal(round.failed?.dead, false);
  const { rows } = await env.database.pool.query(
    `select attempts, last_error, next_attempt_at > now() as waiting from "${env.database.schema}".outbox where payload->>'nftId' = '2'`,
  );
  assert.deepEqual(rows[0], { attempts: 1, last_error: 'emit of 2 refused', waiting: true });

  refuse = false;
  assert.equal(await box.publishAll(), 0, 'row 2 backs off, and 3 may not overtake it');
  assert.deepEqual(sent, [1]);
  await sleep(450);
  assert.equal(await box.publishAll(), 2);
  assert.deepEqual(sent, [1, 2, 3]);
});

test('a row that fails maxAttempts times is dead-lettered, counted, and no longer holds the others', async () => {
  const env = await freshOutbox();
  const { sent, client } = recorder((p) => p.nftId === 2);
  const box = outbox(env, client, {
    service: 'dead-test',
    maxAttempts: 2,
    backoff: { fromMs: 50, maxMs: 50 },
  });
  await box.add(env.database.db, [1, 2, 3].map(counts));

  assert.equal((await box.publishRound()).failed?.dead, false);
  await sleep(80);
  const second = await box.publishRound();
  assert.equal(second.failed?.dead, true, 'the second failure is the last attempt');
  assert.equal(await box.publishAll(), 1);
  assert.deepEqual(sent, [1, 3]);

  const { rows } = await env.database.pool.query(
    `select attempts, dead_at is not null as dead from "${env.database.schema}".outbox`,
  );
  assert.deepEqual(rows, [{ attempts: 2, dead: true }], 'the dead row is kept for an operator');
  box.start();
  const metrics = await metricsRegistry.metrics();
  await box.stop();
  assert.match(metrics, /metatag_outbox_events_total\{service="dead-test",outcome="dead"\} 1/);
  assert.match(metrics, /metatag_outbox_events_total\{service="dead-test",outcome="failed"\} 2/);
  assert.match(metrics, /metatag_outbox_events_total\{service="dead-test",outcome="published"\} 2/);
  assert.match(metrics, /metatag_outbox_backlog\{service="dead-test",state="dead"\} 1/);
  assert.match(metrics, /metatag_outbox_backlog\{service="dead-test",state="pending"\} 0/);
});

test('two publishers (replicas) share the rows: each published once, all in id order', async () => {
  const env = await freshOutbox();
  const replica = createDatabase({ url, schema: env.database.schema });
  const sent: number[] = [];
  // a slow transport, so the two publishers overlap
  const client = {
    async emit(_d: EventDefinition, payload: unknown) {
      await sleep(1);
      sent.push((payload as { nftId: number }).nftId);
    },
  };
  const a = outbox(env, client, { batchSize: 25 });
  const b = outbox({ ...env, database: replica }, client, { batchSize: 25 });
  const all = Array.from({ length: 200 }, (_, i) => i + 1);
  await a.add(env.database.db, all.map(counts));
  try {
    await Promise.all([a.publishAll(), b.publishAll(), a.publishAll(), b.publishAll()]);
    // whatever a publisher found leased by the other is left to it; finish what is left
    while (sent.length < 200 && (await a.publishAll()) + (await b.publishAll()) > 0);
    assert.deepEqual(sent, all);
  } finally {
    await replica.close();
  }
});

test('rows claimed by a publisher that died are published by another once the lease ends', async () => {
  const env = await freshOutbox();
  const { sent, client } = recorder();
  // this publisher's transport never answers: it holds its claim, as a crashed process would
  const stuck = outbox(env, { emit: () => new Promise<void>(() => undefined) }, { leaseMs: 300 });
  const healthy = outbox(env, client, { leaseMs: 300 });
  await stuck.add(env.database.db, [1, 2].map(counts));
  void stuck.publishRound(); // never settles: the stuck publisher is gone as far as the table knows
  await sleep(50);
  assert.equal(await healthy.publishAll(), 0, 'leased rows are not taken');
  await sleep(300);
  assert.equal(await healthy.publishAll(), 2);
  assert.deepEqual(sent, [1, 2]);
});

test('the notify hook signals the selected subjects at commit, and no others', async () => {
  const env = await freshOutbox();
  const channel = `outbox_${randomBytes(3).toString('hex')}`;
  const box = outbox(env, recorder().client, {
    notify: { channel, subjects: [CHIPLINKS_EVENTS.voucherIssued.subject] },
  });
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  const heard: string[] = [];
  listener.on('notification', (n) => heard.push(n.channel));
  await listener.query(`listen ${channel}`);
  try {
    await box.add(env.database.db, [counts(1)]);
    await env.database.db.transaction(async (tx) => {
      await box.add(tx, [
        outboxEvent(CHIPLINKS_EVENTS.voucherIssued, {
          chain: 'anvil',
          collection: `0x${'11'.repeat(20)}`,
          tokenId: '1',
          nftId: 1,
          source: 'link',
        }),
      ]);
      await sleep(100);
      assert.deepEqual(heard, [], 'nothing before the commit');
    });
    await sleep(100);
    assert.deepEqual(heard, [channel]);
  } finally {
    await listener.end();
  }
});

test('publishNow sends the rows it names ahead of older ones, and leaves the rest to the publisher', async () => {
  const env = await freshOutbox();
  const { sent, client } = recorder();
  const box = outbox(env, client);
  await box.add(env.database.db, [1, 2].map(counts));
  const ids = await box.add(env.database.db, [counts(3)]);
  assert.equal((await box.publishNow(ids)).published, 1);
  assert.deepEqual(sent, [3]);
  assert.equal((await box.publishNow(ids)).claimed, 0, 'a row already sent is not sent again');
  assert.equal(await box.publishAll(), 2);
  assert.deepEqual(sent, [3, 1, 2]);
});

test('publishNow of a row the periodic round claimed first returns once that round sent it', async () => {
  const env = await freshOutbox();
  const sent: number[] = [];
  const client = {
    async emit(_d: EventDefinition, payload: unknown) {
      await sleep(200); // a slow consumer on the in-process bus
      sent.push((payload as { nftId: number }).nftId);
    },
  };
  const box = outbox(env, client);
  const ids = await box.add(env.database.db, [counts(1)]);
  const round = box.publishAll(); // the periodic round wins the race for the row
  await sleep(50);
  const now = await box.publishNow(ids);
  assert.equal(now.claimed, 0);
  assert.deepEqual(sent, [1], 'the caller reads its write');
  assert.equal(await round, 1);
});
