import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestMicroservice } from '@nestjs/common';
import { loadConfig, gatewaySchema } from '@metatag/config';
import { ensureDatabaseExists } from '@metatag/db';
import { bootstrapService, createLogger, HealthModule, InProcessBus } from '@metatag/nest-kit';
import { startGateway, type RunningGateway } from './start-gateway.js';

// The gateway over the in-process transport with one healthy service ('auth') and a real PostgreSQL.
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
let gateway: RunningGateway;
let auth: INestMicroservice;

before(async () => {
  await ensureDatabaseExists(databaseUrl);
  const webDist = mkdtempSync(join(tmpdir(), 'metatag-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>MetaTag</title><div id="root"></div>');
  const env = {
    TRANSPORT: 'inprocess',
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    WEB_DIST: webDist,
    RPC_URL_GANACHE: 'http://127.0.0.1:1', // no chain here
    RPC_TIMEOUT_MS: '1000',
  };
  const bus = new InProcessBus();
  const logger = createLogger('test', 'silent');
  const config = loadConfig('gateway', gatewaySchema, env);
  auth = await bootstrapService({
    name: 'auth',
    module: HealthModule.forService('auth', [{ name: 'database', check: async () => true }]),
    config,
    logger,
    bus,
  });
  gateway = await startGateway({ ...config, PORT: 0 }, { logger, bus });
});

after(async () => {
  await gateway?.stop();
  await auth?.close();
});

const base = () => {
  const address = gateway.app.getHttpServer().address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

test('/healthz is alive', async () => {
  const res = await fetch(`${base()}/healthz`);
  assert.equal(res.status, 200);
  assert.deepEqual(await res.json(), { ok: true });
});

test('/readyz is 503 and names what is not ready', async () => {
  const res = await fetch(`${base()}/readyz`);
  assert.equal(res.status, 503);
  const body = (await res.json()) as {
    error: string;
    errorMessage: string;
    checks: unknown;
    services: Record<string, boolean>;
  };
  assert.deepEqual(body.checks, { database: true, transport: false, chain: false });
  assert.equal(body.services.auth, true);
  assert.equal(body.services.relayer, false);
});

test('an unknown API path gets the JSON 404 shape', async () => {
  for (const path of ['/json/mainnet/nothing', '/auth/nothing', '/scans/x/y']) {
    const res = await fetch(`${base()}${path}`);
    assert.equal(res.status, 404, path);
    assert.match(res.headers.get('content-type') ?? '', /json/);
    const body = (await res.json()) as {
      error: string;
      errorMessage: string;
      checks: unknown;
      services: Record<string, boolean>;
    };
    assert.equal(body.error, 'not_found');
    assert.match(body.errorMessage, /No route GET/);
  }
});

test('an unknown page path gets the SPA, never cached', async () => {
  for (const path of ['/mainnet/admin/login', '/tag/abc', '/no/such/page']) {
    const res = await fetch(`${base()}${path}`);
    assert.equal(res.status, 200, path);
    assert.match(await res.text(), /<div id="root">/);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
  }
});

test('a POST to an unknown path is a JSON 404 even outside the API prefixes', async () => {
  const res = await fetch(`${base()}/mainnet/admin/login`, { method: 'POST' });
  assert.equal(res.status, 404);
  assert.equal(((await res.json()) as { error: string }).error, 'not_found');
});

test('a malformed JSON body is a 400 in the error shape, not a 500', async () => {
  const res = await fetch(`${base()}/json/anything`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"broken":',
  });
  assert.equal(res.status, 400);
  assert.deepEqual(await res.json(), {
    error: 'bad_request',
    errorMessage: 'Request body is not valid JSON',
  });
});

test('request ids: a sane incoming id is echoed, anything else replaced', async () => {
  const kept = await fetch(`${base()}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
  assert.equal(kept.headers.get('x-request-id'), 'abc-123');
  const replaced = await fetch(`${base()}/healthz`, { headers: { 'x-request-id': 'bad id <script>' } });
  assert.match(replaced.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
});
