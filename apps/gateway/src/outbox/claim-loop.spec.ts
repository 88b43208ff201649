import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClaimLoop } from './claim-loop.js';

/** A queue of due numbers in memory: claims take from it, deliveries are recorded. */
class Numbers extends ClaimLoop<number> {
  due: number[] = [];
  delivered: number[] = [];
  claims = 0;
  onDeliver: (n: number) => void = () => undefined;

  constructor() {
    super('numbers', { intervalMs: 60_000, batch: 2, stopWaitMs: 1_000 });
  }

  protected claim(limit: number): Promise<number[]> {
    this.claims++;
    return Promise.resolve(this.due.splice(0, limit));
  }

  protected deliver(item: number): Promise<void> {
    this.delivered.push(item);
    this.onDeliver(item);
    return Promise.resolve();
  }
}

test('a round claims until a batch comes back short', async () => {
  const loop = new Numbers();
  loop.due = [1, 2, 3, 4, 5];
  assert.equal(await loop.runOnce(), 5);
  assert.deepEqual(loop.delivered, [1, 2, 3, 4, 5]);
  assert.equal(loop.claims, 3, 'two full batches, then a short one');
});

test('work made due during a round is claimed before the round ends, not an interval later', async () => {
  const loop = new Numbers();
  loop.due = [1];
  loop.onDeliver = (n) => {
    if (n === 1) {
      loop.due.push(2); // a webhook made another email due while the first was being sent
      loop.wake();
    }
  };
  assert.equal(await loop.runOnce(), 2);
  assert.deepEqual(loop.delivered, [1, 2]);
});

test('the application starts and stops it; a wake runs a round at once', async () => {
  const loop = new Numbers();
  loop.onApplicationBootstrap();
  await new Promise((resolve) => setTimeout(resolve, 20));
  loop.due = [7];
  loop.wake();
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(loop.delivered, [7], 'delivered long before the 60 s interval');
  await loop.onModuleDestroy();
});
