import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hmacSha256Hex, isPrivateAddress, signWebhook, webhookSecret } from './redemption-webhook.js';

test('the webhook HMAC is HMAC-SHA256: RFC 4231 test cases 1 and 2', () => {
  assert.equal(
    hmacSha256Hex(Buffer.alloc(20, 0x0b), 'Hi There'),
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  );
  assert.equal(
    hmacSha256Hex('Jefe', 'what do ya want for nothing?'),
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});

test('a signature covers the timestamp and the body, prefixed sha256=', () => {
  const body = '{"event":"token.redeemed"}';
  const signature = signWebhook('key', 1764394200, body);
  assert.equal(signature, `sha256=${hmacSha256Hex('key', `1764394200.${body}`)}`);
  assert.notEqual(signature, signWebhook('key', 1764394201, body));
  assert.notEqual(signature, signWebhook('key', 1764394200, `${body} `));
});

test('each template has its own key, and a new session secret changes them all', () => {
  const secret = 'x'.repeat(32);
  assert.match(webhookSecret(secret, 1), /^[0-9a-f]{64}$/);
  assert.notEqual(webhookSecret(secret, 1), webhookSecret(secret, 2));
  assert.notEqual(webhookSecret(secret, 1), webhookSecret('y'.repeat(32), 1));
});

test('private, loopback, link-local and multicast addresses are refused; public ones pass', () => {
  for (const address of [
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '::1',
    '::',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
  ])
    assert.equal(isPrivateAddress(address), true, address);
  for (const address of ['93.184.216.34', '172.32.0.1', '100.128.0.1', '2606:2800:220:1::1'])
    assert.equal(isPrivateAddress(address), false, address);
});
