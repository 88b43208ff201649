import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Logger } from 'pino';
import { PeriodicTask } from './periodic-task.js';

const quiet = { warn() {} } as unknown as Logger;
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
