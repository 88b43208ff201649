import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { BullMqJobQueue } from './bullmq-job-queue.adapter.js';
import { createJobQueue } from './create-job-queue.factory.js';
import { InProcessJobQueue } from './in-process-job-queue.adapter.js';
import { defineJob, type JobData, type JobPayload, type JobResult } from './job-definition.js';
import {
  backoffDelay,
  cappedBackoffStrategy,
  cappedBackoffType,
  resolveJobOptions,
} from './job-options.policy.js';
import type { JobQueue } from './job-queue.port.js';
import { QueueError } from './queue.error.js';

const mint = defineJob('relay.mint', z.object({ to: z.string(), wei: z.string().transform(BigInt) }), {
  attempts: 5,
  backoffMs: 1000,
}).returns<{ txHash: string }>();

test('defineJob keeps name, schema and frozen defaults', () => {
  assert.equal(mint.name, 'relay.mint');
  assert.deepEqual(mint.defaults, { attempts: 5, backoffMs: 1000 });
  assert.ok(Object.isFrozen(mint) && Object.isFrozen(mint.defaults));
});

test('defineJob refuses names that cannot be queue names', () => {
  for (const name of ['', 'a:b', 'with space', '-leading', 'x'.repeat(101)]) {
    assert.throws(() => defineJob(name, z.object({})), QueueError, name);
  }
  assert.throws(() => defineJob('ok', z.object({}), { attempts: 0 }), /attempts/);
  assert.throws(() => defineJob('ok', z.object({}), { backoffMs: -1 }), /backoffMs/);
});

test('add options override the definition defaults', () => {
  assert.deepEqual(resolveJobOptions(mint), {
    jobId: undefined,
    delayMs: 0,
    attempts: 5,
    backoffMs: 1000,
    backoff: 'exponential',
    maxBackoffMs: 0,
  });
  assert.deepEqual(resolveJobOptions(mint, { jobId: 'mint-1', attempts: 2, backoff: 'fixed', delayMs: 10 }), {
    jobId: 'mint-1',
    delayMs: 10,
    attempts: 2,
    backoffMs: 1000,
    backoff: 'fixed',
    maxBackoffMs: 0,
  });
});

test('backoff follows BullMQ: fixed stays, exponential doubles per failed attempt', () => {
  assert.deepEqual(
    [1, 2, 3].map((made) => backoffDelay({ backoff: 'fixed', backoffMs: 100 }, made)),
    [100, 100, 100],
  );
  assert.deepEqual(
    [1, 2, 3].map((made) => backoffDelay({ backoff: 'exponential', backoffMs: 100 }, made)),
    [100, 200, 400],
  );
});

test('a capped exponential backoff stops doubling at its cap, on both adapters (#28)', () => {
  const capped = { backoff: 'exponential' as const, backoffMs: 500, maxBackoffMs: 2000 };
  assert.deepEqual(
    [1, 2, 3, 4, 9].map((made) => backoffDelay(capped, made)),
    [500, 1000, 2000, 2000, 2000],
  );
  // BullMQ's custom strategy reads the cap from the type the adapter gives the job
  assert.deepEqual(
    [1, 3, 9].map((made) => cappedBackoffStrategy(made, cappedBackoffType(2000), 500)),
    [500, 2000, 2000],
  );
  assert.throws(() => defineJob('bad', z.object({}), { maxBackoffMs: -1 }), /maxBackoffMs/);
});

test('createJobQueue picks the adapter by kind without touching Redis', async () => {
  const inprocess = createJobQueue({ kind: 'inprocess', redisUrl: 'redis://unused:1' });
  const bullmq = createJobQueue({ kind: 'bullmq', redisUrl: 'redis://127.0.0.1:1', prefix: 'unit' });
  assert.ok(inprocess instanceof InProcessJobQueue);
  assert.ok(bullmq instanceof BullMqJobQueue);
  assert.equal(bullmq.prefix, 'unit');
  await Promise.all([inprocess.close(), bullmq.close()]);
  assert.throws(() => createJobQueue({ kind: 'bullmq', prefix: 'bad prefix' }), QueueError);
});

// Compile-time checks: `tsc` fails if these types drift.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeChecks: [
  Equal<JobPayload<typeof mint>, { to: string; wei: string }>,
  Equal<JobData<typeof mint>, { to: string; wei: bigint }>,
  Equal<JobResult<typeof mint>, { txHash: string }>,
] = [true, true, true];
void typeChecks;

export async function typedUsage(queue: JobQueue): Promise<void> {
  await queue.process(mint, async (job) => ({ txHash: `0x${job.data.wei.toString(16)}` }));
  // @ts-expect-error the processor must return the declared result
  await queue.process(mint, async () => ({ hash: 1 }));
  // @ts-expect-error producers pass the schema input (wei as a string)
  await queue.add(mint, { to: '0x1', wei: 1n });
  const status = await queue.getJob(mint, 'mint-1');
  const hash: string | undefined = status?.result?.txHash;
  void hash;
}
