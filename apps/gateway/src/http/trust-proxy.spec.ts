import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { gatewaySchema, loadConfig } from '@metatag/config';

/** The client address Express derives (req.ip) under a TRUST_PROXY value, as the gateway sets it. */
async function clientIp(trustProxy: string | undefined, forwardedFor: string): Promise<string> {
  const config = loadConfig('gateway', gatewaySchema, {
    SESSION_SECRET: 'x'.repeat(32),
    TRUST_PROXY: trustProxy,
  });
  const app = express();
  app.set('trust proxy', config.TRUST_PROXY);
  app.get('/', (req, res) => void res.send(req.ip));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'x-forwarded-for': forwardedFor } });
    return await res.text();
  } finally {
    server.close();
  }
}

// "spoofed" is what a client wrote itself; the Ingress appended the address it saw (198.51.100.7)
const CHAIN = '203.0.113.99, 198.51.100.7';

test('TRUST_PROXY=1 (one Ingress in front): the address the Ingress saw, never a spoofed one', async () => {
  assert.equal(await clientIp('1', CHAIN), '198.51.100.7');
});

test('TRUST_PROXY=2 believes two hops', async () => {
  assert.equal(await clientIp('2', CHAIN), '203.0.113.99');
});

test('TRUST_PROXY=false: the socket peer is the client', async () => {
  assert.equal(await clientIp('false', CHAIN), '127.0.0.1');
  assert.equal(await clientIp('0', CHAIN), '127.0.0.1');
});

test('default (loopback): a proxy on this host is believed, the next hop is the client', async () => {
  assert.equal(await clientIp(undefined, CHAIN), '198.51.100.7');
});

test('a CIDR list believes exactly the proxies in it', async () => {
  assert.equal(await clientIp('127.0.0.0/8, 198.51.100.0/24', CHAIN), '203.0.113.99');
  assert.equal(await clientIp('127.0.0.1, 10.0.0.0/8', CHAIN), '198.51.100.7');
});
