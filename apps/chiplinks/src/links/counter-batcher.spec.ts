import { test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { CounterBatcher } from './counter-batcher.js';

/** A stand-in for PostgreSQL that applies the statement's rule to a map and records each call. */
function fakePool(stored: Map<string, number>, failWith?: string, failCall = 0) {
  const calls: { ids: string[]; counters: number[] }[] = [];
  let fail: string | undefined;
  const pool = {
    async query(config: { values: [string[], number[]] }) {
      const [ids, counters] = config.values;
      calls.push({ ids, counters });
      if (calls.length - 1 === failCall) fail = failWith;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) {
        const code = fail;
        fail = undefined;
        throw Object.assign(new Error(`database error ${code}`), { code });
      }
      const rows = [];
      for (const [i, id] of ids.entries()) {
        const last = stored.get(id);
        if (last !== undefined && last < counters[i]) {
          stored.set(id, counters[i]);
          rows.push({ id, nft_id: 7 });
        }
      }
      return { rows };
    },
  };
  return { pool: pool as unknown as pg.Pool, calls };
}

test('scans arriving while a statement runs share the next one', async () => {
  const stored = new Map([
    ['a', 0],
    ['b', 0],
    ['c', 0],
  ]);
  const { pool, calls } = fakePool(stored);
  const batcher = new CounterBatcher(pool);
  const results = await Promise.all([batcher.accept('a', 1), batcher.accept('b', 1), batcher.accept('c', 1)]);
  assert.deepEqual(results, [{ nftId: 7 }, { nftId: 7 }, { nftId: 7 }]);
  assert.deepEqual(
    calls.map((c) => c.ids),
    [['a'], ['b', 'c']],
  );
});

test('one chip appears once per statement: a replay in the same burst is refused, later counters apply in order', async () => {
  const stored = new Map([['a', 0]]);
  const { pool, calls } = fakePool(stored);
  const batcher = new CounterBatcher(pool);
  const results = await Promise.all([
    batcher.accept('a', 5),
    batcher.accept('a', 5),
    batcher.accept('a', 6),
    batcher.accept('x', 1),
  ]);
  assert.deepEqual(results, [{ nftId: 7 }, undefined, { nftId: 7 }, undefined]);
  assert.ok(calls.every((c) => new Set(c.ids).size === c.ids.length));
  assert.equal(stored.get('a'), 6);
});

test('a deadlock between replicas falls back to one statement per scan', async () => {
  const stored = new Map([
    ['a', 0],
    ['b', 0],
    ['z', 0],
  ]);
  const { pool, calls } = fakePool(stored, '40P01', 1);
  const batcher = new CounterBatcher(pool);
  const results = await Promise.all([batcher.accept('z', 1), batcher.accept('a', 1), batcher.accept('b', 1)]);
  assert.deepEqual(results, [{ nftId: 7 }, { nftId: 7 }, { nftId: 7 }]);
  assert.deepEqual(
    calls.map((c) => c.ids),
    [['z'], ['a', 'b'], ['a'], ['b']],
  );
});

test('other database errors fail the scans of that statement', async () => {
  const { pool } = fakePool(new Map([['a', 0]]), '08006');
  const batcher = new CounterBatcher(pool);
  await assert.rejects(batcher.accept('a', 1), /database error 08006/);
  assert.deepEqual(await batcher.accept('a', 1), { nftId: 7 });
});
