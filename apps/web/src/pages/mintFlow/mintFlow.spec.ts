import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createApi } from '../../lib/api.js';
import { MINT_FLOW_TEXTS, runMintFlow, sdkCaller, type MintFlowWallet } from './mintFlow.js';

type Handler = (method: string, url: URL, body: unknown) => { status: number; body: unknown };

/** A fake server behind the real API client: records the calls, answers with `handler`. */
function fakeApi(handler: Handler) {
  const calls: string[] = [];
  const api = createApi(
    async (input, init) => {
      const url = new URL(input, 'http://localhost');
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push(`${init.method} ${url.pathname}${url.search}`);
      const res = handler(init.method ?? 'GET', url, body);
      return new Response(JSON.stringify(res.body), { status: res.status });
    },
    async () => undefined,
  );
  return { api: sdkCaller(api), calls };
}

const okServer: Handler = (method, url) => {
  if (method === 'POST' && url.pathname === '/json/ganache/nft')
    return { status: 201, body: { item: { id: 7 } } };
  if (method === 'PUT') return { status: 200, body: { id: 7 } };
  if (method === 'POST' && url.pathname === '/json/qrlink/link/7')
    return { status: 201, body: { item: { uid: 'U1' } } };
  if (url.pathname === '/json/get-mint-data/U1')
    return {
      status: 200,
      body: { ok: true, data: '0xabcd', tokenid: '42', nft: { collection: '0x' + 'c'.repeat(40) } },
    };
  return { status: 404, body: { error: 'not_found' } };
};

const wallet = (over: Partial<MintFlowWallet> = {}): MintFlowWallet => ({
  address: async () => '0x' + 'A'.repeat(40),
  send: async () => '0x' + '1'.repeat(64),
  ...over,
});

const input = {
  chain: 'ganache',
  authtoken: 'wc_tok',
  title: 'T',
  limit: 10,
  collection: '',
  origin: 'https://metatag.example',
};

test('the steps in order with the token; the description becomes the check link', async () => {
  const { api, calls } = fakeApi(okServer);
  const steps: string[] = [];
  const done = await runMintFlow(input, { client: api, wallet: wallet(), onStep: (s) => steps.push(s) });
  assert.equal(done.checkLink, `https://metatag.example/ganache/check-parent/0x${'c'.repeat(40)}/42`);
  assert.deepEqual(steps, ['create', 'fields', 'link', 'address', 'mintData', 'send', 'description']);
  assert.deepEqual(calls, [
    'POST /json/ganache/nft?authtoken=wc_tok',
    'PUT /json/ganache/nft/7?authtoken=wc_tok',
    'POST /json/qrlink/link/7?authtoken=wc_tok',
    `GET /json/get-mint-data/U1?to=0x${'a'.repeat(40)}`,
    'PUT /json/ganache/nft/7?authtoken=wc_tok',
  ]);
});

test('each failure has the spec’s message', async () => {
  const { api } = fakeApi(okServer);
  const run = (w: MintFlowWallet, a = api) => runMintFlow(input, { client: a, wallet: w });
  await assert.rejects(run(wallet({ address: async () => null })), { message: MINT_FLOW_TEXTS.aborted });
  await assert.rejects(
    run(
      wallet({
        address: async () => {
          throw new Error('locked');
        },
      }),
    ),
    { message: 'cannot get user address' },
  );
  await assert.rejects(run(wallet({ send: async () => null })), { message: 'cannot get tx hash' });
  await assert.rejects(
    run(
      wallet({
        send: async () => {
          throw new Error('rejected');
        },
      }),
    ),
    { message: 'cannot get tx hash' },
  );
  const notOk = fakeApi((m, u, b) =>
    u.pathname.startsWith('/json/get-mint-data') ? { status: 200, body: { ok: false } } : okServer(m, u, b),
  );
  await assert.rejects(run(wallet(), notOk.api), { message: 'cannot mint' });
  const big = { file: { size: 100_000_001, type: 'image/png' } as Blob, name: 'x.png' };
  await assert.rejects(runMintFlow({ ...input, image: big }, { client: api, wallet: wallet() }), {
    message: 'File size is to big',
  });
});
