// `node --conditions=source --import ./tools/register.mjs libs/outbox/bench/outbox.bench.ts` (from the repo root):
// an idle publisher's empty round, one publisher draining 20,000 rows, publishNow of one row at a time.
// A schema of its own in metatag_test (TEST_DATABASE_URL overrides), dropped afterwards.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { pgSchema } from 'drizzle-orm/pg-core';
import { createDatabase, ensureDatabaseExists } from '@metatag/db';
import { CHIPLINKS_EVENTS } from '@metatag/events';
import { Outbox, outboxEvent, outboxTable } from '../src/index.js';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
await ensureDatabaseExists(url);
const name = `t_bench_${randomBytes(3).toString('hex')}`;
const database = createDatabase({ url, schema: name });
await database.pool.query(`create schema "${name}"; create table "${name}".outbox (
  id bigserial primary key, subject text not null, payload jsonb not null,
  attempts integer not null default 0, next_attempt_at timestamptz not null default now(),
  dead_at timestamptz, last_error text, created_at timestamptz not null default now());
  create index outbox_live_idx on "${name}".outbox (id) where dead_at is null;`);
let sent = 0;
const box = new Outbox({
  service: 'bench',
  database,
  table: outboxTable(pgSchema(name)),
  client: { emit: async () => void (sent += 1) },
  logger: { warn() {}, error() {} },
});
try {
  // an empty claim (what an idle publisher does every 100 ms)
  const idle: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t = performance.now();
    await box.publishRound();
    idle.push(performance.now() - t);
  }
  idle.sort((a, b) => a - b);
  console.log(`empty round: p50 ${idle[150].toFixed(2)} ms, p99 ${idle[297].toFixed(2)} ms`);
  const N = 20_000;
  for (let i = 0; i < N; i += 1000)
    await box.add(
      database.db,
      Array.from({ length: 1000 }, (_, k) =>
        outboxEvent(CHIPLINKS_EVENTS.countsChanged, { nftId: i + k + 1, chips: 1, links: 0 }),
      ),
    );
  let t = performance.now();
  await box.publishAll();
  let s = (performance.now() - t) / 1000;
  console.log(
    `drain ${sent} events (batch 500, no-op emit): ${s.toFixed(2)} s = ${Math.round(sent / s)} events/s`,
  );
  // publishNow of one row at a time (the voucher path)
  const M = 500;
  sent = 0;
  const lat: number[] = [];
  t = performance.now();
  for (let i = 0; i < M; i++) {
    const ids = await box.add(database.db, [
      outboxEvent(CHIPLINKS_EVENTS.countsChanged, { nftId: i + 1, chips: 1, links: 0 }),
    ]);
    const u = performance.now();
    await box.publishNow(ids);
    lat.push(performance.now() - u);
  }
  s = (performance.now() - t) / 1000;
  lat.sort((a, b) => a - b);
  console.log(
    `publishNow of one row: p50 ${lat[M / 2].toFixed(2)} ms, p99 ${lat[Math.floor(M * 0.99)].toFixed(2)} ms (${M} rows, ${sent} sent)`,
  );
} finally {
  await database.pool.query(`drop schema "${name}" cascade`);
  await database.close();
}
