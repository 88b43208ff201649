import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { gatewaySchema, loadConfig, publicOrigins } from '@metatag/config';
import { writeSessionCookie } from './session-cookie.js';

/** The Set-Cookie a real Express app (trust proxy as the gateway sets it) writes for one request. */
async function setCookie(env: Record<string, string | undefined>, headers: Record<string, string> = {}) {
  const config = loadConfig('gateway', gatewaySchema, { SESSION_SECRET: 'x'.repeat(32), ...env });
  const app = express();
  app.set('trust proxy', config.TRUST_PROXY);
  app.get('/', (req, res) => {
    writeSessionCookie(req, res, 'tok', new Date(Date.now() + 60_000), publicOrigins(config)[0]);
    res.end();
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
    return res.headers.get('set-cookie') ?? '';
  } finally {
    server.close();
  }
}

test('an https PUBLIC_URL makes the session cookie Secure, even on a plain-http loopback hop', async () => {
  const cookie = await setCookie({ PUBLIC_URL: 'https://metatag.example' });
  assert.match(cookie, /mt_session=tok/);
  assert.match(cookie, /; Secure/);
  assert.match(cookie, /; HttpOnly/);
});

test('X-Forwarded-Proto: https from a trusted proxy makes it Secure', async () => {
  assert.match(await setCookie({ TRUST_PROXY: 'loopback' }, { 'x-forwarded-proto': 'https' }), /; Secure/);
});

test('X-Forwarded-Proto from an untrusted peer is ignored (local plain http stays without Secure)', async () => {
  assert.doesNotMatch(await setCookie({ TRUST_PROXY: 'false' }, { 'x-forwarded-proto': 'https' }), /Secure/);
  assert.doesNotMatch(await setCookie({}), /Secure/);
});
