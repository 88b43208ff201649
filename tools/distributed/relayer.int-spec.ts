import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { nonceGaps } from '@metatag/chain';
import { RELAYER } from '@metatag/events';
import { createServiceClient } from '@metatag/nest-kit';
import {
  RELAYER_KEY,
  chainAndLedger,
  deployCollection,
  freshDatabaseUrl,
  relayerHarness,
  startAnvil,
} from '@metatag/relayer/testing';
import { freePort, startProcess, startServer, waitFor, type Proc } from '../testing/processes.js';

// The built relayer (dist) as its own process: requests over a private NATS server, jobs in BullMQ on a
// private redis-server. Redis restarts and the relayer is SIGKILLed in the middle of 500 mints;
// afterwards every mint is confirmed exactly once and the nonces have no gap.
const root = fileURLToPath(new URL('../..', import.meta.url));
/** 100 before the Redis restart, 400 after it; the relayer is killed while those are under way. */
const FIRST = 100;
const N = 500;

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await once(child, 'exit');
}

test('relayer process over NATS and BullMQ: a Redis restart and a SIGKILL lose and double nothing', async () => {
  const redisPort = await freePort();
  const natsPort = await freePort();
  const redisDir = await mkdtemp(join(tmpdir(), 'metatag-relayer-redis-'));
  const redisArgs = [
    '--port',
    String(redisPort),
    '--bind',
    '127.0.0.1',
    '--dir',
    redisDir,
    '--save',
    '',
    '--appendonly',
    'yes',
  ];
  let redis = await startServer('redis-server', redisArgs, redisPort);
  const nats = await startServer('nats-server', ['-a', '127.0.0.1', '-p', String(natsPort)], natsPort);
  const anvil = await startAnvil();
  const database = await freshDatabaseUrl();
  const collection = (await deployCollection(anvil.rpcUrl)).toLowerCase() as `0x${string}`;
  const natsUrl = `nats://127.0.0.1:${natsPort}`;
  const env = {
    TRANSPORT: 'nats',
    NATS_URL: natsUrl,
    QUEUE: 'bullmq',
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    QUEUE_PREFIX: `dist-${randomBytes(3).toString('hex')}`,
    DATABASE_URL: database.url,
    RPC_URL_GANACHE: anvil.rpcUrl,
    RELAYER_PRIVATE_KEY: RELAYER_KEY,
    TX_RECEIPT_POLL_MS: '100',
    LOG_LEVEL: 'warn',
  };
  const startRelayer = () => startProcess(process.execPath, ['apps/relayer/dist/main.js'], env, root);
  let relayer: Proc = startRelayer();
  const client = createServiceClient('test', {
    TRANSPORT: 'nats',
    NATS_URL: natsUrl,
    RPC_TIMEOUT_MS: 30_000,
  });
  // A second pool on the relayer's database, for assertions only (never started).
  const reader = await relayerHarness({ DATABASE_URL: database.url, RPC_URL_GANACHE: anvil.rpcUrl });
  const confirmed = async () => {
    const { rows } = await reader.db.pool.query(
      `select count(*)::int as n from relayer.mints where status = 'confirmed'`,
    );
    return rows[0]?.n as number;
  };
  try {
    await client.connect();
    await waitFor(
      () => client.send(RELAYER.listMints, { chain: 'ganache', nftId: 'x' }).catch(() => undefined),
      60_000,
      'the relayer over NATS',
    ).catch((e: Error) => assert.fail(`${e.message}\n${relayer.output()}`));

    const mint = () =>
      client.send(RELAYER.createMint, {
        chain: 'ganache',
        nftId: 'distributed',
        collection,
        to: privateKeyToAccount(generatePrivateKey()).address.toLowerCase(),
      });
    await Promise.all(Array.from({ length: FIRST }, mint));
    await waitFor(async () => ((await confirmed()) >= 10 ? true : undefined), 60_000, 'first mints');

    // Redis goes away and comes back with its append-only file, while work is under way.
    await stop(redis);
    await new Promise((r) => setTimeout(r, 1000));
    redis = await startServer('redis-server', redisArgs, redisPort);

    await Promise.all(Array.from({ length: N - FIRST }, mint));
    await waitFor(async () => ((await confirmed()) >= FIRST + 10 ? true : undefined), 60_000, 'more mints');
    // The process dies without any shutdown; a new one takes over.
    await stop(relayer.child, 'SIGKILL');
    const atKill = await confirmed();
    relayer = startRelayer();
    assert.ok(atKill < N, `the kill came before the end (${atKill} of ${N} confirmed)`);
    await waitFor(async () => ((await confirmed()) >= N ? true : undefined), 120_000, `${N} confirmed`).catch(
      (e: Error) => assert.fail(`${e.message} (${atKill} at the kill)\n${relayer.output()}`),
    );

    const state = await chainAndLedger(anvil, reader.db, collection);
    assert.equal(state.totalSupply, BigInt(N), 'totalSupply');
    const tokens = state.mints.map((m) => m.token_id);
    assert.equal(new Set(tokens).size, N, 'every token id once');
    const nonces = state.txs
      .filter((t) => t.kind !== 'nonce-fill' && t.nonce !== null)
      .map((t) => Number(t.nonce));
    assert.equal(new Set(nonces).size, nonces.length, 'no nonce used twice');
    assert.equal(state.nextNonce, state.chainCount, 'sender_nonces == chain count');
    assert.deepEqual(nonceGaps(nonces, Math.min(...nonces), state.chainCount), []);
    assert.ok(state.txs.every((t) => t.status === 'confirmed'));
  } finally {
    await client.close();
    await reader.close();
    await relayer.stop();
    await anvil.stop();
    await stop(redis);
    await stop(nats);
    await rm(redisDir, { recursive: true, force: true });
    await database.drop();
  }
});
