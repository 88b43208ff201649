import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_FEE_POLICY,
  bumped,
  gasLimitFromEstimate,
  initialFees,
  isValidReplacement,
  replacementFees,
} from './fee.policy.js';

const gwei = (n: number) => BigInt(Math.round(n * 1e9));

test('spec defaults: 1.5 gwei tip, max fee = 120 % of the base fee + the tip', () => {
  assert.equal(DEFAULT_FEE_POLICY.priorityFeeWei, gwei(1.5));
  assert.deepEqual(initialFees(gwei(10)), { maxPriorityFeePerGas: gwei(1.5), maxFeePerGas: gwei(13.5) });
  assert.deepEqual(initialFees(0n), { maxPriorityFeePerGas: gwei(1.5), maxFeePerGas: gwei(1.5) });
  // rounded up, never a wei short of 120 %
  assert.equal(initialFees(7n).maxFeePerGas, 9n + gwei(1.5));
});

test('the max fee still covers the base fee after one full block of growth (+12.5 %)', () => {
  const base = gwei(40);
  const next = (base * 1125n) / 1000n;
  assert.ok(initialFees(base).maxFeePerGas - initialFees(base).maxPriorityFeePerGas >= next);
});

test('a replacement raises both fields by at least 12.5 %, rounded up', () => {
  assert.equal(bumped(1000n), 1125n);
  assert.equal(bumped(1001n), 1127n); // 1126.125 -> 1127
  assert.equal(bumped(1n), 2n, 'tiny fees still grow');
  assert.equal(bumped(0n), 0n);
  const previous = { maxFeePerGas: gwei(13.5), maxPriorityFeePerGas: gwei(1.5) };
  const next = replacementFees(previous, initialFees(gwei(1)));
  assert.equal(next.maxPriorityFeePerGas, bumped(gwei(1.5)));
  assert.equal(next.maxFeePerGas, bumped(gwei(13.5)));
  assert.ok(isValidReplacement(previous, next));
  assert.ok(!isValidReplacement(previous, { ...next, maxPriorityFeePerGas: gwei(1.6) }));
});

test('a replacement follows the market when it moved further than the bump', () => {
  const previous = initialFees(gwei(10));
  const market = initialFees(gwei(30));
  const next = replacementFees(previous, market);
  assert.equal(next.maxFeePerGas, market.maxFeePerGas);
  assert.equal(next.maxPriorityFeePerGas, bumped(previous.maxPriorityFeePerGas));
  assert.ok(isValidReplacement(previous, next));
  assert.ok(next.maxFeePerGas >= next.maxPriorityFeePerGas);
});

test('repeated replacements keep growing', () => {
  let fees = initialFees(gwei(5));
  for (let i = 0; i < 5; i++) {
    const next = replacementFees(fees, initialFees(gwei(5)));
    assert.ok(isValidReplacement(fees, next));
    fees = next;
  }
  assert.ok(fees.maxFeePerGas > (initialFees(gwei(5)).maxFeePerGas * 18n) / 10n);
});

test('gas limit gets 20 % headroom over the estimate', () => {
  assert.equal(gasLimitFromEstimate(100_000n), 120_000n);
  assert.equal(gasLimitFromEstimate(21_001n), 25_202n);
});
