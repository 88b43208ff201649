import { test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { PendingProbe } from './pending-probe.js';

/** A stand-in for PostgreSQL: the chips with a pending transaction, and each statement's chips. */
function fakePool(pending: Set<string>, failCall = -1) {
  const calls: string[][] = [];
  const pool = {
    async query(config: { values: [string[]] }) {
      const [tags] = config.values;
      calls.push(tags);
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (calls.length - 1 === failCall) throw new Error('database down');
      return { rows: tags.filter((t) => pending.has(t)).map((nfc_id) => ({ nfc_id })) };
    },
  };
  return { pool: pool as unknown as pg.Pool, calls };
}

test('scans arriving while a probe runs share the next one; each learns its own chip', async () => {
  const { pool, calls } = fakePool(new Set(['b']));
  const probe = new PendingProbe(pool);
  const results = await Promise.all(['a', 'b', 'c', 'b'].map((tag) => probe.hasPending(tag)));
  assert.deepEqual(results, [false, true, false, true]);
  // the first goes at once (an idle path waits for nothing), the rest together, each chip once
  assert.deepEqual(calls, [['a'], ['b', 'c']]);
});

test('a failed probe fails its own scans only (the tap is not spent), the next one runs', async () => {
  const { pool, calls } = fakePool(new Set(['c']), 1);
  const probe = new PendingProbe(pool);
  const first = probe.hasPending('a');
  const failing = [probe.hasPending('b'), probe.hasPending('c')];
  assert.equal(await first, false);
  await Promise.all(failing.map((p) => assert.rejects(p, /database down/)));
  assert.equal(await probe.hasPending('c'), true);
  assert.equal(calls.length, 3);
});
