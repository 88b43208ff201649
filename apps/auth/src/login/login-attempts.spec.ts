import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pairDelayMs, tooManyAttempts } from './login-attempts.js';

test('a (name, client) pair: three free failures, then waits doubling from 30 s up to an hour', () => {
  assert.deepEqual(
    [0, 1, 2, 3, 4, 5, 6, 10, 11, 50].map(pairDelayMs),
    [0, 0, 0, 30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000, 3_600_000],
  );
});

test('the 429 names the wait in minutes, rounded up, and carries it as Retry-After', () => {
  assert.equal(tooManyAttempts(30).message, 'Too many login attempts, try again in 1 minute');
  assert.equal(tooManyAttempts(61).message, 'Too many login attempts, try again in 2 minutes');
  assert.equal(tooManyAttempts(3600).message, 'Too many login attempts, try again in 60 minutes');
  assert.equal(tooManyAttempts(61).retryAfterS, 61);
  assert.equal(tooManyAttempts(61).status, 429);
});
