import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lastDays, sumDays, sumTemplates } from './overviewStats.js';

test('the last 7 UTC days end today, oldest first', () => {
  const days = lastDays(new Date('2026-11-28T23:30:00Z'), 7);
  assert.deepEqual(days, [
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '2026-11-27',
    '2026-11-28',
  ]);
});

test("scans and mints add up over templates and days; days outside the week don't count", () => {
  const days = lastDays(new Date('2026-11-28T12:00:00Z'), 7);
  const row = (day: string, scans: number, mints: number) => ({
    day,
    scans,
    mints,
    firstScans: 0,
    refused: 0,
  });
  const { perDay, today, week } = sumDays(
    [
      { perDay: [row('2026-11-28', 2, 1), row('2026-11-25', 3, 0), row('2026-11-01', 50, 50)] },
      { perDay: [row('2026-11-28', 1, 1)] },
    ],
    days,
  );
  assert.equal(perDay.length, 7);
  assert.deepEqual(today, { day: '2026-11-28', scans: 3, mints: 2 });
  assert.deepEqual(week, { scans: 6, mints: 2 });
  assert.deepEqual(perDay[0], { day: '2026-11-22', scans: 0, mints: 0 });
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
