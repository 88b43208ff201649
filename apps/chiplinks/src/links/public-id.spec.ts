import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newLinkUid, newPublicId, newTokenId, PUBLIC_ID_LENGTH } from './public-id.js';

test('public ids are base62 of the fixed length and do not repeat', () => {
  const ids = new Set(Array.from({ length: 5000 }, () => newPublicId()));
  assert.equal(ids.size, 5000);
  for (const id of ids) assert.match(id, new RegExp(`^[0-9A-Za-z]{${PUBLIC_ID_LENGTH}}$`));
});

test('link uids look like chip UIDs; token ids stay in [2^40, 2^62)', () => {
  assert.match(newLinkUid(), /^[0-9A-F]{14}$/);
  for (let i = 0; i < 1000; i++) {
    const id = BigInt(newTokenId());
    assert.ok(id >= 1n << 40n && id < 1n << 62n);
  }
});
