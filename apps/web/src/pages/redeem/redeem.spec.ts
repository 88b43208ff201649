import { test } from 'node:test';
import assert from 'node:assert/strict';
import { reportUntilTold, SHOP_RECORDED, SHOP_TOLD, type ReportedRedemption } from './redeem.js';

const record = (r: Partial<ReportedRedemption>): ReportedRedemption => ({
  emailedAt: null,
  webhookAt: null,
  noticePending: false,
  ...r,
});

/** A report answering the given replies in turn (the last one again once they run out). */
const replies = (...list: (ReportedRedemption | string)[]) => {
  let calls = 0;
  const report = async () => list[Math.min(calls++, list.length - 1)]!;
  return { report, calls: () => calls };
};

test('told at once: one report', async () => {
  const r = replies(record({ emailedAt: '2026-11-30T12:00:00Z' }));
  assert.equal(await reportUntilTold(r.report, { everyMs: 0 }), SHOP_TOLD);
  assert.equal(r.calls(), 1);
});

test('the follower recorded it first and its notifier is telling: the page follows until told', async () => {
  const r = replies(
    record({ noticePending: true }),
    record({ noticePending: true }),
    record({ webhookAt: '2026-11-30T12:00:02Z' }),
  );
  assert.equal(await reportUntilTold(r.report, { everyMs: 0 }), SHOP_TOLD);
  assert.equal(r.calls(), 3);
});

test('nobody to tell: recorded, without following', async () => {
  const r = replies(record({}));
  assert.equal(await reportUntilTold(r.report, { everyMs: 0 }), SHOP_RECORDED);
  assert.equal(r.calls(), 1);
});

test('a notice still pending after the last try: recorded (the shop is told later)', async () => {
  const r = replies(record({ noticePending: true }));
  assert.equal(await reportUntilTold(r.report, { everyMs: 0, tries: 4 }), SHOP_RECORDED);
  assert.equal(r.calls(), 4);
});

test('one channel delivered, the other due again: told once the retry is out of the way, or at the last try', async () => {
  const r = replies(record({ emailedAt: '2026-11-30T12:00:00Z', noticePending: true }));
  assert.equal(await reportUntilTold(r.report, { everyMs: 0, tries: 3 }), SHOP_TOLD);
  assert.equal(r.calls(), 3);
});

test("the server's message ends the follow-up", async () => {
  const r = replies(record({ noticePending: true }), 'server error');
  assert.equal(await reportUntilTold(r.report, { everyMs: 0 }), 'server error');
});

test('leaving the page stops following, also in the middle of a pause', async () => {
  const stop = new AbortController();
  let calls = 0;
  const started = Date.now();
  const line = reportUntilTold(
    async () => {
      calls += 1;
      return record({ noticePending: true });
    },
    { everyMs: 60_000, signal: stop.signal },
  );
  setTimeout(() => stop.abort(), 20);
  assert.equal(await line, SHOP_RECORDED);
  assert.equal(calls, 1, 'nothing is reported after the page went');
  assert.ok(Date.now() - started < 5_000, 'the pause was cut short');
});
