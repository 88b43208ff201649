import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseByteRange } from './byte-range.js';

test('single byte ranges: closed, open, suffix, clamped to the end', () => {
  assert.deepEqual(parseByteRange('bytes=0-9', 100), { kind: 'partial', start: 0, end: 9 });
  assert.deepEqual(parseByteRange('bytes=90-', 100), { kind: 'partial', start: 90, end: 99 });
  assert.deepEqual(parseByteRange('bytes=-10', 100), { kind: 'partial', start: 90, end: 99 });
  assert.deepEqual(parseByteRange('bytes=-500', 100), { kind: 'partial', start: 0, end: 99 });
  assert.deepEqual(parseByteRange('bytes=50-5000', 100), { kind: 'partial', start: 50, end: 99 });
});

test('no header, a header we do not understand, or several ranges: the whole object', () => {
  for (const header of [
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'items=0-1',
    'bytes=0-1,5-6',
    'bytes=9-3',
    'bytes=a-b',
  ])
    assert.deepEqual(parseByteRange(header, 100), { kind: 'full' }, String(header));
});

test('a range starting past the end, an empty suffix or an empty object is unsatisfiable', () => {
  assert.deepEqual(parseByteRange('bytes=100-', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=100-200', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=-0', 100), { kind: 'unsatisfiable' });
  assert.deepEqual(parseByteRange('bytes=0-0', 0), { kind: 'unsatisfiable' });
});
