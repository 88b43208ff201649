import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ContinuationCredentials } from './continuation.js';

const now = new Date('2026-01-01T00:00:00Z');
const in30min = Math.floor(now.getTime() / 1000) + 1800;

test('a credential opens for its chip until it expires, with the tap it continues', () => {
  const credentials = new ContinuationCredentials('s'.repeat(40));
  const c = credentials.issue('chipA1234', 41, in30min);
  assert.match(c, /^[A-Za-z0-9_-]{47}$/);
  const opened = credentials.open('chipA1234', c, now);
  assert.equal(opened?.counter, 41);
  assert.equal(opened?.expiresAt, in30min);
  assert.match(opened?.nonce ?? '', /^[0-9a-f]{20}$/);
  assert.equal(credentials.open('chipA1234', c, new Date(in30min * 1000)), undefined, 'expired');
});

test('another chip, another secret, a flipped bit or garbage opens nothing; each credential has its own nonce', () => {
  const credentials = new ContinuationCredentials('s'.repeat(40));
  const c = credentials.issue('chipA1234', 41, in30min);
  assert.equal(credentials.open('chipB1234', c, now), undefined);
  assert.equal(new ContinuationCredentials('t'.repeat(40)).open('chipA1234', c, now), undefined);
  const bytes = Buffer.from(c, 'base64url');
  bytes[2] ^= 1; // the counter
  assert.equal(credentials.open('chipA1234', bytes.toString('base64url'), now), undefined);
  assert.equal(credentials.open('chipA1234', 'x'.repeat(47), now), undefined);
  assert.equal(credentials.open('chipA1234', '', now), undefined);
  const again = credentials.issue('chipA1234', 41, in30min);
  assert.notEqual(
    credentials.open('chipA1234', again, now)?.nonce,
    credentials.open('chipA1234', c, now)?.nonce,
  );
});
