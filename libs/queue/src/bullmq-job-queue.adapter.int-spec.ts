// Runs against the real Redis at 127.0.0.1:6379 (REDIS_URL overrides). Every test uses its own key
// prefix and obliterates it afterwards. The restart test starts a private redis-server on a free port.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { BullMqJobQueue } from './bullmq-job-queue.adapter.js';
import { createJobQueue } from './create-job-queue.factory.js';
import { defineJob } from './job-definition.js';
import { record, runJobQueueContract, sleep, waitFor } from './testing/job-queue.contract.js';

const REDIS_URL = process.env['REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const uniquePrefix = () => `test-queue-${randomUUID().slice(0, 8)}`;

async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== '0');
  return keys;
}

/** Obliterates every BullMQ queue under the prefix and checks nothing is left behind. */
async function obliteratePrefix(prefix: string, redisUrl = REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  try {
    const names = new Set((await keysUnder(redis, prefix)).map((key) => key.split(':')[1] ?? ''));
    for (const name of names) {
      const queue = new Queue(name, { connection: redis, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    assert.deepEqual(await keysUnder(redis, prefix), [], `keys left under ${prefix}`);
  } finally {
    await redis.quit();
  }
}

runJobQueueContract<BullMqJobQueue>({
  label: 'bullmq',
  open: (options) => new BullMqJobQueue({ redisUrl: REDIS_URL, prefix: uniquePrefix(), ...options }),
  dispose: async (queue) => {
    await queue.close();
    await obliteratePrefix(queue.prefix);
  },
});

const crashJob = defineJob('crash.order', z.object({ n: z.number() }));
const order = defineJob('int.order', z.object({ n: z.number() })).returns<{ n: number }>();

test('bullmq: one job end to end through Redis, visible to other instances under the same prefix only', async () => {
  const prefix = uniquePrefix();
  const queue = createJobQueue({ kind: 'bullmq', redisUrl: REDIS_URL, prefix });
  const sibling = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  const stranger = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix: uniquePrefix() });
  const redis = new Redis(REDIS_URL);
  try {
    const completed = record(queue, 'completed');
    await queue.process(order, async (job) => ({ n: job.data.n * 2 }));
    const { id } = await queue.add(order, { n: 21 }, { jobId: 'order-e2e' });
    await waitFor(() => completed.length === 1, 'completion');
    assert.deepEqual(completed[0], { name: order.name, id, result: { n: 42 } });
    assert.ok(
      (await redis.exists(`${prefix}:${order.name}:${id}`)) === 1,
      'the job hash is under the prefix',
    );
    const seen = await sibling.getJob(order, id);
    assert.equal(seen?.state, 'completed');
    assert.deepEqual(seen?.result, { n: 42 });
    assert.equal(await stranger.getJob(order, id), undefined);
  } finally {
    await Promise.all([queue.close(), sibling.close(), stranger.close()]);
    await redis.quit();
    await obliteratePrefix(prefix);
    await obliteratePrefix(stranger.prefix);
  }
});

test('bullmq: close lets the active job complete in Redis', async () => {
  const prefix = uniquePrefix();
  const queue = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  const observer = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  try {
    let started = false;
    await queue.process(order, async (job) => {
      started = true;
      await sleep(500);
      return { n: job.data.n };
    });
    const { id } = await queue.add(order, { n: 7 });
    await waitFor(() => started, 'the processor to start');
    await queue.close();
    const status = await observer.getJob(order, id);
    assert.equal(status?.state, 'completed');
    assert.deepEqual(status?.result, { n: 7 });
  } finally {
    await Promise.all([queue.close(), observer.close()]);
    await obliteratePrefix(prefix);
  }
});

test('bullmq: listeners hear outcomes of jobs other processes add and run', async () => {
  const prefix = uniquePrefix();
  const watcher = createJobQueue({ kind: 'bullmq', redisUrl: REDIS_URL, prefix, jobs: [order] });
  const worker = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  try {
    const completed = record(watcher, 'completed');
    const failed = record(watcher, 'failed');
    await sleep(100); // the watcher's QueueEvents start in the background
    await worker.process(order, async (job) => {
      if (job.data.n < 0) throw new Error('negative');
      return { n: job.data.n };
    });
    const ok = await worker.add(order, { n: 1 });
    const bad = await worker.add(order, { n: -1 });
    await waitFor(() => completed.length === 1 && failed.length === 1, 'both outcomes');
    assert.deepEqual(completed[0], { name: order.name, id: ok.id, result: { n: 1 } });
    assert.deepEqual(failed[0], { name: order.name, id: bad.id, failedReason: 'negative' });
  } finally {
    await Promise.all([watcher.close(), worker.close()]);
    await obliteratePrefix(prefix);
  }
});

test('bullmq: a worker stopped mid-way hands the rest to a new one; nothing lost or run twice', async () => {
  const prefix = uniquePrefix();
  const producer = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  const first = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  const second = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  const runs = new Map<string, number>();
  const handler = async (job: { id: string; data: { n: number } }) => {
    runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
    await sleep(40);
    return { n: job.data.n };
  };
  const ids = Array.from({ length: 20 }, (_, n) => `order-${n}`);
  try {
    for (const [n, jobId] of ids.entries()) await producer.add(order, { n }, { jobId });
    await first.process(order, handler, { concurrency: 2 });
    await waitFor(() => runs.size >= 5, 'the first worker to make progress');
    await first.close();
    const doneByFirst = runs.size;
    assert.ok(doneByFirst < ids.length, 'the first worker should stop before the end');
    // A producer that cannot tell whether its adds landed sends them all again.
    for (const [n, jobId] of ids.entries()) await producer.add(order, { n: n + 100 }, { jobId });
    await second.process(order, handler, { concurrency: 3 });
    await waitFor(async () => {
      const states = await Promise.all(ids.map(async (id) => (await producer.getJob(order, id))?.state));
      return states.every((state) => state === 'completed');
    }, 'every job to complete');
    assert.deepEqual(
      ids.filter((id) => runs.get(id) !== 1),
      [],
      'every job ran exactly once',
    );
    assert.equal(runs.size, ids.length);
    assert.deepEqual((await producer.getJob(order, 'order-3'))?.result, { n: 3 });
  } finally {
    await Promise.all([producer.close(), first.close(), second.close()]);
    await obliteratePrefix(prefix);
  }
});

test('bullmq: a job of a crashed worker is taken over once its lock expires', async () => {
  const prefix = uniquePrefix();
  const producer = new BullMqJobQueue({ redisUrl: REDIS_URL, prefix });
  const fixture = fileURLToPath(new URL('./testing/crashing-worker.fixture.ts', import.meta.url));
  const register = fileURLToPath(new URL('../../../tools/register.mjs', import.meta.url));
  const child = spawn(process.execPath, ['--conditions=source', '--import', register, fixture], {
    env: { ...process.env, REDIS_URL, QUEUE_PREFIX: prefix },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const survivor = new BullMqJobQueue({
    redisUrl: REDIS_URL,
    prefix,
    worker: { lockDurationMs: 1000, stalledIntervalMs: 500 },
  });
  try {
    await waitFor(() => output.includes('ready'), 'the child worker');
    const { id } = await producer.add(crashJob, { n: 1 }, { jobId: 'crash-1' });
    await waitFor(() => output.includes(`started ${id}`), 'the child to take the job');
    child.kill('SIGKILL');
    await once(child, 'exit');
    const attempts: number[] = [];
    await survivor.process(crashJob, async (job) => {
      attempts.push(job.attempt);
    });
    await waitFor(async () => (await producer.getJob(crashJob, id))?.state === 'completed', 'the takeover');
    // At least once: the crashed attempt does not count as made, so the survivor runs attempt 1 again.
    assert.deepEqual(attempts, [1]);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    await Promise.all([producer.close(), survivor.close()]);
    await obliteratePrefix(prefix);
  }
});

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function startRedis(port: number, dir: string): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'],
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  await waitFor(async () => {
    try {
      if (probe.status !== 'ready') await probe.connect();
      return (await probe.ping()) === 'PONG';
    } catch {
      return false;
    }
  }, `redis-server on ${port}`);
  probe.disconnect();
  return child;
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

test('bullmq: workers and producers carry on after Redis restarts', async () => {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'metatag-queue-redis-'));
  const redisUrl = `redis://127.0.0.1:${port}`;
  const prefix = uniquePrefix();
  let redis = await startRedis(port, dir);
  const queue = new BullMqJobQueue({ redisUrl, prefix });
  try {
    const errors = record(queue, 'error'); // connection errors while Redis is down are expected
    const completed = record(queue, 'completed');
    const runs: string[] = [];
    await queue.process(order, async (job) => {
      runs.push(job.id);
      return { n: job.data.n };
    });
    await queue.add(order, { n: 1 }, { jobId: 'before' });
    await waitFor(() => runs.includes('before'), 'the job before the restart');
    assert.equal(await queue.ping(), true, 'ping while Redis answers');

    await stopRedis(redis);
    await waitFor(async () => !(await queue.ping()), 'ping false while Redis is down');
    // Queued by the producer connection until Redis is back.
    const during = queue.add(order, { n: 2 }, { jobId: 'during' });
    await sleep(1000);
    redis = await startRedis(port, dir);
    await during;
    await waitFor(() => runs.includes('during'), 'the job added while Redis was down', 30_000);
    await waitFor(() => queue.ping(), 'ping true again', 30_000);

    await queue.add(order, { n: 3 }, { jobId: 'after' });
    await waitFor(() => runs.includes('after'), 'the job after the restart', 30_000);
    await waitFor(() => completed.some((e) => e.id === 'after'), 'events after the restart', 30_000);
    assert.deepEqual(runs, ['before', 'during', 'after']);
    assert.ok(errors.length > 0, 'the outage is reported through error events');
    await queue.close();
    assert.equal(await queue.ping(), false, 'a closed queue is not ready');
    await obliteratePrefix(prefix, redisUrl);
  } finally {
    await queue.close();
    await stopRedis(redis);
    await rm(dir, { recursive: true, force: true });
  }
});
