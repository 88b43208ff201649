import { test } from 'node:test';
import assert from 'node:assert/strict';
import { backoffMs } from './outbox.js';

test('a failed row waits fromMs, doubling per failure, never more than maxMs', () => {
  const backoff = { fromMs: 1000, maxMs: 5 * 60_000 };
  assert.deepEqual(
    [1, 2, 3, 4, 9, 10, 30].map((n) => backoffMs(n, backoff)),
    [1000, 2000, 4000, 8000, 256_000, 300_000, 300_000],
  );
});
