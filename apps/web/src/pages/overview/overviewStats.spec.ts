import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mintsPerCollection, sumTemplates, sumWeek } from './overviewStats.js';

test('today is the last day, the week all of them; no days reads as zeros', () => {
  const { today, week } = sumWeek([
    { day: '2026-11-22', scans: 3, mints: 0 },
    { day: '2026-11-27', scans: 1, mints: 2 },
    { day: '2026-11-28', scans: 2, mints: 4 },
  ]);
  assert.deepEqual(today, { day: '2026-11-28', scans: 2, mints: 4 });
  assert.deepEqual(week, { scans: 6, mints: 6 });
  assert.deepEqual(sumWeek([]).week, { scans: 0, mints: 0 });
  assert.equal(sumWeek([]).today.mints, 0);
});

test('mints per collection: every collection listed (0 without mints), then unlisted ones (the default collection)', () => {
  const rows = mintsPerCollection(
    [
      { address: '0xAA', name: 'Shoes' },
      { address: '0xbb', name: 'Bags' },
    ],
    [
      { collection: '0xaa', mints: 3 },
      { collection: '0xdd', mints: 2 },
    ],
  );
  assert.deepEqual(rows, [
    { address: '0xAA', name: 'Shoes', mints: 3 },
    { address: '0xbb', name: 'Bags', mints: 0 },
    { address: '0xdd', name: undefined, mints: 2 },
  ]);
});

test('template counts sum chips, links and mints', () => {
  assert.deepEqual(
    sumTemplates([
      { chips: 2, links: 3, mints: 1 },
      { chips: 0, links: 5, mints: 4 },
    ]),
    { templates: 2, chips: 2, links: 8, mints: 5 },
  );
  assert.deepEqual(sumTemplates([]), { templates: 0, chips: 0, links: 0, mints: 0 });
});
