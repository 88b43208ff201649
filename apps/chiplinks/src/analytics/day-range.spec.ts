import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayRange } from './scan-analytics.handlers.js';

const NOW = new Date('2026-03-10T23:30:00Z');

test('the default range is the last 30 UTC days up to today', () => {
  assert.deepEqual(dayRange(NOW), { from: '2026-02-09', to: '2026-03-10' });
  assert.deepEqual(dayRange(NOW, undefined, '2026-01-30'), { from: '2026-01-01', to: '2026-01-30' });
});

test('a given range; one day; refusals', () => {
  assert.deepEqual(dayRange(NOW, '2026-03-01', '2026-03-01'), { from: '2026-03-01', to: '2026-03-01' });
  assert.throws(() => dayRange(NOW, '2026-03-02', '2026-03-01'), /from must not be after to/);
  assert.throws(() => dayRange(NOW, '2025-01-01', '2026-03-01'), /at most a year/);
  assert.throws(() => dayRange(NOW, '2026-02-30', '2026-03-01'), /Invalid date/);
  assert.throws(() => dayRange(NOW, '2026-13-01'), /Invalid date/);
});
