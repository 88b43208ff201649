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

test('idle: runs that find nothing wait longer, up to maxMs; a run that finds work, a kick or hurry() bring the interval back', async () => {
  // margins wide enough for a loaded CI machine: load only makes runs later and fewer
  const starts: number[] = [];
  let found = false;
  const task = new PeriodicTask(
    'idling',
    20,
    async () => {
      starts.push(Date.now());
      return found ? 1 : 0;
    },
    quiet,
    { idle: { maxMs: 1000, graceMs: 50 } },
  );
  task.start();
  await sleep(1500);
  const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
  // 20 ms for the grace period, then 40, 80, 160, 320, 640, 1000: ~10 runs, not ~75
  assert.ok(starts.length <= 20, `an idle task ran ${starts.length} times in 1.5 s: ${gaps.join(', ')}`);
  assert.ok(Math.max(...gaps) >= 300, `the wait grew: ${gaps.join(', ')}`);

  // hurry(): the next run comes within about the interval, not at the end of a wait of up to 1 s
  await sleep(5);
  const before = starts.length;
  const hurried = Date.now();
  task.hurry();
  await sleep(600);
  assert.ok(starts.length > before, 'hurry ran the work');
  assert.ok(starts[before]! - hurried < 500, `${starts[before]! - hurried} ms after hurry()`);

  // work found: the interval stays short
  found = true;
  task.kick();
  await sleep(50);
  const busyFrom = starts.length;
  await sleep(300);
  assert.ok(starts.length - busyFrom >= 4, `busy runs every ~20 ms: ${starts.length - busyFrom} in 300 ms`);
  await task.stop();
});

test('a kick while the work runs is not lost: the next run starts when this one ends', async () => {
  let runs = 0;
  const task = new PeriodicTask(
    'kicked while running',
    10_000,
    async () => {
      runs += 1;
      await sleep(50);
    },
    quiet,
  );
  task.start();
  await sleep(10);
  task.kick(); // during the first run
  await sleep(400);
  assert.equal(runs, 2, 'ran again after the run the kick came in, not 10 s later');
  await task.stop();
});
