// The behaviour every JobQueue adapter must share, run by the in-process unit spec and the BullMQ
// integration spec. Timing assertions only bound from below (a delay was honoured), never from above.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineJob } from '../job-definition.js';
import type {
  JobAttemptObservation,
  JobAttemptObserver,
  JobQueue,
  JobQueueEventMap,
  JobQueueEventName,
} from '../job-queue.port.js';
import { QueueError, UnrecoverableJobError } from '../queue.error.js';

export interface ContractTarget<Q extends JobQueue = JobQueue> {
  label: string;
  /** A fresh queue that shares nothing (jobs, Redis keys) with any other test. */
  open(options?: { onAttempt?: JobAttemptObserver }): Q;
  /** Closes the queue (it may be closed already) and removes what it stored. */
  dispose(queue: Q): Promise<void>;
}

// Scheduling slack: BullMQ stamps delays with the producer's clock and promotes them in Redis.
const SLACK_MS = 25;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Collects events from the moment it is called. */
export function record<E extends JobQueueEventName>(queue: JobQueue, event: E): JobQueueEventMap[E][] {
  const seen: JobQueueEventMap[E][] = [];
  queue.on(event, (payload) => seen.push(payload));
  return seen;
}

function isQueueError(code: QueueError['code']) {
  return (error: unknown) => error instanceof QueueError && error.code === code;
}

export function runJobQueueContract<Q extends JobQueue>(target: ContractTarget<Q>): void {
  const opened: Q[] = [];
  const open = (options?: { onAttempt?: JobAttemptObserver }) => {
    const queue = target.open(options);
    opened.push(queue);
    return queue;
  };
  // node:test runs what test() registers and reports its outcome: its promise is not ours to await
  const contract = (name: string, body: () => Promise<void>): void =>
    void test(`${target.label}: ${name}`, async () => {
      try {
        await body();
      } finally {
        await Promise.all(opened.splice(0).map((queue) => target.dispose(queue)));
      }
    });

  const echo = defineJob('contract.echo', z.object({ text: z.string() })).returns<{ upper: string }>();
  const counter = defineJob('contract.counter', z.object({ n: z.number().int() }));

  contract('runs a job end to end and reports it', async () => {
    const queue = open();
    const completed = record(queue, 'completed');
    await queue.process(echo, async (job) => ({ upper: job.data.text.toUpperCase() }));
    const { id } = await queue.add(echo, { text: 'hi' });
    await waitFor(() => completed.length === 1, 'the completed event');
    assert.deepEqual(completed[0], { name: echo.name, id, result: { upper: 'HI' } });
    const status = await queue.getJob(echo, id);
    assert.ok(status);
    assert.equal(status.state, 'completed');
    assert.deepEqual(status.result, { upper: 'HI' });
    assert.deepEqual(status.data, { text: 'hi' });
    assert.equal(status.attemptsMade, 1);
    assert.equal(status.maxAttempts, 1);
    assert.equal(status.failedReason, undefined);
    assert.ok(status.createdAt instanceof Date && status.finishedAt instanceof Date);
  });

  contract('a processor that returns nothing completes with a null result', async () => {
    const queue = open();
    const completed = record(queue, 'completed');
    await queue.process(counter, async () => undefined);
    const { id } = await queue.add(counter, { n: 1 });
    await waitFor(() => completed.length === 1, 'the completed event');
    assert.equal(completed[0]?.result, null);
    assert.equal((await queue.getJob(counter, id))?.result, null);
  });

  contract('a jobId makes add idempotent, before and after the job ran', async () => {
    const queue = open();
    const completed = record(queue, 'completed');
    const first = await queue.add(counter, { n: 1 }, { jobId: 'order-42' });
    const second = await queue.add(counter, { n: 2 }, { jobId: 'order-42' });
    assert.equal(first.id, 'order-42');
    assert.equal(second.id, 'order-42');
    // The same id under another job name is another job.
    await queue.add(echo, { text: 'other' }, { jobId: 'order-42' });
    const runs: number[] = [];
    await queue.process(counter, async (job) => {
      runs.push(job.data.n);
    });
    await waitFor(() => completed.some((e) => e.name === counter.name), 'the job to run');
    await queue.add(counter, { n: 3 }, { jobId: 'order-42' });
    await sleep(300);
    assert.deepEqual(runs, [1]);
    assert.deepEqual((await queue.getJob(counter, 'order-42'))?.data, { n: 1 });
    assert.equal((await queue.getJob(echo, 'order-42'))?.state, 'waiting');
  });

  contract('retries with backoff, then succeeds', async () => {
    const queue = open();
    const completed = record(queue, 'completed');
    const failed = record(queue, 'failed');
    const attempts: { attempt: number; at: number }[] = [];
    await queue.process(counter, async (job) => {
      attempts.push({ attempt: job.attempt, at: Date.now() });
      if (job.attempt < 3) throw new Error(`flaky ${job.attempt}`);
      return 'ok';
    });
    const { id } = await queue.add(counter, { n: 1 }, { attempts: 3, backoffMs: 150, backoff: 'fixed' });
    await waitFor(() => completed.length === 1, 'the retried job to complete');
    assert.deepEqual(
      attempts.map((a) => a.attempt),
      [1, 2, 3],
    );
    for (let i = 1; i < attempts.length; i++) {
      const gap = (attempts[i]?.at ?? 0) - (attempts[i - 1]?.at ?? 0);
      assert.ok(gap >= 150 - SLACK_MS, `retry ${i} came ${gap} ms after the failure`);
    }
    const status = await queue.getJob(counter, id);
    assert.equal(status?.state, 'completed');
    assert.equal(status?.attemptsMade, 3);
    assert.equal(status?.result, 'ok');
    assert.equal(status?.failedReason, 'flaky 2', 'the last failure stays visible');
    assert.deepEqual(failed, [], 'no failed event while retries remain');
  });

  contract('a job waiting out its backoff is delayed and shows the failure', async () => {
    const queue = open();
    await queue.process(counter, async (job) => {
      if (job.attempt === 1) throw new Error('try later');
    });
    const { id } = await queue.add(counter, { n: 1 }, { attempts: 2, backoffMs: 60_000 });
    await waitFor(async () => (await queue.getJob(counter, id))?.attemptsMade === 1, 'the first attempt');
    const status = await queue.getJob(counter, id);
    assert.equal(status?.state, 'delayed');
    assert.equal(status?.failedReason, 'try later');
    assert.equal(status?.maxAttempts, 2);
  });

  contract('exponential backoff doubles the delay', async () => {
    const queue = open();
    const failed = record(queue, 'failed');
    const at: number[] = [];
    await queue.process(counter, async () => {
      at.push(Date.now());
      throw new Error('down');
    });
    await queue.add(counter, { n: 1 }, { attempts: 3, backoffMs: 100 });
    await waitFor(() => failed.length === 1, 'the job to fail');
    assert.equal(at.length, 3);
    assert.ok((at[1] ?? 0) - (at[0] ?? 0) >= 100 - SLACK_MS);
    assert.ok((at[2] ?? 0) - (at[1] ?? 0) >= 200 - SLACK_MS);
  });

  contract('fails once attempts are exhausted, with one failed event', async () => {
    const flaky = defineJob('contract.flaky', z.object({ n: z.number() }), { attempts: 2, backoffMs: 20 });
    const queue = open();
    const failed = record(queue, 'failed');
    let calls = 0;
    await queue.process(flaky, async () => {
      calls += 1;
      throw new Error('boom');
    });
    const { id } = await queue.add(flaky, { n: 1 });
    await waitFor(() => failed.length === 1, 'the failed event');
    await sleep(200);
    assert.equal(calls, 2);
    assert.deepEqual(failed, [{ name: flaky.name, id, failedReason: 'boom' }]);
    const status = await queue.getJob(flaky, id);
    assert.equal(status?.state, 'failed');
    assert.equal(status?.failedReason, 'boom');
    assert.equal(status?.attemptsMade, 2);
    assert.equal(status?.maxAttempts, 2);
    assert.equal(status?.result, undefined);
  });

  contract('an UnrecoverableJobError fails the job without retrying', async () => {
    const queue = open();
    const failed = record(queue, 'failed');
    let calls = 0;
    await queue.process(counter, async () => {
      calls += 1;
      throw new UnrecoverableJobError('reverted');
    });
    const { id } = await queue.add(counter, { n: 1 }, { attempts: 5 });
    await waitFor(() => failed.length === 1, 'the failed event');
    assert.equal(calls, 1);
    assert.equal(failed[0]?.failedReason, 'reverted');
    assert.equal((await queue.getJob(counter, id))?.attemptsMade, 1);
  });

  contract('respects the concurrency limit', async () => {
    const queue = open();
    const completed = record(queue, 'completed');
    let running = 0;
    let peak = 0;
    await queue.process(
      counter,
      async () => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(120);
        running -= 1;
      },
      { concurrency: 2 },
    );
    for (let n = 0; n < 6; n++) await queue.add(counter, { n });
    await waitFor(() => completed.length === 6, 'six jobs');
    assert.equal(peak, 2);
  });

  contract('a delayed job waits, then runs', async () => {
    const queue = open();
    let ranAt = 0;
    await queue.process(counter, async () => {
      ranAt = Date.now();
    });
    const addedAt = Date.now();
    const { id } = await queue.add(counter, { n: 1 }, { delayMs: 400 });
    assert.equal((await queue.getJob(counter, id))?.state, 'delayed');
    await waitFor(() => ranAt > 0, 'the delayed job');
    assert.ok(ranAt - addedAt >= 400 - SLACK_MS, `ran ${ranAt - addedAt} ms after add`);
    await waitFor(async () => (await queue.getJob(counter, id))?.state === 'completed', 'completion');
  });

  contract('the job is "active" while its processor runs', async () => {
    const queue = open();
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    await queue.process(counter, async () => {
      started = true;
      await gate;
    });
    const { id } = await queue.add(counter, { n: 1 });
    await waitFor(() => started, 'the processor to start');
    assert.equal((await queue.getJob(counter, id))?.state, 'active');
    release();
    await waitFor(async () => (await queue.getJob(counter, id))?.state === 'completed', 'completion');
  });

  contract('close waits for the active job and then refuses work', async () => {
    const queue = open();
    let started = false;
    let finished = false;
    await queue.process(counter, async () => {
      started = true;
      await sleep(400);
      finished = true;
    });
    await queue.add(counter, { n: 1 });
    await waitFor(() => started, 'the processor to start');
    await queue.close();
    assert.equal(finished, true, 'close resolved before the active job finished');
    await queue.close(); // idempotent
    await assert.rejects(queue.add(counter, { n: 2 }), isQueueError('CLOSED'));
    await assert.rejects(queue.getJob(counter, 'x'), isQueueError('CLOSED'));
  });

  contract('add validates the payload and stores nothing when it is bad', async () => {
    const queue = open();
    const wrong = { text: 42 } as unknown as { text: string };
    await assert.rejects(queue.add(echo, wrong, { jobId: 'bad-1' }), (error: unknown) => {
      assert.ok(isQueueError('INVALID_PAYLOAD')(error));
      assert.deepEqual(
        (error as QueueError).issues.map((i) => i.path),
        ['text'],
      );
      return true;
    });
    // A Date validates as a Date but is a string after JSON: refused at add, not in a worker.
    const dated = defineJob('contract.dated', z.object({ at: z.date() }));
    await assert.rejects(queue.add(dated, { at: new Date() }), isQueueError('INVALID_PAYLOAD'));
    await assert.rejects(
      queue.add(counter, { n: 10n } as unknown as { n: number }),
      isQueueError('INVALID_PAYLOAD'),
    );
    assert.equal(await queue.getJob(echo, 'bad-1'), undefined);
  });

  contract('the processor re-validates stored data and fails a bad payload without retrying', async () => {
    const loose = defineJob('contract.amount', z.object({ amount: z.string() }));
    const strict = defineJob('contract.amount', z.object({ amount: z.string().regex(/^\d+$/) }));
    const queue = open();
    const failed = record(queue, 'failed');
    let calls = 0;
    await queue.process(strict, async () => {
      calls += 1;
    });
    const { id } = await queue.add(loose, { amount: 'abc' }, { attempts: 3 });
    await waitFor(() => failed.length === 1, 'the failed event');
    assert.equal(calls, 0);
    assert.match(failed[0]?.failedReason ?? '', /Invalid payload for job "contract.amount": amount:/);
    assert.equal((await queue.getJob(strict, id))?.attemptsMade, 1);
  });

  contract('the processor receives the schema output; producers pass the input', async () => {
    const mint = defineJob(
      'contract.mint',
      z.object({ wei: z.string().transform((v) => BigInt(v)) }),
    ).returns<{
      doubled: string;
    }>();
    const queue = open();
    const completed = record(queue, 'completed');
    await queue.process(mint, async (job) => {
      assert.equal(typeof job.data.wei, 'bigint');
      return { doubled: (job.data.wei * 2n).toString() };
    });
    const { id } = await queue.add(mint, { wei: '1000000000000000000000' });
    await waitFor(() => completed.length === 1, 'the job');
    assert.deepEqual((await queue.getJob(mint, id))?.data, { wei: '1000000000000000000000' });
    assert.deepEqual(completed[0]?.result, { doubled: '2000000000000000000000' });
  });

  contract('refuses bad ids and options, and a second processor', async () => {
    const queue = open();
    await assert.rejects(queue.add(counter, { n: 1 }, { jobId: '42' }), isQueueError('INVALID_OPTIONS'));
    await assert.rejects(queue.add(counter, { n: 1 }, { jobId: 'a:b' }), isQueueError('INVALID_OPTIONS'));
    await assert.rejects(queue.add(counter, { n: 1 }, { attempts: 0 }), isQueueError('INVALID_OPTIONS'));
    await assert.rejects(queue.add(counter, { n: 1 }, { delayMs: -1 }), isQueueError('INVALID_OPTIONS'));
    await assert.rejects(
      queue.process(counter, async () => undefined, { concurrency: 0 }),
      isQueueError('INVALID_OPTIONS'),
    );
    await queue.process(counter, async () => undefined);
    await assert.rejects(
      queue.process(counter, async () => undefined),
      isQueueError('PROCESSOR_EXISTS'),
    );
    assert.equal(await queue.getJob(counter, 'never-added'), undefined);
  });

  contract('counts jobs by state and tells the observer of each attempt (metrics)', async () => {
    const attempts: JobAttemptObservation[] = [];
    const queue = open({ onAttempt: (o) => attempts.push(o) });
    const completed = record(queue, 'completed');
    // Each attempt runs RUN_MS and the jobs sit paused for HOLD_MS: the observation must show both.
    const RUN_MS = 100;
    const HOLD_MS = 300;
    await queue.pause(counter);
    await queue.process(counter, () => sleep(RUN_MS));
    await queue.add(counter, { n: 1 });
    await queue.add(counter, { n: 2 });
    const pausedSince = Date.now();
    await queue.add(counter, { n: 3 }, { delayMs: 60_000 });
    const held = await queue.counts();
    const count = (state: string) => held.find((c) => c.name === counter.name && c.state === state)?.count;
    assert.equal(count('waiting'), 2);
    assert.equal(count('delayed'), 1);
    assert.equal(count('active'), 0);
    await sleep(HOLD_MS - (Date.now() - pausedSince));
    const heldMs = Date.now() - pausedSince;
    await queue.resume(counter);
    await waitFor(() => completed.length === 2, 'two jobs');
    await waitFor(() => attempts.length === 2, 'two observations');
    for (const a of attempts) {
      assert.equal(a.name, counter.name);
      assert.equal(a.outcome, 'completed');
      assert.ok(a.waitedMs >= heldMs - SLACK_MS, `waited ${a.waitedMs} ms, paused for ${heldMs} ms`);
      assert.ok(a.ranMs >= RUN_MS - SLACK_MS, `ran ${a.ranMs} ms, the processor takes ${RUN_MS} ms`);
    }
  });

  contract('pause holds jobs back until resume', async () => {
    const queue = open();
    let runs = 0;
    await queue.process(counter, async () => {
      runs += 1;
    });
    await queue.pause(counter);
    const { id } = await queue.add(counter, { n: 1 });
    await sleep(300);
    assert.equal(runs, 0);
    assert.equal((await queue.getJob(counter, id))?.state, 'waiting');
    await queue.resume(counter);
    await waitFor(() => runs === 1, 'the job after resume');
  });

  contract('a throwing listener is reported as an error and does not stop the queue', async () => {
    const queue = open();
    const errors = record(queue, 'error');
    const completed = record(queue, 'completed');
    queue.on('completed', () => {
      throw new Error('listener bug');
    });
    await queue.process(counter, async () => undefined);
    await queue.add(counter, { n: 1 });
    await queue.add(counter, { n: 2 });
    await waitFor(() => completed.length === 2, 'both jobs');
    await waitFor(() => errors.filter((e) => e.message === 'listener bug').length === 2, 'two errors');
  });

  contract('removing a listener stops its events', async () => {
    const queue = open();
    const seen: string[] = [];
    const completed = record(queue, 'completed');
    const off = queue.on('completed', (event) => seen.push(event.id));
    await queue.process(counter, async () => undefined);
    const first = await queue.add(counter, { n: 1 });
    await waitFor(() => completed.length === 1, 'the first job');
    off();
    await queue.add(counter, { n: 2 });
    await waitFor(() => completed.length === 2, 'the second job');
    assert.deepEqual(seen, [first.id]);
  });
}
