import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { ADMIN_PASSWORD, Client, startTestStack } from './testing/stack.fixture.js';

// Issue #13 items 6-7: a database that goes away answers 503 (not 500) and names nothing internal;
// every app refuses to boot with NODE_ENV=production and a published development secret.
const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A TCP relay to the local PostgreSQL that the test can cut: the stack's database "goes away". */
async function cuttableRelay(target: URL): Promise<{ port: number; cut(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    cut: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      }),
  };
}

test('a database outage answers 503 with a plain message, not 500', async () => {
  const real = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test');
  const relay = await cuttableRelay(real);
  const viaRelay = new URL(real);
  viaRelay.port = String(relay.port);
  viaRelay.hostname = '127.0.0.1';
  // startTestStack makes its database on TEST_DATABASE_URL's server: here, through the relay
  const saved = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = viaRelay.toString();
  const stack = await startTestStack().finally(() => {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  });
  try {
    const boss = new Client(stack.url);
    const login = () => boss.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
    assert.equal((await login()).status, 200);
    await relay.cut();
    const answers = [
      await new Client(stack.url).call('POST', '/password-login', {
        name: 'admin',
        password: ADMIN_PASSWORD,
      }),
      await boss.call('GET', '/json/user'),
      await boss.call('GET', '/json/ganache/nfts'),
      await new Client(stack.url).call('GET', '/json/nft-by-chiplink/abcdef'),
    ];
    for (const res of answers) {
      assert.equal(res.status, 503, JSON.stringify(res.body));
      assert.doesNotMatch(
        JSON.stringify(res.body),
        /ECONN|127\.0\.0\.1|select|auth\.|templates\.|chiplinks\.|Failed query/i,
      );
    }
  } finally {
    // a query cut mid-flight may never settle, and then neither does its pool's end(): bounded wait
    await Promise.race([stack.stop(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  }
});

/** Starts an app's main from source with `env` and resolves with its exit code and output. */
function boot(app: string, env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--conditions=source', '--import', './tools/register.mjs', `apps/${app}/src/main.ts`],
      {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('production refuses to boot with a published development secret, naming the variable', async () => {
  // unreachable services: an app that got past its configuration would hang or fail differently
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://metatag:metatag-dev@127.0.0.1:1/metatag',
    NATS_URL: 'nats://127.0.0.1:1',
    REDIS_URL: 'redis://127.0.0.1:1',
    LOG_LEVEL: 'silent',
  };
  const cases: [string, Record<string, string>, string[]][] = [
    [
      'gateway',
      { SESSION_SECRET: 'dev-only-session-secret-not-for-production' },
      ['SESSION_SECRET', 'DATABASE_URL'],
    ],
    ['auth', { SESSION_SECRET: 'dev-only-session-secret-not-for-production' }, ['SESSION_SECRET']],
    [
      'chiplinks',
      {
        CHIP_MASTER_KEY: '00000000000000000000000000000000',
        SCAN_TOKEN_SECRET: 'dev-only-scan-token-secret-not-for-production',
      },
      ['CHIP_MASTER_KEY', 'SCAN_TOKEN_SECRET'],
    ],
    [
      'relayer',
      { RELAYER_PRIVATE_KEY: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
      ['RELAYER_PRIVATE_KEY'],
    ],
    ['templates', {}, ['DATABASE_URL']],
    ['deployer', {}, ['DATABASE_URL']],
    ['indexer', {}, ['DATABASE_URL']],
    ['standalone', { DATABASE_URL: '' }, ['RELAYER_PRIVATE_KEY']],
  ];
  const results = await Promise.all(cases.map(([app, env]) => boot(app, { ...common, ...env })));
  cases.forEach(([app, , keys], i) => {
    const { code, output } = results[i];
    assert.equal(code, 1, `${app} exited ${code}:\n${output}`);
    for (const key of keys)
      assert.match(output, new RegExp(`${key}: .*refused when NODE_ENV=production`), `${app}: ${output}`);
    assert.doesNotMatch(output, /dev-only-|0{32}|59c6995e/, `${app} printed a secret`);
  });
});
