import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { ENVELOPE_HEADER, importEnvelopeKey, openText, sealText, type EnvelopeKey } from '@metatag/api-types';
import { EnvelopeCodec, openedBody, serveEnvelopes } from './envelope.js';

const codec = new EnvelopeCodec('a-session-secret-of-at-least-32-characters');

test("the gateway's codec and the page's WebCrypto codec read each other's sealed texts", async () => {
  const page = await importEnvelopeKey(codec.pageKey);
  assert.equal(codec.open(await sealText(page, 'from the page ✓')), 'from the page ✓');
  assert.equal(await openText(page, codec.seal('from the gateway ✓')), 'from the gateway ✓');
  const sealed = codec.seal('x');
  assert.notEqual(codec.seal('x'), sealed, 'a fresh IV each time');
  const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`;
  assert.equal(codec.open(tampered), undefined);
  assert.equal(codec.open('not-base64!'), undefined);
  assert.equal(new EnvelopeCodec('another-session-secret-of-32-characters!').open(sealed), undefined);
});

interface Seen {
  url: string | undefined;
  body: unknown;
}

/** A server whose inner listener (standing in for the fast path and Express) echoes what it sees. */
async function envelopedServer(answer: 'json' | 'csv' = 'json') {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const opened = openedBody(req);
    const finish = (body: unknown) => {
      seen.push({ url: req.url, body });
      if (answer === 'csv') {
        res.setHeader('content-type', 'text/csv');
        res.write('a,b\n');
        res.end('1,2\n');
        return;
      }
      const json = JSON.stringify({ ok: true, url: req.url, body });
      res.setHeader('content-type', 'application/json; charset=utf-8');
      res.setHeader('content-length', Buffer.byteLength(json));
      res.end(json);
    };
    if (opened) return finish(opened.body);
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => finish(text === '' ? undefined : (JSON.parse(text) as unknown)));
  });
  serveEnvelopes(server, codec);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function enveloped(base: string, key: EnvelopeKey, path: string, body?: unknown) {
  return fetch(`${base}/e/${await sealText(key, path)}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', [ENVELOPE_HEADER]: '1' },
    body: body === undefined ? undefined : JSON.stringify({ d: await sealText(key, JSON.stringify(body)) }),
  });
}

test('an enveloped request is opened in place and its JSON answer sealed; plain requests pass untouched', async () => {
  const key = await importEnvelopeKey(codec.pageKey);
  const server = await envelopedServer();
  try {
    const res = await enveloped(server.url, key, '/json/check-tag?x=1', { tag: 'abc', auth: 'F00' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get(ENVELOPE_HEADER), '1');
    const sealed = (await res.json()) as { d: string };
    assert.deepEqual(JSON.parse(await openText(key, sealed.d)), {
      ok: true,
      url: '/json/check-tag?x=1',
      body: { tag: 'abc', auth: 'F00' },
    });

    const plain = await fetch(`${server.url}/json/user`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    assert.equal(plain.headers.get(ENVELOPE_HEADER), null);
    assert.deepEqual(await plain.json(), { ok: true, url: '/json/user', body: { a: 1 } });
    assert.deepEqual(
      server.seen.map((s) => s.url),
      ['/json/check-tag?x=1', '/json/user'],
    );
  } finally {
    await server.close();
  }
});

test('an envelope that does not open is a 400 and reaches nothing behind it', async () => {
  const stranger = await importEnvelopeKey(
    new EnvelopeCodec('another-session-secret-of-32-characters!').pageKey,
  );
  const key = await importEnvelopeKey(codec.pageKey);
  const server = await envelopedServer();
  try {
    const wrongKey = await enveloped(server.url, stranger, '/json/user');
    assert.equal(wrongKey.status, 400);
    assert.deepEqual(await wrongKey.json(), {
      error: 'bad_request',
      errorMessage: 'The request envelope does not open',
    });
    const badBody = await fetch(`${server.url}/e/${await sealText(key, '/json/user')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ENVELOPE_HEADER]: '1' },
      body: JSON.stringify({ d: 'garbage' }),
    });
    assert.equal(badBody.status, 400);
    const nested = await enveloped(server.url, key, `/e/${await sealText(key, '/json/user')}`);
    assert.equal(nested.status, 400);
    assert.equal(server.seen.length, 0);
  } finally {
    await server.close();
  }
});

test('answers that are not JSON (downloads) pass through unsealed', async () => {
  const key = await importEnvelopeKey(codec.pageKey);
  const server = await envelopedServer('csv');
  try {
    const res = await enveloped(server.url, key, '/json/qrlink/links.csv');
    assert.equal(res.headers.get(ENVELOPE_HEADER), null);
    assert.equal(await res.text(), 'a,b\n1,2\n');
  } finally {
    await server.close();
  }
});

test('an enveloped body is held to the JSON limit of a plain one (100 KiB opened)', async () => {
  const key = await importEnvelopeKey(codec.pageKey);
  const server = await envelopedServer();
  try {
    const fits = await enveloped(server.url, key, '/json/x', { text: 'a'.repeat(100 * 1024 - 20) });
    assert.equal(fits.status, 200);
    const tooBig = await enveloped(server.url, key, '/json/x', { text: 'a'.repeat(100 * 1024) });
    assert.equal(tooBig.status, 413);
    assert.equal(server.seen.length, 1);
  } finally {
    await server.close();
  }
});
