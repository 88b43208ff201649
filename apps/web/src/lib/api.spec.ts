import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ENVELOPE_HEADER, importEnvelopeKey, openText, sealText, toBase64Url } from '@metatag/api-types';
import {
  ApiRequestError,
  SERVER_ERROR,
  createApi,
  isApiError,
  unwrap,
  withQuery,
  type FetchLike,
} from './api.js';

interface Call {
  input: string;
  init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl: FetchLike = async (input, init) => {
    const call = { input, init };
    calls.push(call);
    return respond(call);
  };
  return { calls, api: createApi(fetchImpl) };
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });

test('GET includes credentials and parses JSON', async () => {
  const { calls, api } = fakeFetch(() => json({ items: [1, 2] }));
  const result = await api.get<{ items: number[] }>('/json/mainnet/nfts', {
    query: { user: 'u1', x: undefined },
  });
  assert.deepEqual(result, { items: [1, 2] });
  assert.equal(calls[0].input, '/json/mainnet/nfts?user=u1');
  assert.equal(calls[0].init.method, 'GET');
  assert.equal(calls[0].init.credentials, 'include');
  assert.equal(calls[0].init.body, undefined);
});

test('POST sends a JSON body', async () => {
  const { calls, api } = fakeFetch(() => json({ ok: true }));
  await api.post('/password-login', { name: 'admin', password: 'pw' });
  assert.equal(calls[0].init.method, 'POST');
  assert.equal(calls[0].init.body, JSON.stringify({ name: 'admin', password: 'pw' }));
  assert.equal((calls[0].init.headers as Record<string, string>)['Content-Type'], 'application/json');
});

test('FormData is sent as is, without a JSON content type', async () => {
  const { calls, api } = fakeFetch(() => json({ item: { id: 1 } }));
  const form = new FormData();
  form.append('type', 'image');
  await api.put('/json/mainnet/nft/1', form);
  assert.equal(calls[0].init.body, form);
  assert.equal((calls[0].init.headers as Record<string, string>)['Content-Type'], undefined);
});

test('a network failure yields { error: "server error" }', async () => {
  const { api } = fakeFetch(() => {
    throw new TypeError('Failed to fetch');
  });
  assert.deepEqual(await api.get('/json/user'), { error: SERVER_ERROR });
});

test('a non-JSON answer yields { error: "server error" }', async () => {
  const { api } = fakeFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
  assert.deepEqual(await api.get('/json/user'), { error: SERVER_ERROR, status: 502 });
  const ok = fakeFetch(() => new Response('<html>spa</html>', { status: 200 }));
  assert.deepEqual(await ok.api.get('/json/user'), { error: SERVER_ERROR });
});

test("an error answer keeps the server's error text, or falls back to server error", async () => {
  const withText = fakeFetch(() => json({ error: 'cannot mint' }, 400));
  assert.deepEqual(await withText.api.get('/json/get-mint-data/1'), { error: 'cannot mint', status: 400 });
  const without = fakeFetch(() => json({ statusCode: 500 }, 500));
  assert.deepEqual(await without.api.get('/json/get-mint-data/1'), {
    statusCode: 500,
    error: SERVER_ERROR,
    status: 500,
  });
});

test('an error answer keeps its other fields and its status', async () => {
  const { api } = fakeFetch(() =>
    json({ ok: false, error: 'invalid_password', errorMessage: 'invalid password' }, 401),
  );
  assert.deepEqual(await api.post('/password-login', { name: 'a', password: 'b' }), {
    ok: false,
    error: 'invalid_password',
    errorMessage: 'invalid password',
    status: 401,
  });
});

test('an aborted request rethrows instead of reporting a server error', async () => {
  const controller = new AbortController();
  controller.abort();
  const { api } = fakeFetch(() => {
    throw new DOMException('aborted', 'AbortError');
  });
  await assert.rejects(api.get('/json/user', { signal: controller.signal }), { name: 'AbortError' });
});

test('isApiError and withQuery', () => {
  assert.ok(isApiError({ error: 'server error' }));
  assert.equal(isApiError({ error: '' }), false);
  assert.equal(isApiError({ ok: true }), false);
  assert.equal(isApiError(null), false);
  assert.equal(withQuery('/scans', { uid: 'a b' }), '/scans?uid=a+b');
  assert.equal(withQuery('/x?a=1', { b: 2 }), '/x?a=1&b=2');
  assert.equal(withQuery('/x', {}), '/x');
});

test('unwrap returns answers and throws failures with the readable text', () => {
  assert.deepEqual(unwrap({ items: [] }), { items: [] });
  assert.throws(
    () => unwrap({ error: 'forbidden', errorMessage: 'Super admins only', status: 403 }),
    (error: unknown) =>
      error instanceof ApiRequestError &&
      error.message === 'Super admins only' &&
      error.error === 'forbidden' &&
      error.status === 403,
  );
  assert.throws(() => unwrap({ error: SERVER_ERROR }), { message: SERVER_ERROR });
});

/** The web client as away from localhost (an envelope key), over a fake fetch that records calls. */
async function envelopingApi(answer: (key: CryptoKey) => Promise<Response>) {
  const key = await importEnvelopeKey(toBase64Url(new Uint8Array(32).fill(7)));
  const calls: Call[] = [];
  const api = createApi(
    async (input, init) => {
      calls.push({ input, init });
      return answer(key);
    },
    async () => key,
  );
  return { key, calls, api };
}

test('away from localhost a call travels in the envelope: sealed URL and body, marker header, sealed answer opened', async () => {
  const { key, calls, api } = await envelopingApi(
    async (key) =>
      new Response(
        JSON.stringify({ d: await sealText(key, JSON.stringify({ ok: true, item: { id: 3 } })) }),
        {
          headers: { 'Content-Type': 'application/json', [ENVELOPE_HEADER]: '1' },
        },
      ),
  );
  const result = await api.post('/json/qrlink/link/9', { price: 1 }, { query: { batch: 2 } });
  assert.deepEqual(result, { ok: true, item: { id: 3 } });
  const [call] = calls;
  assert.ok(call.input.startsWith('/e/'));
  assert.equal(await openText(key, call.input.slice(3)), '/json/qrlink/link/9?batch=2');
  assert.equal((call.init.headers as Record<string, string>)[ENVELOPE_HEADER], '1');
  const body = JSON.parse(call.init.body as string) as { d: string };
  assert.deepEqual(Object.keys(body), ['d']);
  assert.equal(await openText(key, body.d), '{"price":1}');
});

test('multipart forms and answers without the marker are not enveloped', async () => {
  const { calls, api } = await envelopingApi(async () => json({ ok: true }));
  const form = new FormData();
  form.append('type', 'image');
  assert.deepEqual(await api.put('/json/ganache/nft/1', form), { ok: true });
  assert.equal(calls[0].input, '/json/ganache/nft/1');
  assert.equal(calls[0].init.body, form);
  // a download or an error page the gateway did not seal is read as it comes
  assert.deepEqual(await api.get('/json/user'), { ok: true });
  assert.ok(calls[1].input.startsWith('/e/'));
});
