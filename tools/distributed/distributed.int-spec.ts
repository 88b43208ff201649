import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import {
  freePort,
  privateNats,
  privateRedis,
  startProcess,
  waitFor,
  type Proc,
} from '../testing/processes.js';

// Runs the built apps (dist) as separate processes over real NATS, Redis and PostgreSQL: a fresh
// database on the machine's server, and a nats-server and redis-server of this file's own, so that it
// can run beside the integration tier (whose services answer on the machine's NATS) without a gateway
// here hearing a service there.
const root = fileURLToPath(new URL('../..', import.meta.url));
const databaseUrl = `postgres://postgres@127.0.0.1:5432/metatag_dist_${randomBytes(3).toString('hex')}`;
const servers: ChildProcess[] = [];
const bus = { NATS_URL: '', REDIS_URL: '' };
before(async () => {
  const [nats, redis] = await Promise.all([privateNats(), privateRedis()]);
  servers.push(nats.child, redis.child);
  Object.assign(bus, { NATS_URL: nats.url, REDIS_URL: redis.url });
});
after(() => {
  for (const server of servers) server.kill('SIGTERM');
});

interface Ready {
  ok: boolean;
  checks: Record<string, boolean>;
  services: Record<string, boolean>;
}

async function readyz(url: string): Promise<{ status: number; body: Ready }> {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: (await res.json()) as Ready };
}

test('every app as its own process: the gateway answers /readyz over NATS', async () => {
  const port = await freePort();
  const env = {
    SKIP_BUILD: '1',
    ...bus,
    PORT: String(port),
    ANVIL_PORT: String(await freePort()),
    // the indexer's own default (42069) is taken by any other stack on the machine
    INDEXER_PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'metatag-dist-')),
    LOG_LEVEL: 'warn',
    RPC_URL_GANACHE: '',
  };
  const stack = startProcess(process.execPath, ['tools/start-distributed.mjs'], env, root);
  try {
    const ready = await waitFor(
      async () => {
        const r = await readyz(`http://127.0.0.1:${port}`);
        return r.status === 200 ? r : undefined;
      },
      90_000,
      'the distributed stack to be ready',
    ).catch((e: Error) => assert.fail(`${e.message}\n${stack.output()}`));
    assert.deepEqual(ready.body.checks, { database: true, transport: true, chain: true });
    assert.deepEqual(Object.values(ready.body.services), [true, true, true, true, true]);
    // the local chain got its shared contracts, the TagRelayer among them (TAG_RELAYER_GANACHE)
    const networks = (await (await fetch(`http://127.0.0.1:${port}/json/networks`)).json()) as {
      items: {
        ganache: {
          library_address_locator: string;
          relayer: string;
          defaultCollection: string;
          defaultCollectionSource: string;
        };
      };
    };
    assert.match(networks.items.ganache.library_address_locator, /^0x[0-9a-f]{40}$/);
    assert.match(networks.items.ganache.relayer, /^0x[0-9a-f]{40}$/);
    // and its default collection, configured for the templates service (DEFAULT_COLLECTION_GANACHE)
    assert.match(networks.items.ganache.defaultCollection, /^0x[0-9a-f]{40}$/);
    assert.equal(networks.items.ganache.defaultCollectionSource, 'config');
  } finally {
    await stack.stop();
  }
});

test('gateway and one service over NATS: /readyz names what is missing', async () => {
  const port = await freePort();
  const env = {
    TRANSPORT: 'nats',
    ...bus,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    PORT: String(port),
    RPC_URL_GANACHE: `http://127.0.0.1:${await freePort()}`, // nothing listens: chain not ready
    RPC_TIMEOUT_MS: '1000',
    LOG_LEVEL: 'warn',
  };
  const procs: Proc[] = [
    startProcess(process.execPath, ['apps/auth/dist/main.js'], env, root),
    startProcess(process.execPath, ['apps/gateway/dist/main.js'], env, root),
  ];
  try {
    const ready = await waitFor(
      async () => {
        const r = await readyz(`http://127.0.0.1:${port}`);
        return r.body.services.auth ? r : undefined;
      },
      60_000,
      'auth to answer through NATS',
    ).catch((e: Error) => assert.fail(`${e.message}\n${procs.map((p) => p.output()).join('\n')}`));
    assert.equal(ready.status, 503);
    assert.equal(ready.body.checks.database, true);
    assert.equal(ready.body.checks.transport, false);
    assert.equal(ready.body.checks.chain, false);
    assert.equal(ready.body.services.auth, true);
    assert.equal(ready.body.services.templates, false);
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
  }
});

test('a service with a bad environment stops at boot naming each bad key', async () => {
  const proc = startProcess(
    process.execPath,
    ['apps/auth/dist/main.js'],
    { SESSION_SECRET: 'short', DATABASE_URL: 'nope', TRANSPORT: 'pigeon' },
    root,
  );
  const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
  assert.equal(code, 1);
  const out = proc.output();
  assert.match(out, /Invalid configuration for auth/);
  assert.match(out, /SESSION_SECRET: must be at least 32 characters/);
  assert.match(out, /DATABASE_URL:/);
  assert.match(out, /TRANSPORT:/);
});
