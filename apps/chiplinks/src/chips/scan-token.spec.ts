import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { ScanTokens } from './scan-token.js';

const secret = 'x'.repeat(40);
const now = new Date('2026-01-01T00:00:00Z');

test('a token verifies until it expires', () => {
  const tokens = new ScanTokens(secret, 600);
  const jwt = tokens.sign('abc123XYZ', 7, now);
  assert.deepEqual(tokens.verify(jwt, now), {
    sub: 'abc123XYZ',
    ctr: 7,
    iat: 1767225600,
    exp: 1767226200,
    aud: 'scan',
  });
  assert.ok(tokens.verify(jwt, new Date(now.getTime() + 599_000)));
  assert.equal(tokens.verify(jwt, new Date(now.getTime() + 600_000)), undefined);
});

test('tampered claims, another secret, alg none and garbage are refused', () => {
  const tokens = new ScanTokens(secret, 600);
  const [h, p, s] = tokens.sign('chipA123', 1, now).split('.');
  const forged = Buffer.from(JSON.stringify({ sub: 'chipB123', ctr: 1, iat: 0, exp: 9e9 })).toString(
    'base64url',
  );
  assert.equal(tokens.verify(`${h}.${forged}.${s}`, now), undefined);
  assert.equal(new ScanTokens('y'.repeat(40), 600).verify(`${h}.${p}.${s}`, now), undefined);
  const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
  assert.equal(tokens.verify(`${none}.${p}.`, now), undefined);
  const body = `${h}.${Buffer.from('not json').toString('base64url')}`;
  const signed = `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
  assert.equal(tokens.verify(signed, now), undefined);
  assert.equal(tokens.verify('a.b', now), undefined);
});

test('a token serves only its own audience: a utility token never passes as a scan token', () => {
  const tokens = new ScanTokens(secret, 600);
  const utility = tokens.sign('chipA123', 3, now, 'utility');
  const scan = tokens.sign('chipA123', 3, now, 'scan');
  assert.equal(tokens.verify(utility, now), undefined);
  assert.equal(tokens.verify(utility, now, 'scan'), undefined);
  assert.equal(tokens.verify(utility, now, 'utility')?.aud, 'utility');
  assert.equal(tokens.verify(scan, now, 'utility'), undefined);
  // an audience-less token (issued before audiences existed) counts for nobody
  const [h] = scan.split('.');
  const old = `${h}.${Buffer.from(JSON.stringify({ sub: 'chipA123', ctr: 3, iat: 0, exp: 9e9 })).toString('base64url')}`;
  const signedOld = `${old}.${createHmac('sha256', secret).update(old).digest('base64url')}`;
  assert.equal(tokens.verify(signedOld, now), undefined);
});
