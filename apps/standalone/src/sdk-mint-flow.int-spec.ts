import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, createWalletClient, getAddress, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { mintFlow, privateKeyProvider } from '@metatag/sdk/examples/mint-flow';
import {
  MetaTag,
  MintFlowError,
  mintLink,
  readMintTicket,
  runTicketMint,
  type Eip1193Provider,
  type MintFlowStep,
} from '@metatag/sdk';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';
import type { MintsReply } from '@metatag/api-types';
import { until } from './testing/chain-owner.fixture.js';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, superAdmin } from './testing/chips.fixture.js';
import { makePng } from './testing/media.fixture.js';

// The mint flow as an SDK function (issue #19): runMintFlow with a shop access token and a real
// anvil wallet against the whole stack; and the embed button's tickets (the buyer's half).
const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const SUPER_ADMIN_WALLET: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
const BUYER_KEY: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';
const OTHER_BUYER_KEY: Hex = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';
const PUBLIC_URL = 'https://metatag.test';

let anvil: AnvilHandle;
let dir: string;
let stack: TestStack;
let locator: Address;
let boss: Client;
let defaultCollection = '';
const chain = () => createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });

async function shopToken(client: Client): Promise<string> {
  return (await client.call('GET', '/woo_commmerce_access_token')).body.value as string;
}

async function ownerOf(collection: string, tokenId: string): Promise<string> {
  return (
    await chain().readContract({
      address: collection as Address,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    })
  ).toLowerCase();
}

async function descriptionOf(owner: Client, nftId: number): Promise<string | undefined> {
  const rows = await owner.call('GET', '/json/ganache/nfts');
  return (rows.body.items as { id: number; description: string }[]).find((i) => i.id === nftId)?.description;
}

before(async () => {
  anvil = await startAnvil();
  dir = await mkdtemp(join(tmpdir(), 'sdk-mint-flow-'));
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: privateKeyToAccount(ANVIL_DEV_KEY_1).address,
  });
  locator = shared.libraryAddressLocator;
  stack = await startTestStack({
    indexer: { rpcUrl: anvil.url, locator: locator.toLowerCase() },
    env: {
      ...chipSecrets(),
      PUBLIC_URL,
      RPC_URL_GANACHE: anvil.url,
      LIBRARY_LOCATOR_GANACHE: locator.toLowerCase(),
    },
  });
  boss = await superAdmin(stack.url);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** The chain's default collection, deployed and registered as the super admin does it. */
async function registerDefault(): Promise<string> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(SUPER_ADMIN_WALLET),
    transport: http(anvil.url),
  });
  const hash = await wallet.sendTransaction({
    data: collectionDeployData({ name: 'Shop default', symbol: 'SHOP', libraryAddress: locator }).data,
    chain: null,
  });
  const receipt = await chain().waitForTransactionReceipt({ hash });
  const address = getAddress(receipt.contractAddress!).toLowerCase();
  const registered = await boss.call('POST', '/json/ganache/default-collection', { address });
  assert.equal(registered.status, 200, JSON.stringify(registered.body));
  const setMinter = registered.body.setMinter as { to: Address; data: Hex };
  const minted = await wallet.sendTransaction({ to: setMinter.to, data: setMinter.data, chain: null });
  assert.equal((await chain().waitForTransactionReceipt({ hash: minted })).status, 'success');
  return address;
}

const provider = (over: Partial<Record<string, () => Promise<unknown>>>, key = BUYER_KEY) => {
  const real = privateKeyProvider(key, anvil.url);
  return {
    request: (args: { method: string; params?: unknown[] }) =>
      (over[args.method] ?? (() => real.request(args)))(),
  } satisfies Eip1193Provider;
};

test('each failing step rejects with the spec’s message', async () => {
  const owner = (await newAdmin(stack.url, boss)).client;
  const authtoken = await shopToken(owner);
  const run = (p: Eip1193Provider, token = authtoken) =>
    mintFlow({ url: stack.url, authtoken: token, provider: p, title: 'Failing' });
  const rejectsWith = async (promise: Promise<unknown>, step: MintFlowStep, message: string) =>
    assert.rejects(promise, (error: unknown) => {
      assert.ok(error instanceof MintFlowError, String(error));
      assert.deepEqual({ step: error.step, message: error.message }, { step, message });
      return true;
    });

  // no default collection on the chain yet: the mint data is not ok
  await rejectsWith(run(provider({})), 'mintData', 'cannot mint');
  defaultCollection = await registerDefault();
  await rejectsWith(run(provider({ eth_requestAccounts: async () => [] })), 'address', 'aborted');
  // the services cache a chain's default collection for a few seconds: until they see the new one,
  // mint data stays 'cannot mint'
  const refusingSend = provider({
    eth_sendTransaction: async () => {
      throw new Error('User rejected the request.');
    },
  });
  const deadline = Date.now() + 30_000;
  let last: unknown;
  do {
    last = await run(refusingSend).catch((error: unknown) => error);
    if (last instanceof MintFlowError && last.message === 'cannot mint')
      await new Promise((r) => setTimeout(r, 500));
    else break;
  } while (Date.now() < deadline);
  assert.ok(last instanceof MintFlowError);
  assert.deepEqual(
    { step: last.step, message: last.message },
    { step: 'send', message: 'cannot get tx hash' },
  );
  await rejectsWith(
    run(
      provider({
        eth_requestAccounts: async () => {
          throw new Error('locked');
        },
      }),
    ),
    'address',
    'cannot get user address',
  );
  await rejectsWith(run(provider({}), 'wc_wrong'), 'create', 'Invalid authtoken');
});

test('runMintFlow: the token on chain in the buyer’s wallet, the description the check link', async () => {
  if (!defaultCollection) defaultCollection = await registerDefault();
  const owner = (await newAdmin(stack.url, boss)).client;
  const authtoken = await shopToken(owner);
  const steps: MintFlowStep[] = [];
  const png = makePng();
  const result = await mintFlow({
    url: stack.url,
    authtoken,
    provider: privateKeyProvider(BUYER_KEY, anvil.url),
    title: 'Script Sneaker',
    image: { file: new Blob([new Uint8Array(png)], { type: 'image/png' }), name: 'sneaker.png' },
    onStep: (s) => steps.push(s),
  });
  assert.deepEqual(steps, [
    'create',
    'fields',
    'image',
    'link',
    'address',
    'mintData',
    'send',
    'description',
  ]);
  assert.equal(result.collection, defaultCollection);
  assert.equal(result.checkLink, `${stack.url}/ganache/check-parent/${defaultCollection}/${result.tokenId}`);
  assert.equal((await chain().waitForTransactionReceipt({ hash: result.hash as Hex })).status, 'success');
  const buyer = privateKeyToAccount(BUYER_KEY).address.toLowerCase();
  assert.equal(await ownerOf(defaultCollection, result.tokenId), buyer);
  assert.equal(await descriptionOf(owner, result.nftId), result.checkLink);
  const rows = await owner.call('GET', '/json/ganache/nfts');
  const row = (rows.body.items as { id: number; title: string; limit: number; image: string }[]).find(
    (i) => i.id === result.nftId,
  );
  assert.equal(row?.title, 'Script Sneaker');
  assert.equal(row?.limit, 10);
  assert.ok(row?.image, 'the image was uploaded');
  // the mint flow's mint is in the template's mints list (#30), as what it is on chain: a link's voucher
  const mints = await until(
    async () =>
      (await owner.call('GET', `/json/ganache/mints/${result.nftId}`)).body as unknown as MintsReply,
    (r) => r.total === 1,
    'the mint flow mint in the mints list',
  );
  const [listed] = mints.items;
  assert.deepEqual(
    [listed?.source, listed?.tx?.toLowerCase(), listed?.to, listed?.tokenId],
    ['link', result.hash.toLowerCase(), buyer, result.tokenId],
  );
});

test('embed tickets: the shop server’s token makes a ticket; the buyer mints it; the server writes the check link', async () => {
  if (!defaultCollection) defaultCollection = await registerDefault();
  const owner = (await newAdmin(stack.url, boss)).client;
  const authtoken = await shopToken(owner);
  const shop = new MetaTag({ baseUrl: stack.url, validateReplies: true });
  const created = await shop.client.call('createNft', { params: { chain: 'ganache' }, body: {}, authtoken });
  const nftId = created.item.id;
  await shop.updateTemplate(
    'ganache',
    nftId,
    { limit: 5, title: 'Embed Sneaker', collection: '' },
    authtoken,
  );

  const issued = await shop.mintTicket({
    chain: 'ganache',
    nftId,
    origin: 'https://shop.example',
    authtoken,
  });
  assert.match(issued.ticket, /^mt1\.[\w-]+\.[\w-]+$/);
  assert.ok(!issued.ticket.includes(authtoken) && !issued.url.includes(authtoken));
  assert.equal(issued.url, `${PUBLIC_URL}/ganache/mint-flow?ticket=${encodeURIComponent(issued.ticket)}`);
  const claims = readMintTicket(issued.ticket)!;
  assert.deepEqual([claims.chain, claims.nftId, claims.origin], ['ganache', nftId, 'https://shop.example']);
  assert.ok(claims.expiresAt.getTime() - Date.now() <= 15 * 60_000);

  // the buyer's half, as the popup runs it (no owner credential at all)
  const buyer = privateKeyToAccount(OTHER_BUYER_KEY).address.toLowerCase();
  const done = await runTicketMint(issued.ticket, {
    client: new MetaTag({ baseUrl: stack.url }).client,
    wallet: privateKeyProvider(OTHER_BUYER_KEY, anvil.url),
  });
  const check = `${PUBLIC_URL}/ganache/check-parent/${defaultCollection}/${done.tokenId}`;
  assert.equal(done.checkLink, check);
  assert.equal(done.origin, 'https://shop.example');
  await chain().waitForTransactionReceipt({ hash: done.hash as Hex });
  assert.equal(await ownerOf(defaultCollection, done.tokenId), buyer);
  assert.equal(await descriptionOf(owner, nftId), check);

  // single use: the same ticket again is spent, even with the chain holding the mint
  const anonymous = new Client(stack.url);
  const again = await anonymous.call('POST', '/json/mint-flow/complete', {
    ticket: issued.ticket,
    hash: done.hash,
  });
  assert.equal(again.status, 409, JSON.stringify(again.body));
  assert.equal(
    again.body.errorMessage,
    'This mint link was already used. Reload the shop page to mint again.',
  );

  // a forged or altered ticket is refused; so is another owner's template
  const [p, payload, mac] = issued.ticket.split('.');
  const forgedPayload = Buffer.from(
    JSON.stringify({
      ...JSON.parse(Buffer.from(payload!, 'base64url').toString()),
      o: 'https://evil.example',
    }),
  ).toString('base64url');
  for (const ticket of [`${p}.${forgedPayload}.${mac}`, `${issued.ticket}x`, 'mt1.e30.AAAA']) {
    const res = await anonymous.call('POST', '/json/mint-flow/complete', { ticket, hash: done.hash });
    assert.equal(res.status, 401, ticket);
    assert.equal(res.body.errorMessage, 'This mint link has expired. Reload the shop page and try again.');
  }
  const bad = await anonymous.call('POST', '/json/mint-flow/complete', {
    ticket: issued.ticket,
    hash: '0x12',
  });
  assert.equal(bad.status, 400);
  const stranger = await shopToken((await newAdmin(stack.url, boss)).client);
  const refused = await anonymous.call(
    'POST',
    `/json/mint-flow/ticket?authtoken=${encodeURIComponent(stranger)}`,
    { chain: 'ganache', nftId, origin: 'https://shop.example' },
  );
  assert.equal(refused.status, 404, JSON.stringify(refused.body));
  assert.equal(
    (
      await anonymous.call('POST', '/json/mint-flow/ticket', {
        chain: 'ganache',
        nftId,
        origin: 'https://x.example',
      })
    ).status,
    401,
  );
  const badOrigin = await anonymous.call(
    'POST',
    `/json/mint-flow/ticket?authtoken=${encodeURIComponent(authtoken)}`,
    { chain: 'ganache', nftId, origin: 'javascript:alert(1)' },
  );
  assert.equal(badOrigin.status, 400);
  for (const origin of [
    'https://*',
    'https://*.shop.example',
    'https://shop.example/',
    'https://shop.example/x',
    'https://a@shop.example',
    'https://shop.example?x',
    '*',
    'null',
  ]) {
    const res = await anonymous.call(
      'POST',
      `/json/mint-flow/ticket?authtoken=${encodeURIComponent(authtoken)}`,
      { chain: 'ganache', nftId, origin },
    );
    assert.equal(res.status, 400, origin);
  }

  // a ticket cannot rewrite the description without its mint: complete waits for the chain, then 409
  const unminted = await shop.mintTicket({
    chain: 'ganache',
    nftId,
    origin: 'https://shop.example',
    authtoken,
  });
  const early = await anonymous.call('POST', '/json/mint-flow/complete', {
    ticket: unminted.ticket,
    hash: `0x${'ab'.repeat(32)}`,
  });
  assert.equal(early.status, 409, JSON.stringify(early.body));
  assert.equal(
    early.body.errorMessage,
    'The mint is not on the chain yet. Try again when the transaction is confirmed.',
  );
  assert.equal(await descriptionOf(owner, nftId), check, 'the description is unchanged');
});

test('an embed ticket writes the description once: not after the owner’s edit, not after another ticket, not twice at once', async () => {
  if (!defaultCollection) defaultCollection = await registerDefault();
  const owner = (await newAdmin(stack.url, boss)).client;
  const authtoken = await shopToken(owner);
  const shop = new MetaTag({ baseUrl: stack.url, validateReplies: true });
  const nftId = (await shop.client.call('createNft', { params: { chain: 'ganache' }, body: {}, authtoken }))
    .item.id;
  await shop.updateTemplate('ganache', nftId, { limit: 5, title: 'Once Sneaker', collection: '' }, authtoken);
  const issue = () => shop.mintTicket({ chain: 'ganache', nftId, origin: 'https://shop.example', authtoken });
  const buyer = () => ({
    client: new MetaTag({ baseUrl: stack.url }).client,
    wallet: privateKeyProvider(BUYER_KEY, anvil.url),
  });
  const anonymous = new Client(stack.url);
  const complete = (ticket: string, hash: string) =>
    anonymous.call('POST', '/json/mint-flow/complete', { ticket, hash });
  const SPENT = 'This mint link was already used. Reload the shop page to mint again.';

  // a ticket completes; within its 15 minutes the owner writes their own description
  const first = await issue();
  const done = await runTicketMint(first.ticket, buyer());
  assert.equal(await descriptionOf(owner, nftId), done.checkLink);
  const mine = 'Hand-stitched in Porto. The owner wrote this.';
  await shop.updateTemplate('ganache', nftId, { description: mine }, authtoken);
  const replay = await complete(first.ticket, done.hash);
  assert.equal(replay.status, 409, JSON.stringify(replay.body));
  assert.equal(replay.body.errorMessage, SPENT);
  assert.equal(await descriptionOf(owner, nftId), mine, 'the owner’s description stays');

  // a second ticket, minted but not completed, is completed twice at the same moment: one write
  const second = await issue();
  const minted = await mintLink({ chain: 'ganache', uid: readMintTicket(second.ticket)!.link }, buyer());
  assert.equal((await chain().waitForTransactionReceipt({ hash: minted.hash as Hex })).status, 'success');
  const both = await Promise.all([
    complete(second.ticket, minted.hash),
    complete(second.ticket, minted.hash),
  ]);
  assert.deepEqual(both.map((r) => r.status).sort(), [200, 409], JSON.stringify(both.map((r) => r.body)));
  assert.equal(both.find((r) => r.status === 409)?.body.errorMessage, SPENT);
  const secondCheck = `${PUBLIC_URL}/ganache/check-parent/${defaultCollection}/${minted.tokenId}`;
  assert.equal(await descriptionOf(owner, nftId), secondCheck);

  // the first ticket once more, now that another ticket's check link is the description: still spent
  const late = await complete(first.ticket, done.hash);
  assert.equal(late.status, 409, JSON.stringify(late.body));
  assert.equal(await descriptionOf(owner, nftId), secondCheck);
});
