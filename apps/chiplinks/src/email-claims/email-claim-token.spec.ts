import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  emailHash,
  maskEmail,
  newEmailClaimToken,
  parseEmailClaimToken,
  secretMatches,
} from './email-claim-token.js';

test('a token is {96-bit id}.{256-bit secret}; only the secret’s hash is kept, and it matches only itself', () => {
  const { id, secret, token, secretHash } = newEmailClaimToken();
  assert.equal(Buffer.from(id, 'base64url').length, 12);
  assert.equal(Buffer.from(secret, 'base64url').length, 32);
  assert.deepEqual(parseEmailClaimToken(token), { id, secret });
  assert.doesNotMatch(secretHash, new RegExp(secret));
  assert.equal(secretMatches(secret, secretHash), true);
  const other = newEmailClaimToken();
  assert.equal(secretMatches(other.secret, secretHash), false);
  assert.equal(secretMatches(secret, 'ab'), false, 'a stored hash of another length');
  assert.notEqual(other.token, token);
});

test('malformed tokens are refused before any lookup', () => {
  for (const bad of [
    '',
    'abc',
    'a.b',
    `${'A'.repeat(16)}.${'B'.repeat(42)}`,
    `${'A'.repeat(16)}.${'B'.repeat(43)}x`,
  ])
    assert.equal(parseEmailClaimToken(bad), undefined, bad);
});

test('the owner sees a***@example.com; logs see a keyed hash that ignores case', () => {
  assert.equal(maskEmail('alice@example.com'), 'a***@example.com');
  assert.equal(maskEmail('x@y.org'), 'x***@y.org');
  assert.equal(
    emailHash('Alice@Example.com ', 'k'.repeat(32)),
    emailHash('alice@example.com', 'k'.repeat(32)),
  );
  assert.notEqual(
    emailHash('alice@example.com', 'k'.repeat(32)),
    emailHash('alice@example.com', 'j'.repeat(32)),
  );
  assert.doesNotMatch(emailHash('alice@example.com', 'k'.repeat(32)), /alice/);
});
