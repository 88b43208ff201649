import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PeriodicTask, type TaskLogger } from './periodic-task.js';

const quiet: TaskLogger = { warn() {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test('runs, keeps running after an error, runs at once when kicked, and stop waits for the run', async () => {
  let runs = 0;
  let running = false;
  const task = new PeriodicTask(
    'test',
    10_000,
    async () => {
      runs += 1;
      running = true;
      await sleep(30);
      running = false;
      if (runs === 1) throw new Error('first run fails');
    },
    quiet,
  );
  task.start();
  await sleep(60);
  assert.equal(runs, 1, 'waits the interval after a run');
  task.kick();
  await sleep(10);
  assert.equal(runs, 2, 'a kick does not wait for the interval');
  await task.stop();
  assert.equal(running, false, 'stop returned after the run in progress');
  await sleep(50);
  assert.equal(runs, 2, 'no run after stop');
});

test('after a failure it retries from fromMs, doubling up to maxMs; a bounded stop does not wait for a stuck run', async () => {
  const starts: number[] = [];
  const task = new PeriodicTask(
    'retrying',
    10_000,
    async () => {
      starts.push(Date.now());
      if (starts.length >= 4) await new Promise(() => undefined); // stuck for good
      throw new Error('down');
    },
    quiet,
    { retry: { fromMs: 20, maxMs: 40 }, stopWaitMs: 50 },
  );
  task.start();
  await sleep(200);
  assert.equal(starts.length, 4, 'three failures retried well before the interval');
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  assert.ok(gaps[0]! >= 18 && gaps[1]! >= 38 && gaps[2]! >= 38, `gaps ${gaps.join(', ')}`);
  const before = Date.now();
  await task.stop();
  assert.ok(Date.now() - before < 500, 'stop gave up waiting after stopWaitMs');
  assert.equal(task.isStopped, true);
});
