import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assignNonces, nonceGaps, nonceState, reconcileNextNonce } from './nonce.policy.js';

test('the next nonce is the higher of our record and the chain pending count', () => {
  assert.equal(reconcileNextNonce(undefined, 7), 7, 'first use starts at the chain count');
  assert.equal(reconcileNextNonce(12, 7), 12, 'signed but not yet broadcast transactions keep their nonces');
  assert.equal(reconcileNextNonce(3, 9), 9, 'nonces used elsewhere are skipped, never reused');
  assert.throws(() => reconcileNextNonce(1, -1), RangeError);
});

test('a batch gets consecutive nonces', () => {
  const { assigned, next } = assignNonces(5, ['a', 'b', 'c']);
  assert.deepEqual(assigned, [
    ['a', 5],
    ['b', 6],
    ['c', 7],
  ]);
  assert.equal(next, 8);
  assert.deepEqual(assignNonces(5, []), { assigned: [], next: 5 });
});

test('a nonce below the mined count is mined, others pending', () => {
  assert.equal(nonceState(4, 5), 'mined');
  assert.equal(nonceState(5, 5), 'pending');
});

test('gaps are the unused nonces of a range', () => {
  assert.deepEqual(nonceGaps([0, 1, 3, 5], 0, 6), [2, 4]);
  assert.deepEqual(nonceGaps([2, 0, 1], 0, 3), []);
});
