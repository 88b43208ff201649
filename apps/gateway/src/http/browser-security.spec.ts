import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { contentSecurityPolicy, refusal, securityHeaders } from './browser-security.js';

const options = {
  origins: ['https://metatag.example', 'https://www.metatag.example'],
  allowLoopbackOrigins: false,
};

function req(method: string, headers: Record<string, string>): IncomingMessage {
  return { method, headers } as unknown as IncomingMessage;
}

const statusOf = (r: IncomingMessage, o = options) => refusal(r, o)?.status;

test('the CSP allows no inline or foreign script and no framing', () => {
  const csp = contentSecurityPolicy(false);
  assert.match(csp, /(^|; )script-src 'self'(;|$)/);
  assert.match(csp, /frame-ancestors 'none'/);
  assert.match(csp, /object-src 'none'/);
  assert.match(csp, /img-src 'self' data: blob: https:(;|$)/, 'collection logos are https URLs');
  assert.match(csp, /connect-src 'self' blob: data:(;|$)/, 'all API and RPC calls go to our origin');
  assert.doesNotMatch(csp, /unsafe-eval|script-src[^;]*unsafe-inline/);
  assert.doesNotMatch(csp, /upgrade-insecure-requests/);
  assert.match(contentSecurityPolicy(true), /upgrade-insecure-requests/);
});

test('HSTS only when the canonical public origin is https', () => {
  assert.equal(securityHeaders(['http://localhost:3000'])['strict-transport-security'], undefined);
  assert.equal(
    securityHeaders(['https://metatag.example'])['strict-transport-security'],
    'max-age=31536000; includeSubDomains',
  );
  const headers = securityHeaders(['http://localhost:3000']);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['referrer-policy'], 'strict-origin-when-cross-origin');
});

test('state-changing bodies must be JSON or multipart', () => {
  const own = { origin: 'https://metatag.example' };
  assert.equal(statusOf(req('POST', { ...own, 'content-type': 'application/json' })), undefined);
  assert.equal(
    statusOf(req('PUT', { ...own, 'content-type': 'multipart/form-data; boundary=x' })),
    undefined,
  );
  assert.equal(
    statusOf(req('POST', { ...own, 'content-type': 'application/JSON; charset=utf-8' })),
    undefined,
  );
  assert.equal(statusOf(req('POST', { ...own, 'content-type': 'application/x-www-form-urlencoded' })), 415);
  assert.equal(statusOf(req('PATCH', { ...own, 'content-type': 'text/plain' })), 415);
  assert.equal(statusOf(req('POST', { ...own, 'content-length': '3' })), 415, 'a body without a type');
  assert.equal(statusOf(req('DELETE', { ...own })), undefined, 'no body, no type');
  assert.equal(statusOf(req('POST', { ...own, 'content-length': '0' })), undefined);
  assert.equal(
    statusOf(req('GET', { 'content-type': 'text/plain', origin: 'https://evil.example' })),
    undefined,
  );
});

test('a foreign Origin or Referer is refused; none at all is a machine caller', () => {
  const json = { 'content-type': 'application/json' };
  assert.equal(statusOf(req('POST', { ...json, origin: 'https://evil.example' })), 403);
  assert.equal(statusOf(req('POST', { ...json, origin: 'null' })), 403);
  assert.equal(statusOf(req('POST', { ...json, origin: 'https://metatag.example.evil.example' })), 403);
  assert.equal(statusOf(req('POST', { ...json, origin: 'https://www.metatag.example' })), undefined);
  assert.equal(statusOf(req('POST', { ...json, referer: 'https://evil.example/x' })), 403);
  assert.equal(statusOf(req('POST', { ...json, referer: 'not a url' })), 403);
  assert.equal(statusOf(req('POST', { ...json, referer: 'https://metatag.example/admin?x=1' })), undefined);
  assert.equal(statusOf(req('POST', json)), undefined);
});

test('loopback origins only outside production', () => {
  const r = req('POST', { 'content-type': 'application/json', origin: 'http://127.0.0.1:5173' });
  assert.equal(statusOf(r), 403);
  assert.equal(statusOf(r, { ...options, allowLoopbackOrigins: true }), undefined);
  const evil = req('POST', { 'content-type': 'application/json', origin: 'http://localhost.evil.example' });
  assert.equal(statusOf(evil, { ...options, allowLoopbackOrigins: true }), 403);
});

test("WooCommerce's form-encoded delivery ping reaches the webhook, and only the webhook", () => {
  const form = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '12' };
  const at = (url: string) => ({ ...req('POST', form), url }) as IncomingMessage;
  assert.equal(statusOf(at('/woocommerce-webhook?access_token=abc')), undefined);
  assert.equal(statusOf(at('/json/check-tag')), 415);
  assert.equal(statusOf(at('/woocommerce-webhook/../json/users')), 415);
});
