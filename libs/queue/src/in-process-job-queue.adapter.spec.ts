import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { InProcessJobQueue } from './in-process-job-queue.adapter.js';
import { defineJob } from './job-definition.js';
import { record, runJobQueueContract, sleep, waitFor } from './testing/job-queue.contract.js';

runJobQueueContract({
  label: 'in-process',
  open: (options) => new InProcessJobQueue(options),
  dispose: (queue) => queue.close(),
});

const job = defineJob('inprocess.retention', z.object({ n: z.number() }));

test('in-process: finished jobs are dropped after retention, which ends de-duplication', async () => {
  const queue = new InProcessJobQueue({ retention: { completedMs: 50 } });
  try {
    const completed = record(queue, 'completed');
    let runs = 0;
    await queue.process(job, async () => {
      runs += 1;
    });
    await queue.add(job, { n: 1 }, { jobId: 'once' });
    await waitFor(() => completed.length === 1, 'the first job');
    await sleep(80);
    // Pruning happens when another job finishes, as with BullMQ's age-based removal.
    await queue.add(job, { n: 2 }, { jobId: 'trigger' });
    await waitFor(() => completed.length === 2, 'the second job');
    assert.equal(await queue.getJob(job, 'once'), undefined);
    await queue.add(job, { n: 3 }, { jobId: 'once' });
    await waitFor(() => runs === 3, 'the re-added job');
  } finally {
    await queue.close();
  }
});

test('in-process: ping is true until the queue closes', async () => {
  const queue = new InProcessJobQueue();
  assert.equal(await queue.ping(), true);
  await queue.close();
  assert.equal(await queue.ping(), false);
});

test('in-process: close drops pending delayed jobs instead of keeping the process alive', async () => {
  const queue = new InProcessJobQueue();
  let runs = 0;
  await queue.process(job, async () => {
    runs += 1;
  });
  await queue.add(job, { n: 1 }, { delayMs: 60_000 });
  await queue.close();
  assert.equal(runs, 0);
});

test('in-process: a processor cannot change stored data', async () => {
  const queue = new InProcessJobQueue();
  try {
    const list = defineJob('inprocess.list', z.object({ items: z.array(z.string()) }));
    const completed = record(queue, 'completed');
    await queue.process(list, async (active) => {
      active.data.items.push('mutated');
    });
    const { id } = await queue.add(list, { items: ['a'] });
    await waitFor(() => completed.length === 1, 'the job');
    assert.deepEqual((await queue.getJob(list, id))?.data, { items: ['a'] });
  } finally {
    await queue.close();
  }
});
