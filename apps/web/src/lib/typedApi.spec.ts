import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createApi } from './api.js';
import { createTypedApi } from './typedApi.js';

test('a call by route name builds the method, path, query and JSON body from the route table', async () => {
  const seen: { url: string; method?: string; body?: unknown }[] = [];
  const api = createApi(
    async (url, init) => {
      seen.push({ url, method: init.method, body: init.body });
      return new Response(JSON.stringify({ ok: true, item: { id: 'x' } }), { status: 201 });
    },
    async () => undefined,
  );
  const typed = createTypedApi(api);
  await typed.call('createChiplink', {
    params: { type: 'link', nftId: '7' },
    query: { batch: 3 },
    body: {},
    authtoken: 't/k',
  });
  await typed.call('scans', { query: { uid: 'a b' } });
  await typed.call('logout');
  assert.deepEqual(seen, [
    { url: '/json/qrlink/link/7?batch=3&authtoken=t%2Fk', method: 'POST', body: '{}' },
    { url: '/scans?uid=a+b', method: 'GET', body: undefined },
    { url: '/auth/logout', method: 'POST', body: undefined },
  ]);
});
