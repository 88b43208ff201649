import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runHealthChecks, type HealthCheck } from './health.js';

const check = (
  name: string,
  result: () => Promise<boolean | { ok: boolean; reason?: string }>,
): HealthCheck => ({
  name,
  check: result,
});

test('a check that never answers fails by its deadline and names why; the others still count', async () => {
  const started = Date.now();
  const result = await runHealthChecks(
    [
      check('database', () => new Promise(() => undefined)),
      check('queue', async () => true),
      check('progress', async () => ({ ok: false, reason: 'nonce 4 not mined for 12 s' })),
    ],
    50,
  );
  assert.ok(Date.now() - started < 1000, 'answered by the deadline, not when the hung check settles');
  assert.deepEqual(result, {
    ok: false,
    checks: { database: false, queue: true, progress: false },
    reasons: { database: 'no answer within 50 ms', progress: 'nonce 4 not mined for 12 s' },
  });
});

test('a check that throws counts as failed without a reason', async () => {
  const result = await runHealthChecks([check('chain', () => Promise.reject(new Error('boom')))]);
  assert.deepEqual(result, { ok: false, checks: { chain: false }, reasons: {} });
});
