import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkQuota, quotaRemaining, QuotaExceededError, HOUR_MS } from './quota.js';

const now = new Date('2026-11-29T12:00:00Z');
const ago = (min: number) => new Date(now.getTime() - min * 60_000);

test('a request that fits passes; 0 means no limit', () => {
  const usage = { total: 4, lastHour: [{ at: ago(10), units: 4 }] };
  checkQuota('links', { perHour: 5, total: 10 }, usage, 1, now);
  checkQuota('links', { perHour: 0, total: 0 }, usage, 1_000_000, now);
  assert.equal(quotaRemaining({ perHour: 5, total: 10 }, usage), 1);
  assert.equal(quotaRemaining({ perHour: 0, total: 0 }, usage), Infinity);
});

test('over the hourly limit: 429 whole, what is left, and when the window makes room', () => {
  const usage = {
    total: 5,
    lastHour: [
      { at: ago(37), units: 2 },
      { at: ago(20), units: 3 },
    ],
  };
  assert.throws(
    () => checkQuota('links', { perHour: 5, total: 0 }, usage, 2, now),
    (e: unknown) =>
      e instanceof QuotaExceededError &&
      e.status === 429 &&
      e.code === 'quota_exceeded' &&
      // the 2 units of 37 minutes ago leave in 23 minutes: then 2 more fit
      e.retryAfterS === 23 * 60 &&
      e.message === 'Quota reached: 5 links per hour. Try again in 23 minutes.',
  );
  const partly = { total: 3, lastHour: [{ at: ago(50), units: 3 }] };
  assert.throws(
    () => checkQuota('links', { perHour: 5, total: 0 }, partly, 31, now),
    /Quota reached: 5 links per hour; 31 at once is more than an hour allows\./,
  );
  assert.throws(
    () => checkQuota('links', { perHour: 5, total: 0 }, partly, 4, now),
    (e: unknown) =>
      e instanceof QuotaExceededError &&
      e.retryAfterS === (HOUR_MS - 50 * 60_000) / 1000 &&
      e.message === 'Quota reached: 5 links per hour; 2 left, 4 asked. Try again in 10 minutes.',
  );
});

test('over the total: 429 without Retry-After (waiting does not help)', () => {
  assert.throws(
    () => checkQuota('chips', { perHour: 0, total: 8 }, { total: 6, lastHour: [] }, 3, now),
    (e: unknown) =>
      e instanceof QuotaExceededError &&
      e.retryAfterS === undefined &&
      e.message === 'Quota reached: 8 chips in total; 2 left, 3 asked.',
  );
});
