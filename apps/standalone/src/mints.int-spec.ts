import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Address } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import { deployCollection, startAnvil, waitFor, type Anvil } from '@metatag/relayer/testing';
import { ADMIN_PASSWORD, Client, startTestStack, type TestStack } from './testing/stack.fixture.js';

// Manual mints through the gateway's HTTP API and the relayer, on a real anvil (spec section 7:
// POST /json/{chain}/mint, GET /json/{chain}/mints/{nftId}). The relayer signs with the standalone
// default key (anvil's account #1), which deploys the collection and so is its minter.
let anvil: Anvil;
let stack: TestStack;
let collection: Address;

before(async () => {
  anvil = await startAnvil();
  collection = await deployCollection(anvil.rpcUrl);
  stack = await startTestStack({ env: { RPC_URL_GANACHE: anvil.rpcUrl, TX_RECEIPT_POLL_MS: '100' } });
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
});

const admin = async () => {
  const client = new Client(stack.url);
  await client.call('POST', '/password-login', { name: 'admin', password: ADMIN_PASSWORD });
  return client;
};
const someone = () => privateKeyToAccount(generatePrivateKey()).address;

test('an admin mints to an address; the mints list shows it queued, then confirmed', async () => {
  const client = await admin();
  const to = someone();
  const path = `/json/ganache/mint?nftId=tpl-1&to=${to}&collection=${collection}`;
  const res = await client.call('POST', path);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.ok, true);
  const item = res.body.item as Record<string, unknown>;
  assert.equal(item.status, 'queued');
  assert.equal(item.to, to.toLowerCase(), 'addresses are lower-cased');
  assert.equal(item.collection, collection.toLowerCase());
  assert.equal(item.nftId, 'tpl-1');
  assert.equal(item.tokenId, '1');

  const second = await client.call(
    'POST',
    `/json/ganache/mint?nftId=tpl-1&to=${someone()}&collection=${collection}`,
  );
  const list = await waitFor('both confirmed', async () => {
    const r = await client.call('GET', '/json/ganache/mints/tpl-1');
    const items = r.body.items as {
      tokenId: string;
      to: string;
      created: string;
      status: string;
      tx: string;
    }[];
    return items.length === 2 && items.every((i) => i.status === 'confirmed') ? items : undefined;
  });
  assert.deepEqual(
    list.map((i) => i.tokenId),
    [(second.body.item as { tokenId: string }).tokenId, '1'],
    'newest first',
  );
  assert.ok(list.every((i) => /^0x[0-9a-f]{64}$/.test(i.tx) && !Number.isNaN(Date.parse(i.created))));
  const owner = await anvil.client.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'ownerOf',
    args: [1n],
  });
  assert.equal(owner, to);
});

test('an Idempotency-Key header makes a retried mint return the first one', async () => {
  const client = await admin();
  const to = someone();
  const path = `/json/ganache/mint?nftId=tpl-2&to=${to}&collection=${collection}`;
  const headers = { 'idempotency-key': 'order-1234' };
  const [a, b] = await Promise.all([
    client.call('POST', path, undefined, headers),
    client.call('POST', path, undefined, headers),
  ]);
  assert.deepEqual([a.status, b.status], [201, 201], JSON.stringify(a.body));
  assert.ok((a.body.item as { id: string }).id);
  assert.equal((a.body.item as { id: string }).id, (b.body.item as { id: string }).id);
  const other = await client.call(
    'POST',
    `/json/ganache/mint?nftId=tpl-2&to=${someone()}&collection=${collection}`,
    undefined,
    headers,
  );
  assert.equal(other.status, 409);
  const bad = await client.call('POST', path, undefined, { 'idempotency-key': 'no spaces allowed' });
  assert.equal(bad.status, 400);
  const list = await client.call('GET', '/json/ganache/mints/tpl-2');
  assert.equal((list.body.items as unknown[]).length, 1);
});

test('bad input: an invalid address is a 400 with the spec text; an unknown chain is a JSON 404', async () => {
  const client = await admin();
  const badTo = await client.call('POST', `/json/ganache/mint?nftId=tpl-1&to=0x123&collection=${collection}`);
  assert.equal(badTo.status, 400);
  assert.deepEqual(badTo.body, { error: 'invalid_input', errorMessage: 'Invalid address' });
  const noTo = await client.call('POST', `/json/ganache/mint?nftId=tpl-1&collection=${collection}`);
  assert.equal(noTo.body.errorMessage, 'Invalid address');
  const badCollection = await client.call(
    'POST',
    `/json/ganache/mint?nftId=tpl-1&to=${someone()}&collection=nope`,
  );
  assert.equal(badCollection.status, 400);
  assert.equal(badCollection.body.errorMessage, 'Invalid collection address');
  const unknown = await client.call(
    'POST',
    `/json/atlantis/mint?nftId=tpl-1&to=${someone()}&collection=${collection}`,
  );
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error, 'not_found');
  assert.equal((await client.call('GET', '/json/atlantis/mints/tpl-1')).status, 404);
  const unconfigured = await client.call(
    'POST',
    `/json/mainnet/mint?nftId=tpl-1&to=${someone()}&collection=${collection}`,
  );
  assert.equal(unconfigured.status, 404, 'a known chain without an RPC URL');
  assert.deepEqual((await client.call('GET', '/json/mainnet/mints/tpl-1')).body, { items: [] });
  assert.equal(
    (
      await new Client(stack.url).call(
        'POST',
        `/json/ganache/mint?nftId=tpl-1&to=${someone()}&collection=${collection}`,
      )
    ).status,
    401,
  );
});
