import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBytes, formatDate, shortAddress } from './format.js';

test('formatDate uses DD/MM/YYYY HH:mm:ss in local time', () => {
  assert.equal(formatDate(new Date(2024, 0, 5, 7, 8, 9)), '05/01/2024 07:08:09');
  assert.equal(formatDate(new Date(2023, 11, 31, 23, 59, 0).toISOString()), '31/12/2023 23:59:00');
  assert.equal(formatDate(new Date(2023, 11, 31, 23, 59, 0).getTime()), '31/12/2023 23:59:00');
});

test('formatDate leaves empty and unparsable values alone', () => {
  assert.equal(formatDate(null), '');
  assert.equal(formatDate(''), '');
  assert.equal(formatDate('not a date'), 'not a date');
});

test('shortAddress keeps the head and the tail', () => {
  assert.equal(shortAddress('0x8ba1f109551bd432803012645ac136ddd64dba72'), '0x8ba1…ba72');
  assert.equal(shortAddress('admin'), 'admin');
  assert.equal(shortAddress(null), '');
});

test('byte counts for people, in decimal units', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(999), '999 B');
  assert.equal(formatBytes(1_000), '1.0 KB');
  assert.equal(formatBytes(12_345), '12.3 KB');
  assert.equal(formatBytes(4_000_000), '4.0 MB');
  assert.equal(formatBytes(100_000_000), '100.0 MB');
  assert.equal(formatBytes(2_500_000_000), '2.5 GB');
});
