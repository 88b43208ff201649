import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatNative, formatNativeExact, shortEther } from './ledgerApi.js';

test('amounts read short, cut not rounded; the exact value stays available (issue #30)', () => {
  assert.equal(shortEther('0.999999876543210987'), '0.999999');
  assert.equal(shortEther('12.345678901'), '12.3456');
  assert.equal(shortEther('0.5'), '0.5');
  assert.equal(shortEther('3'), '3');
  assert.equal(shortEther('0.000000042123'), '0.000000042');
  assert.equal(shortEther('-0.000044123456789'), '-0.000044');
  assert.equal(formatNative('polygon', 10n ** 18n + 1n), '1 POL');
  assert.equal(formatNativeExact('ganache', 10n ** 18n + 1n), '1.000000000000000001 ETH');
});
