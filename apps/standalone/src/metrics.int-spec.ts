// own process: it reads counters off the process-wide Prometheus registry, which the stacks of earlier
// files in a shared process would have counted into
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startAnvil, type Anvil } from '@metatag/relayer/testing';
import { startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';

// /metrics as Prometheus scrapes it from the standalone process (one registry for every service):
// the series an operator's dashboard and alerts are built on exist and move with what users do.
const root = fileURLToPath(new URL('../../../', import.meta.url));
const secrets = chipSecrets();
let anvil: Anvil;
let stack: TestStack;
let metricsUrl: string;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

before(async () => {
  anvil = await startAnvil();
  const port = await freePort();
  stack = await startTestStack({
    env: { ...secrets, RPC_URL_GANACHE: anvil.rpcUrl, METRICS_PORT: String(port) },
  });
  metricsUrl = `http://127.0.0.1:${port}/metrics`;
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
});

/** Prometheus text → sample lines `name{labels} value`, keyed by the line without its value. */
async function scrape(): Promise<Map<string, number>> {
  const res = await fetch(metricsUrl);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return samples;
}

const value = (samples: Map<string, number>, name: string, labels: Record<string, string>) => {
  for (const [key, v] of samples) {
    if (!key.startsWith(`${name}{`)) continue;
    if (Object.entries(labels).every(([k, l]) => key.includes(`${k}="${l}"`))) return v;
  }
  return undefined;
};

test('scans, HTTP answers, service calls, pools, queues and the relayer key show up in /metrics', async () => {
  const boss = await superAdmin(stack.url);
  const owner = (await newAdmin(stack.url, boss)).client;
  const nftId = await newTemplate(owner);
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const tap = chip.tap();
  const scan = (auth: string) =>
    fetch(`${stack.url}/json/check-tag`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ tag: id, auth }),
    }).then((r) => r.json() as Promise<{ ok: boolean }>);
  const before = await scrape();
  assert.equal((await scan(tap)).ok, true);
  assert.equal((await scan(tap)).ok, false, 'the same tap again is a replay');
  assert.equal((await scan(`${tap.slice(0, -4)}0000`)).ok, false, 'a forged MAC');

  const after = await scrape();
  const delta = (name: string, labels: Record<string, string>) =>
    (value(after, name, labels) ?? 0) - (value(before, name, labels) ?? 0);
  assert.equal(delta('metatag_scans_total', { result: 'accepted' }), 1);
  assert.equal(delta('metatag_scans_total', { result: 'replayed' }), 1);
  assert.equal(delta('metatag_scans_total', { result: 'bad_mac' }), 1);
  assert.equal(
    delta('metatag_http_request_duration_seconds_count', { route: '/json/check-tag', status: '200' }),
    3,
  );
  // routes are labelled by their template, never by ids
  assert.equal(
    value(after, 'metatag_http_request_duration_seconds_count', {
      method: 'POST',
      route: '/json/qrlink/:type/:nftId',
      status: '201',
    }),
    1,
  );
  assert.ok(![...after.keys()].some((k) => k.includes(`/json/qrlink/chip/${nftId}`)), 'no raw ids');
  assert.ok((value(after, 'metatag_transport_request_duration_seconds_count', { outcome: 'ok' }) ?? 0) > 0);
  assert.ok((value(after, 'metatag_db_pool_connections', { service: 'chiplinks', state: 'total' }) ?? 0) > 0);
  assert.ok(value(after, 'metatag_db_pool_connections', { service: 'gateway', state: 'idle' }) !== undefined);
  assert.ok(value(after, 'metatag_queue_jobs', { state: 'waiting' }) !== undefined, 'queue depth');
  assert.ok(
    (value(after, 'metatag_relayer_balance_ether', { chain: 'ganache' }) ?? 0) > 0,
    'relayer balance',
  );
  assert.ok(
    value(after, 'metatag_nodejs_eventloop_lag_p99_seconds', {}) !== undefined ||
      after.has('metatag_nodejs_eventloop_lag_p99_seconds'),
  );
});

test('every metatag_ series the Grafana dashboard and the alert rules use is one this process defines', async () => {
  const samples = await scrape();
  const defined = new Set<string>();
  for (const key of samples.keys()) defined.add(key.split('{')[0]);
  const text = (path: string) => readFileSync(`${root}${path}`, 'utf8');
  const used = new Set(
    [text('infra/grafana/metatag-dashboard.json'), text('infra/prometheus/alerts.yml')].flatMap(
      (t) => t.match(/metatag_[a-z0-9_]+/g) ?? [],
    ),
  );
  assert.ok(used.size >= 8, `the dashboard and alerts use ${used.size} series`);
  // series only present once something happened (indexer lag needs a running indexer, nonce lag a sent tx)
  const onlyWhenActive = new Set([
    'metatag_indexer_lag_blocks',
    'metatag_relayer_nonce_lag',
    'metatag_relayer_pending_transactions',
    'metatag_relayer_oldest_pending_seconds',
    'metatag_job_duration_seconds_bucket',
    'metatag_job_duration_seconds_count',
    'metatag_job_duration_seconds_sum',
  ]);
  const metadata = await fetch(metricsUrl).then((r) => r.text());
  for (const name of used) {
    const declared = metadata.includes(`# TYPE ${name.replace(/_(bucket|count|sum)$/, '')} `);
    assert.ok(defined.has(name) || declared || onlyWhenActive.has(name), `${name} is not exported`);
  }
});
