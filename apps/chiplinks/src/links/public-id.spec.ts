import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CLAIM_HANDLE_MIN_BITS,
  isLinkClaimHandle,
  newLinkUid,
  newPublicId,
  newTokenId,
  PUBLIC_ID_LENGTH,
} from './public-id.js';

test('public ids are base62 of the fixed length and do not repeat', () => {
  const ids = new Set(Array.from({ length: 5000 }, () => newPublicId()));
  assert.equal(ids.size, 5000);
  for (const id of ids) assert.match(id, new RegExp(`^[0-9A-Za-z]{${PUBLIC_ID_LENGTH}}$`));
});

test('link uids carry 96 bits (24 hex digits); token ids stay in [2^40, 2^62)', () => {
  assert.match(newLinkUid(), /^[0-9A-F]{24}$/);
  assert.ok(newLinkUid().length * 4 >= CLAIM_HANDLE_MIN_BITS);
  for (let i = 0; i < 1000; i++) {
    const id = BigInt(newTokenId());
    assert.ok(id >= 1n << 40n && id < 1n << 62n);
  }
});

test('a link is claimed by its whole id or a uid of ≥ 80 bits, never by a 56-bit uid (issue #28 item 2)', () => {
  const fresh = { id: newPublicId(), uid: newLinkUid() };
  assert.equal(isLinkClaimHandle(fresh, fresh.id), true);
  assert.equal(isLinkClaimHandle(fresh, fresh.uid), true);
  assert.equal(isLinkClaimHandle(fresh, fresh.uid.toLowerCase()), true, 'hex in any case');
  assert.equal(isLinkClaimHandle(fresh, fresh.id.toLowerCase()), fresh.id === fresh.id.toLowerCase());
  const legacy = { id: newPublicId(), uid: 'A1B2C3D4E5F607' };
  assert.equal(
    isLinkClaimHandle(legacy, legacy.uid),
    false,
    'a 7-byte uid names the link but claims nothing',
  );
  assert.equal(isLinkClaimHandle(legacy, legacy.id), true);
});
