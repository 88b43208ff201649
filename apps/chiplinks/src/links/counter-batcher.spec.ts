import { test } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { CounterBatcher } from './counter-batcher.js';

/**
 * A stand-in for PostgreSQL that applies the statement's rule to maps (chip rows, UID counters) and
 * records each call. The statement itself runs against PostgreSQL in the integration tests.
 */
function fakePool(
  counters: Map<string, number>,
  revs = new Map<string, number>(),
  failWith?: string,
  failCall = 0,
) {
  const calls: { ids: string[]; uids: string[] }[] = [];
  let fail: string | undefined;
  const pool = {
    async query(config: { values: [string[], string[], number[], number[], number[]] }) {
      const [ids, uids, keyRevs, values, nftIds] = config.values;
      calls.push({ ids, uids });
      if (calls.length - 1 === failCall) fail = failWith;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) {
        const code = fail;
        fail = undefined;
        throw Object.assign(new Error(`database error ${code}`), { code });
      }
      const rows = [];
      for (const [i, id] of ids.entries()) {
        const last = counters.get(uids[i]);
        if (last === undefined) continue; // no live row with that UID
        const stale = (revs.get(id) ?? 0) !== keyRevs[i] || nftIds[i] !== 7;
        const accepted = !stale && last < values[i];
        if (accepted) counters.set(uids[i], values[i]);
        rows.push({ id, nft_id: 7, stale, accepted, jumped: false });
      }
      return { rows };
    },
  };
  return { pool: pool as unknown as pg.Pool, calls };
}

const scan = (id: string, counter: number, uid = `U${id}`, keyRev = 0, nftId = 7) => ({
  id,
  uid,
  keyRev,
  nftId,
  counter,
});
const ok = { accepted: true, nftId: 7, jumped: false };
const refused = { accepted: false, stale: false };

test('scans arriving while a statement runs share the next one', async () => {
  const { pool, calls } = fakePool(
    new Map([
      ['Ua', 0],
      ['Ub', 0],
      ['Uc', 0],
    ]),
  );
  const batcher = new CounterBatcher(pool);
  const results = await Promise.all([
    batcher.accept(scan('a', 1)),
    batcher.accept(scan('b', 1)),
    batcher.accept(scan('c', 1)),
  ]);
  assert.deepEqual(results, [ok, ok, ok]);
  assert.deepEqual(
    calls.map((c) => c.ids),
    [['a'], ['b', 'c']],
  );
});

test('one UID appears once per statement: a replay in the same burst is refused, later counters apply in order', async () => {
  const counters = new Map([['Ua', 0]]);
  const { pool, calls } = fakePool(counters);
  const batcher = new CounterBatcher(pool);
  const results = await Promise.all([
    batcher.accept(scan('a', 5)),
    batcher.accept(scan('a', 5)),
    batcher.accept(scan('a', 6)),
    batcher.accept(scan('x', 1)),
  ]);
  assert.deepEqual(results, [ok, refused, ok, refused]);
  assert.ok(calls.every((c) => new Set(c.uids).size === c.uids.length));
  assert.equal(counters.get('Ua'), 6);
});

test('two rows of one UID (a chip moved) share its counter', async () => {
  const counters = new Map([['U', 10]]);
  const { pool } = fakePool(counters);
  const batcher = new CounterBatcher(pool);
  assert.deepEqual(await batcher.accept(scan('old', 9, 'U')), refused);
  assert.deepEqual(await batcher.accept(scan('new', 11, 'U')), ok);
  assert.deepEqual(await batcher.accept(scan('old', 11, 'U')), refused);
});

test('keys cached at another revision are reported stale and consume nothing', async () => {
  const counters = new Map([['Ua', 0]]);
  const { pool } = fakePool(counters, new Map([['a', 1]]));
  const batcher = new CounterBatcher(pool);
  assert.deepEqual(await batcher.accept(scan('a', 3, 'Ua', 0)), { accepted: false, stale: true });
  assert.equal(counters.get('Ua'), 0);
  assert.deepEqual(await batcher.accept(scan('a', 3, 'Ua', 1)), ok);
});

test('a chip read for another template (moved since) is stale and consumes nothing', async () => {
  const counters = new Map([['Ua', 0]]);
  const { pool } = fakePool(counters);
  const batcher = new CounterBatcher(pool);
  assert.deepEqual(await batcher.accept(scan('a', 3, 'Ua', 0, 8)), { accepted: false, stale: true });
  assert.equal(counters.get('Ua'), 0);
  assert.deepEqual(await batcher.accept(scan('a', 3, 'Ua', 0, 7)), ok);
});

test('a deadlock between replicas falls back to one statement per scan', async () => {
  const { pool, calls } = fakePool(
    new Map([
      ['Ua', 0],
      ['Ub', 0],
      ['Uz', 0],
    ]),
    new Map(),
    '40P01',
    1,
  );
  const batcher = new CounterBatcher(pool);
  const results = await Promise.all([
    batcher.accept(scan('z', 1)),
    batcher.accept(scan('a', 1)),
    batcher.accept(scan('b', 1)),
  ]);
  assert.deepEqual(results, [ok, ok, ok]);
  assert.deepEqual(
    calls.map((c) => c.ids),
    [['z'], ['a', 'b'], ['a'], ['b']],
  );
});
