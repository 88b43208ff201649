import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@metatag/nest-kit';
import { WindowCounter } from './window-counter.js';

test('a client over its limit gets a 429 with the seconds left in the window; others are not affected', () => {
  const counter = new WindowCounter(2, 60_000, 'Too many');
  counter.take('a', 0);
  counter.take('a', 2_000);
  assert.throws(
    () => counter.take('a', 16_000),
    (error: unknown) =>
      error instanceof AppError &&
      error.status === 429 &&
      error.retryAfterS === 44 &&
      error.message === 'Too many',
  );
  counter.take('b', 16_000);
  counter.take('a', 61_000); // a new window
});

test('a limit of 0 means no limit', () => {
  const counter = new WindowCounter(0, 60_000, 'Too many');
  for (let i = 0; i < 1000; i++) counter.take('a', i);
});
