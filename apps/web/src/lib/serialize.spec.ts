import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserialize, serialize } from './serialize.js';

test('bigint values survive a round trip', () => {
  const value = { balance: 10n ** 20n, nested: [1n, { n: -5n }], text: 'x', count: 3, none: null };
  assert.deepEqual(deserialize(serialize(value)), value);
});

test('plain JSON is unchanged', () => {
  const value = { a: [1, 'b', true], c: { d: null } };
  assert.equal(serialize(value), JSON.stringify(value));
  assert.deepEqual(deserialize(JSON.stringify(value)), value);
});
