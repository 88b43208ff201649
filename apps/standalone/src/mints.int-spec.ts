import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createWalletClient,
  getAddress,
  http,
  parseEther,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import {
  DEPLOYER_KEY,
  RELAYER_ADDRESS,
  RELAYER_KEY,
  startAnvil,
  waitFor,
  type Anvil,
} from '@metatag/relayer/testing';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  credit,
  signInPasswordUser,
  signInSuperAdmin,
  signInWallet,
  type SignedIn,
} from './testing/sign-in.fixture.js';

// Manual mints through the gateway's HTTP API and the relayer, on a real anvil (spec section 7:
// POST /json/{chain}/mint, GET /json/{chain}/mints/{nftId}). The relayer signs with the standalone
// default key (anvil's account #1). One collection is deployed by that key (so the relayer is its
// minter from the start); others are deployed from an admin's own wallet through the product's API
// and handed to the relayer with setMinter.
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-mints-'));
let anvil: Anvil;
let stack: TestStack;
let collection: Address;
let boss: SignedIn;

before(async () => {
  anvil = await startAnvil();
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_ADDRESS,
  });
  // on the locator the indexer watches (deployCollection would deploy its own): the list reads the ledger
  const relayer = createWalletClient({
    account: privateKeyToAccount(RELAYER_KEY),
    transport: http(anvil.rpcUrl),
  });
  const deployHash = await relayer.sendTransaction({
    data: collectionDeployData({ name: 'Mints', symbol: 'MNT', libraryAddress: shared.libraryAddressLocator })
      .data,
    chain: null,
  });
  collection = getAddress(
    (await anvil.client.waitForTransactionReceipt({ hash: deployHash })).contractAddress!,
  );
  // the mints list reads the mint ledger, which follows the chain index (#30)
  stack = await startTestStack({
    indexer: { rpcUrl: anvil.rpcUrl, locator: shared.libraryAddressLocator.toLowerCase() },
    env: {
      RPC_URL_GANACHE: anvil.rpcUrl,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
      DEFAULT_COLLECTION_GANACHE: collection.toLowerCase(),
      TX_RECEIPT_POLL_MS: '100',
      MINT_INDEX_LAG_MS: '500',
    },
  });
  boss = await signInSuperAdmin(stack.url);
  // manual mints are paid from the minting account's relayer balance (see relayer-spending.int-spec)
  await credit(boss.client, boss.id, parseEther('10'));
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const someone = () => privateKeyToAccount(generatePrivateKey()).address;

/**
 * A template of `who` on ganache whose collection is `address`: the relayer's own collection is the
 * chain's configured default (templates without a collection mint there), any other is named.
 */
async function template(who: { client: Client }, address: string): Promise<number> {
  const collectionAddress = address.toLowerCase() === collection.toLowerCase() ? '' : address;
  const res = await who.client.call('POST', '/json/ganache/nft', { collectionAddress });
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body.item as { id: number }).id;
}

type MintItem = { tokenId: string; to: string; created: string; status: string; tx: string };

const mints = async (who: { client: Client }, nftId: number) =>
  (await who.client.call('GET', `/json/ganache/mints/${nftId}`)).body.items as MintItem[];

async function send(key: Hex, tx: { to?: string; data: string }): Promise<{ hash: Hash; created: Address }> {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.rpcUrl) });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address | undefined,
    data: tx.data as Hex,
    gas: tx.to ? undefined : 5_000_000n,
    chain: null,
  });
  const receipt = await anvil.client.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return { hash, created: receipt.contractAddress?.toLowerCase() as Address };
}

/** A wallet admin with ETH who deployed (from that wallet, with the API's data) and attached a collection. */
async function walletWithCollection(name: string) {
  const who = await signInWallet(stack.url);
  await anvil.rpc('anvil_setBalance', [who.account.address, toHex(parseEther('10'))]);
  await credit(boss.client, who.id, parseEther('1'));
  const data = await who.client.call('POST', '/deploy-collection', {
    chain: 'ganache',
    name,
    symbol: 'OWN',
    libraryAddress: '',
  });
  assert.equal(data.status, 200, JSON.stringify(data.body));
  const deployed = await send(who.key, (data.body as { evm: { data: string } }).evm);
  const attached = await who.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: deployed.created, name, symbol: 'OWN' },
    txHash: deployed.hash,
  });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  return { who, address: deployed.created, hash: deployed.hash, attached: attached.body };
}

const minterOf = (address: Address) =>
  anvil.client.readContract({ address, abi: collectionAbi, functionName: 'minter' });

test('the super admin mints to an address; the mints list shows it queued, then confirmed', async () => {
  const nftId = await template(boss, collection);
  const to = someone();
  const path = `/json/ganache/mint?nftId=${nftId}&to=${to}&collection=${collection}`;
  const res = await boss.client.call('POST', path);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  assert.equal(res.body.ok, true);
  const item = res.body.item as Record<string, unknown>;
  assert.equal(item.status, 'queued');
  assert.equal(item.to, to.toLowerCase(), 'addresses are lower-cased');
  assert.equal(item.collection, collection.toLowerCase());
  assert.equal(item.nftId, String(nftId));
  assert.equal(item.tokenId, '1');

  const second = await boss.client.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${someone()}&collection=${collection}`,
  );
  const list = await waitFor('both confirmed', async () => {
    const items = await mints(boss, nftId);
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
  const nftId = await template(boss, collection);
  const to = someone();
  const path = `/json/ganache/mint?nftId=${nftId}&to=${to}&collection=${collection}`;
  const headers = { 'idempotency-key': 'order-1234' };
  const [a, b] = await Promise.all([
    boss.client.call('POST', path, undefined, headers),
    boss.client.call('POST', path, undefined, headers),
  ]);
  assert.deepEqual([a.status, b.status], [201, 201], JSON.stringify(a.body));
  assert.ok((a.body.item as { id: string }).id);
  assert.equal((a.body.item as { id: string }).id, (b.body.item as { id: string }).id);
  const other = await boss.client.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${someone()}&collection=${collection}`,
    undefined,
    headers,
  );
  assert.equal(other.status, 409);
  const bad = await boss.client.call('POST', path, undefined, { 'idempotency-key': 'no spaces allowed' });
  assert.equal(bad.status, 400);
  // one mint, never two: read once it is on chain and in the ledger (while the relayer has confirmed it
  // from the chain but the ledger has not shown it yet, neither half of the list holds it)
  const listed = await waitFor('the mint confirmed in the list', async () => {
    const items = await mints(boss, nftId);
    return items.some((i) => i.status === 'confirmed') ? items : undefined;
  });
  assert.equal(listed.length, 1, JSON.stringify(listed));
});

test('bad input: an invalid address is a 400 with the spec text; an unknown chain is a JSON 404', async () => {
  const nftId = await template(boss, collection);
  const client = boss.client;
  const badTo = await client.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=0x123&collection=${collection}`,
  );
  assert.equal(badTo.status, 400);
  assert.deepEqual(badTo.body, { error: 'invalid_input', errorMessage: 'Invalid address' });
  const noTo = await client.call('POST', `/json/ganache/mint?nftId=${nftId}&collection=${collection}`);
  assert.equal(noTo.body.errorMessage, 'Invalid address');
  const badCollection = await client.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${someone()}&collection=nope`,
  );
  assert.equal(badCollection.status, 400);
  assert.equal(badCollection.body.errorMessage, 'Invalid collection address');
  const unknown = await client.call(
    'POST',
    `/json/atlantis/mint?nftId=${nftId}&to=${someone()}&collection=${collection}`,
  );
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.error, 'not_found');
  assert.equal((await client.call('GET', `/json/atlantis/mints/${nftId}`)).status, 404);
  const unconfigured = await client.call(
    'POST',
    `/json/mainnet/mint?nftId=${nftId}&to=${someone()}&collection=${collection}`,
  );
  assert.equal(unconfigured.status, 404, 'a known chain without an RPC URL');
  assert.equal(
    (await client.call('GET', `/json/mainnet/mints/${nftId}`)).status,
    404,
    'the template is on ganache',
  );
  assert.equal((await client.call('GET', '/json/ganache/mints/tpl-1')).status, 404, 'no such template');
  assert.equal(
    (
      await new Client(stack.url).call(
        'POST',
        `/json/ganache/mint?nftId=${nftId}&to=${someone()}&collection=${collection}`,
      )
    ).status,
    401,
  );
});

test("a collection deployed from an admin's own wallet: the relayer cannot mint until the attach reply's setMinter is sent", async () => {
  const { who: alice, address, hash, attached } = await walletWithCollection('Own Wallet Club');
  assert.equal(await minterOf(address), alice.account.address, 'the deploying wallet is the first minter');

  // the network table and the attach reply name the relayer; the reply carries setMinter(relayer)
  const networks = await new Client(stack.url).call('GET', '/json/networks');
  const ganache = (networks.body.items as Record<string, { minter: string }>).ganache;
  assert.equal(ganache.minter, RELAYER_ADDRESS);
  assert.equal(attached.relayer, RELAYER_ADDRESS);
  const setMinter = attached.setMinter as { to: string; data: string };
  assert.equal(setMinter.to, address);
  const again = await alice.client.call('POST', `/json/ganache/contracts/${address}/set-minter`);
  assert.equal(again.status, 200, JSON.stringify(again.body));
  assert.deepEqual(again.body, { ok: true, evm: setMinter }, 'the collections page asks for the same data');

  // before: the relayer is not the minter, so its mint fails
  const nftId = await template(alice, address);
  const early = await alice.client.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${someone()}&collection=${address}`,
  );
  assert.equal(early.status, 201, JSON.stringify(early.body));
  await waitFor('the mint without the minter role failed', async () =>
    (await mints(alice, nftId)).some((m) => m.status === 'failed'),
  );

  // the owner's wallet sends setMinter(relayer); now a manual mint is confirmed on chain
  await send(alice.key, setMinter);
  assert.equal((await minterOf(address)).toLowerCase(), RELAYER_ADDRESS);
  const to = someone();
  const res = await alice.client.call(
    'POST',
    `/json/ganache/mint?nftId=${nftId}&to=${to}&collection=${address}`,
  );
  assert.equal(res.status, 201, JSON.stringify(res.body));
  const tokenId = (res.body.item as { tokenId: string }).tokenId;
  const confirmed = await waitFor('the mint confirmed', async () =>
    (await mints(alice, nftId)).find((m) => m.tokenId === tokenId && m.status === 'confirmed'),
  );
  assert.equal(confirmed.to, to.toLowerCase());
  const owner = await anvil.client.readContract({
    address,
    abi: collectionAbi,
    functionName: 'ownerOf',
    args: [BigInt(tokenId)],
  });
  assert.equal(owner, to);

  // a later attach of a collection whose minter already is the relayer has nothing to send
  const reattached = await alice.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: address, name: 'Own Wallet Club', symbol: 'OWN' },
    txHash: hash,
  });
  assert.equal(reattached.status, 200, JSON.stringify(reattached.body));
  assert.equal(reattached.body.setMinter, null);
});

test("only the template's owner or the super admin mints and reads its mints; anyone else gets 404", async () => {
  const { who: alice, address, attached } = await walletWithCollection('Guarded');
  await send(alice.key, attached.setMinter as { to: string; data: string });
  const nftId = await template(alice, address);
  const mintPath = (id: number | string, coll: string) =>
    `/json/ganache/mint?nftId=${id}&to=${someone()}&collection=${coll}`;

  const owner = await alice.client.call('POST', mintPath(nftId, address));
  assert.equal(owner.status, 201, JSON.stringify(owner.body));
  assert.equal((await alice.client.call('GET', `/json/ganache/mints/${nftId}`)).status, 200);

  // another admin (a wallet account, and a password account): the template's 404, nothing minted
  const bob = await signInWallet(stack.url);
  const carol = await signInPasswordUser(stack.url, boss.client);
  for (const other of [bob, carol]) {
    const minted = await other.client.call('POST', mintPath(nftId, address));
    assert.equal(minted.status, 404, JSON.stringify(minted.body));
    assert.equal(minted.body.errorMessage, 'NFT template not found');
    const listed = await other.client.call('GET', `/json/ganache/mints/${nftId}`);
    assert.equal(listed.status, 404);
    assert.equal(listed.body.errorMessage, 'NFT template not found');
  }
  // anonymous: 401 (the route matrix's rule for @Allow('admin'))
  const anonymous = new Client(stack.url);
  assert.equal((await anonymous.call('POST', mintPath(nftId, address))).status, 401);
  assert.equal((await anonymous.call('GET', `/json/ganache/mints/${nftId}`)).status, 401);

  // the super admin reaches any template; the list reads the mint ledger, which follows the chain
  // index, so the owner's mint shows once the indexer has seen it (a loaded machine lags a little)
  await waitFor('the super admin lists the owner’s mint', async () => {
    const bossList = await boss.client.call('GET', `/json/ganache/mints/${nftId}`);
    assert.equal(bossList.status, 200, JSON.stringify(bossList.body));
    return (bossList.body.items as unknown[]).length === 1;
  });
  assert.equal((await boss.client.call('POST', mintPath(nftId, address))).status, 201);

  // a mint goes to the template's own collection only
  const elsewhere = await alice.client.call('POST', mintPath(nftId, collection));
  assert.equal(elsewhere.status, 400);
  assert.equal(elsewhere.body.errorMessage, "The collection is not the NFT template's collection");
  // and the collection must be the user's: Bob cannot even make a template on Alice's collection
  const foreign = await bob.client.call('POST', '/json/ganache/nft', { collectionAddress: address });
  assert.equal(foreign.status, 400, JSON.stringify(foreign.body));
  assert.equal(foreign.body.error, 'collection_not_owned');

  await waitFor('the owner’s and the super admin’s mints confirmed', async () => {
    const items = await mints(alice, nftId);
    return items.length === 2 && items.every((m) => m.status === 'confirmed');
  });
});
