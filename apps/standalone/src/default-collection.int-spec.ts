import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseEther,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';
import { Client, startTestStack, withoutTrace, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, superAdmin } from './testing/chips.fixture.js';
import { credit, signInWallet } from './testing/sign-in.fixture.js';

// The chains' default collections (issue #16): templates without a collection mint into the chain's
// default, which the super admin registers after the deployer checked it on a real anvil; templates
// may name only collections attached to their owner; chip and link mints reach the template rows.
const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const SUPER_ADMIN_WALLET: Hex = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
const VISITOR_KEY: Hex = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

let anvil: AnvilHandle;
let dir: string;
let stack: TestStack;
let locator: Address;
let boss: Client;
const chain = () => createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
const anonymous = () => new Client(stack.url);

async function deployCollection(key: Hex, name: string, symbol: string) {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.url) });
  const hash = await wallet.sendTransaction({
    data: collectionDeployData({ name, symbol, libraryAddress: locator }).data,
    chain: null,
  });
  const receipt = await chain().waitForTransactionReceipt({ hash });
  return { address: getAddress(receipt.contractAddress!).toLowerCase(), hash };
}

async function send(key: Hex, tx: { to?: string; data: string; value?: string }) {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.url) });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address | undefined,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? '0'),
    gas: 500_000n,
    chain: null,
  });
  return (await chain().waitForTransactionReceipt({ hash })).status;
}

const networks = async () =>
  (await anonymous().call('GET', '/json/networks')).body.items as Record<
    string,
    { defaultCollection: string; defaultCollectionSource: string; relayer: string }
  >;

before(async () => {
  anvil = await startAnvil();
  dir = await mkdtemp(join(tmpdir(), 'default-collection-'));
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: privateKeyToAccount(ANVIL_DEV_KEY_1).address,
  });
  locator = shared.libraryAddressLocator;
  stack = await startTestStack({
    indexer: { rpcUrl: anvil.url, locator: locator.toLowerCase() },
    env: { ...chipSecrets(), RPC_URL_GANACHE: anvil.url, LIBRARY_LOCATOR_GANACHE: locator.toLowerCase() },
  });
  boss = await superAdmin(stack.url);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('without a default collection a template without one cannot mint, and says why', async () => {
  const { defaultCollection, defaultCollectionSource } = (await networks()).ganache;
  assert.deepEqual(
    { defaultCollection, defaultCollectionSource },
    { defaultCollection: '', defaultCollectionSource: 'none' },
  );
  const owner = (await newAdmin(stack.url, boss)).client;
  const nftId = await newTemplate(owner);
  const to = privateKeyToAccount(VISITOR_KEY).address.toLowerCase();
  const someCollection = `0x${'12'.repeat(20)}`;
  const mint = await owner.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${to}&collection=${someCollection}`,
  );
  assert.equal(mint.status, 400, JSON.stringify(mint.body));
  assert.equal(
    mint.body.errorMessage,
    'ganache has no default collection: choose a collection for this NFT template',
  );
  const link = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { id: string };
  const data = await anonymous().call('GET', `/json/get-mint-data/${link.id}?to=${to}`);
  assert.deepEqual(data.body, { ok: false, errorMessage: 'cannot mint' });
});

test('only the super admin registers a default, and only a MetaTag collection on the chain locator', async () => {
  const admin = (await newAdmin(stack.url, boss)).client;
  const { address } = await deployCollection(SUPER_ADMIN_WALLET, 'Default', 'DEF');
  const forbidden = await admin.call('POST', '/json/ganache/default-collection', { address });
  assert.equal(forbidden.status, 403);
  const notCollection = await boss.call('POST', '/json/ganache/default-collection', {
    address: locator.toLowerCase(),
  });
  assert.equal(notCollection.status, 400, JSON.stringify(notCollection.body));
  assert.equal(
    notCollection.body.errorMessage,
    `${locator.toLowerCase()} is not a MetaTag collection on the ganache locator ${locator.toLowerCase()}`,
  );
  const bad = await boss.call('POST', '/json/ganache/default-collection', { address: '0x12' });
  assert.equal(bad.status, 400);
  assert.equal((await networks()).ganache.defaultCollection, '');
});

test('the registered default: templates without a collection mint there, from links and manually', async () => {
  const { address: fallback } = await deployCollection(SUPER_ADMIN_WALLET, 'MetaTag default', 'MTD');
  const registered = await boss.call('POST', '/json/ganache/default-collection', { address: fallback });
  assert.equal(registered.status, 200, JSON.stringify(registered.body));
  const relayer = privateKeyToAccount(ANVIL_DEV_KEY_1).address.toLowerCase();
  assert.deepEqual(registered.body.item, {
    chain: 'ganache',
    address: fallback,
    source: 'registered',
    name: 'MetaTag default',
    symbol: 'MTD',
  });
  assert.equal(registered.body.relayer, relayer);
  // the super admin's wallet deployed it: it is the minter until it hands minting to the relayer
  const setMinter = registered.body.setMinter as { to: string; data: string };
  assert.equal(setMinter.to, fallback);
  assert.equal(await send(SUPER_ADMIN_WALLET, setMinter), 'success');
  const minter = await chain().readContract({
    address: fallback as Address,
    abi: collectionAbi,
    functionName: 'minter',
  });
  assert.equal(minter.toLowerCase(), relayer);
  assert.equal((await networks()).ganache.defaultCollection, fallback);
  assert.equal((await networks()).ganache.defaultCollectionSource, 'registered');

  const admin = await newAdmin(stack.url, boss);
  const owner = admin.client;
  // manual mints are paid from the owner's relayer balance
  await credit(boss, admin.id, parseEther('1'));
  const nftId = await newTemplate(owner);
  const link = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as {
    id: string;
    tokenToMint: string;
  };
  const visitor = privateKeyToAccount(VISITOR_KEY).address.toLowerCase();
  const data = await anonymous().call('GET', `/json/get-mint-data/${link.id}?to=${visitor}`);
  assert.equal(data.body.ok, true, JSON.stringify(data.body));
  assert.deepEqual(data.body.nft, { collection: fallback, chain: 'ganache' });
  assert.equal(await send(VISITOR_KEY, { to: fallback, data: data.body.data as string }), 'success');
  const page = await anonymous().call('GET', `/json/chiplink-token/${link.id}?type=link`);
  assert.equal(page.body.owner, visitor, 'the public page reads the token in the default collection');
  const lookup = await anonymous().call('GET', `/json/nft-by-chiplink/${link.id}?type=link`);
  assert.equal(lookup.body.smartContract, fallback);

  // the template row and the link's row count the mint (the mint ledger, within the index's lag)
  // without anyone asking for mint data again
  const counts = async () => {
    const rows = await owner.call('GET', '/json/ganache/nfts');
    const links = await owner.call('GET', `/json/qrlink/link/${nftId}`);
    return {
      template: (rows.body.items as { id: number; mints: number }[]).find((item) => item.id === nftId)?.mints,
      link: (links.body.items as { mints: number }[])[0].mints,
    };
  };
  const deadline = Date.now() + 30_000;
  while (JSON.stringify(await counts()) !== JSON.stringify({ template: 1, link: 1 }) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 250));
  assert.deepEqual(await counts(), { template: 1, link: 1 });

  // a manual mint names the default collection; another address is refused
  const wrong = await owner.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${visitor}&collection=0x${'34'.repeat(20)}`,
  );
  assert.equal(wrong.status, 400);
  assert.equal(wrong.body.errorMessage, "The collection is not the NFT template's collection");
  const manual = await owner.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${visitor}&collection=${fallback}`,
  );
  assert.equal(manual.status, 201, JSON.stringify(manual.body));
  assert.equal((manual.body.item as { collection: string }).collection, fallback);
});

test("a template may name only its owner's attached collections (create and update)", async () => {
  // Alice signs in with the wallet that deploys her collection: it proves she owns it when attaching
  const aliceKey: Hex = '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e';
  const alice = await signInWallet(stack.url, aliceKey);
  const bob = await newAdmin(stack.url, boss);
  const { address, hash } = await deployCollection(aliceKey, 'Alice things', 'ALI');
  const attached = await alice.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: address, name: 'Alice things', symbol: 'ALI' },
    txHash: hash,
  });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));

  assert.equal(typeof (await newTemplate(alice.client, address)), 'number');
  const refused = await bob.client.call('POST', '/json/ganache/nft', { collectionAddress: address });
  assert.equal(refused.status, 400);
  assert.deepEqual(withoutTrace(refused.body), {
    error: 'collection_not_owned',
    errorMessage: `The collection ${address} is not one of your collections on ganache: choose an attached collection or the default collection`,
  });
  const bobs = await newTemplate(bob.client);
  const moved = await bob.client.call('PUT', `/json/ganache/nft/${bobs}`, { collection: address });
  assert.equal(moved.status, 400);
  assert.equal(moved.body.error, 'collection_not_owned');
  // the mint flow sends the collection it already has along with limit and title: no new choice
  const flow = await bob.client.call('PUT', `/json/ganache/nft/${bobs}`, {
    limit: 1,
    title: 'Mint flow',
    collection: '',
  });
  assert.equal(flow.status, 200, JSON.stringify(flow.body));
  // the super admin acting for bob is held to bob's collections too
  const forBob = await boss.call('POST', `/json/ganache/nft?user=${bob.id}`, { collectionAddress: address });
  assert.equal(forBob.status, 400);
  assert.equal(
    forBob.body.errorMessage,
    `The collection ${address} is not one of user ${bob.id}'s collections on ganache: choose an attached collection or the default collection`,
  );
  // the super admin lists another user's collections for the picker; others may not
  const listed = await boss.call('GET', `/json/ganache/get-my-collections?user=${alice.id}`);
  assert.deepEqual(
    (listed.body.items as { deployedAddress: string }[]).map((c) => c.deployedAddress),
    [address],
  );
  assert.equal(
    (await bob.client.call('GET', `/json/ganache/get-my-collections?user=${alice.id}`)).status,
    403,
  );
});
