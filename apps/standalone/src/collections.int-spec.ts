import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
  toHex,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, tagRelayerAbi } from '@metatag/contracts';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { RELAYER_EVENTS } from '@metatag/events';
import { createServiceClient, InProcessBus } from '@metatag/nest-kit';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  signInPasswordUser,
  signInSuperAdmin,
  signInWallet,
  type SignedIn,
} from './testing/sign-in.fixture.js';

// Collections, deployment tools and collection templates through the in-process stack on a real anvil:
// the admin's own wallet signs and sends the deployment, then the server checks the chain on attach.
const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** The relayer's key in the stack (its default): minter address and TagRelayer authorizer. */
const relayerKeyAddress = privateKeyToAccount(ANVIL_DEV_KEY_1).address;
const bus = new InProcessBus();
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-deploy-'));
let anvil: AnvilHandle;
let chain: PublicClient;
let locator: Address;
let nftCode: Address;
let tagRelayer: Address;
/** tokenURI bases come from PUBLIC_URL, not from the address the test calls. */
const PUBLIC_ORIGIN = 'https://collections.metatag.test';
let stack: TestStack;
let boss: SignedIn;
let alice: Awaited<ReturnType<typeof signInWallet>>;
let bob: Awaited<ReturnType<typeof signInWallet>>;
let anonymous: Client;

async function fund(address: Address) {
  await fetch(anvil.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setBalance',
      params: [address, toHex(parseEther('10'))],
    }),
  });
}

/** Sends transaction data the way the admin's browser wallet does (5,000,000 gas for a creation). */
async function send(
  key: Hex,
  tx: { to?: string; data: string },
): Promise<{ hash: Hash; contractAddress: Address | null }> {
  const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(anvil.url) });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address | undefined,
    data: tx.data as Hex,
    gas: tx.to ? undefined : 5_000_000n,
    chain: null,
  });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return {
    hash,
    contractAddress: receipt.contractAddress ? (receipt.contractAddress.toLowerCase() as Address) : null,
  };
}

/** Deploys a collection through the API's transaction data from `who`'s wallet. */
async function deployCollection(who: typeof alice, name: string, symbol: string) {
  const res = await who.client.call('POST', '/deploy-collection', {
    chain: 'ganache',
    name,
    symbol,
    libraryAddress: '',
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.ok, true);
  const sent = await send(who.key, (res.body as { evm: { data: string } }).evm);
  return { address: sent.contractAddress!, hash: sent.hash };
}

const attach = (
  who: { client: Client },
  deployedAddress: string,
  txHash: string,
  name: string,
  symbol: string,
) =>
  who.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress, name, symbol },
    txHash,
  });

before(async () => {
  anvil = await startAnvil();
  chain = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: ANVIL_KEY_0,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: relayerKeyAddress,
  });
  locator = shared.libraryAddressLocator.toLowerCase() as Address;
  nftCode = shared.nftCode.toLowerCase() as Address;
  tagRelayer = shared.tagRelayer.toLowerCase() as Address;
  stack = await startTestStack({
    bus,
    env: {
      RPC_URL_GANACHE: anvil.url,
      LIBRARY_LOCATOR_GANACHE: locator,
      TAG_RELAYER_GANACHE: tagRelayer,
      MEDIA_DIR: join(dataDir, 'media'),
      PUBLIC_URL: PUBLIC_ORIGIN,
    },
  });
  boss = await signInSuperAdmin(stack.url);
  alice = await signInWallet(stack.url);
  bob = await signInWallet(stack.url);
  await fund(alice.account.address);
  await fund(bob.account.address);
  anonymous = new Client(stack.url);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('the network table: interface chains, the configured locator, our RPC proxy instead of the RPC URL', async () => {
  const res = await anonymous.call('GET', '/json/networks');
  assert.equal(res.status, 200);
  const items = res.body.items as Record<string, Record<string, unknown>>;
  assert.deepEqual(Object.keys(items).sort(), ['ganache', 'goerli', 'mainnet', 'polygon']);
  assert.equal(items.ganache.library_address_locator, locator);
  assert.equal(items.ganache.address, '/json/rpc/ganache');
  assert.equal(items.ganache.chainId, 1337);
  assert.equal(items.ganache.chainIdHex, '0x539');
  assert.equal(items.ganache.relayer, tagRelayer, 'the TagRelayer deployed with the shared contracts');
  assert.equal(items.ganache.minter, relayerKeyAddress.toLowerCase());
  assert.equal(items.mainnet.relayer, '', 'no TagRelayer configured for mainnet here');
  assert.equal(items.mainnet.address, '', 'no RPC configured for mainnet here');
  assert.equal(items.mainnet.tx_explorer, 'https://etherscan.io/tx/');
  assert.ok(!JSON.stringify(res.body).includes(anvil.url), 'the real RPC URL never reaches the browser');
});

test('deploy, send from the wallet, attach after the receipt: the collection is the user’s', async () => {
  const empty = await alice.client.call('GET', '/json/ganache/get-my-collections');
  assert.deepEqual(empty.body, { items: [], error: null });

  const { address, hash } = await deployCollection(alice, 'Alice Club', 'ALC');
  const res = await attach(alice, address, hash, 'Alice Club', 'ALC');
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.ok, true);
  const item = res.body.item as Record<string, unknown>;
  assert.equal(item.deployedAddress, address);
  assert.equal(item.name, 'Alice Club');
  assert.equal(item.symbol, 'ALC');

  const mine = await alice.client.call('GET', '/json/ganache/get-my-collections');
  assert.equal(mine.body.error, null);
  assert.deepEqual(
    (mine.body.items as { deployedAddress: string }[]).map((c) => c.deployedAddress),
    [address],
  );
  const bobs = await bob.client.call('GET', '/json/ganache/get-my-collections');
  assert.deepEqual(bobs.body.items, []);

  const again = await attach(alice, address, hash, 'Alice Club', 'ALC');
  assert.equal(again.status, 200, 'attaching twice is harmless');

  // the reply carries setBase: the collection's tokenURI then points at our metadata endpoint
  const setBase = res.body.setBase as { to: string; data: string };
  assert.equal(setBase.to, address);
  await send(alice.key, setBase);
  const base = await chain.readContract({ address, abi: collectionAbi, functionName: 'base' });
  assert.equal(base, `${PUBLIC_ORIGIN}/metadata/ganache/${address}/`, 'the canonical PUBLIC_URL origin');

  // mint token 7 to Bob with Alice's minter key; once confirmed, tokenURI answers the template's metadata
  const template = await alice.client.call('POST', '/json/ganache/nft', { collectionAddress: address });
  const nft = template.body.item as { id: number };
  await alice.client.call('PUT', `/json/ganache/nft/${nft.id}`, { title: 'Backstage' });
  const minted = await send(alice.key, {
    to: address,
    data: (await import('viem')).encodeFunctionData({
      abi: collectionAbi,
      functionName: 'mint',
      args: [bob.account.address, 7n],
    }),
  });
  const events = createServiceClient(
    'test',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 5000 },
    bus,
  );
  await events.emit(RELAYER_EVENTS.mintConfirmed, {
    mintId: 'collections-int-7',
    nftId: String(nft.id),
    chiplinkId: null,
    chain: 'ganache',
    chainId: 1337,
    collection: address,
    tokenId: '7',
    to: bob.account.address.toLowerCase(),
    txHash: minted.hash,
    blockNumber: '1',
    source: 'chain',
  });
  const uri = await chain.readContract({ address, abi: collectionAbi, functionName: 'tokenURI', args: [7n] });
  assert.ok(uri.startsWith(`${PUBLIC_ORIGIN}/metadata/ganache/`), uri);
  // the public origin is this gateway behind its public name
  const metadata = await (await fetch(uri.replace(PUBLIC_ORIGIN, stack.url))).json();
  assert.deepEqual(metadata, {
    name: 'Backstage',
    description: '',
    image: '',
    animation_url: '',
  });
});

test('attach through the gateway: the account’s own wallets are the proof, bad input is a 400', async () => {
  // (the chain checks — receipt, bytecode, locator, name, no receipt yet — are the deployer's own,
  // tested alone in apps/deployer/src/deployer.medium.int-spec.ts; here what the gateway adds: the
  // wallets it passes are the session's, never the body's)
  const first = await deployCollection(alice, 'First', 'ONE');
  const second = await deployCollection(alice, 'Second', 'TWO');
  const stolen = await attach(bob, second.address, second.hash, 'Second', 'TWO');
  assert.equal(stolen.status, 403);
  assert.equal(stolen.body.error, 'owner_proof_required', 'Bob controls no wallet that owns it');
  const wrongTx = await attach(alice, second.address, first.hash, 'Second', 'TWO');
  assert.equal(wrongTx.status, 400);
  assert.equal(wrongTx.body.errorMessage, 'The transaction did not create this contract');

  // the rightful owner can; afterwards nobody else can take it
  assert.equal((await attach(alice, second.address, second.hash, 'Second', 'TWO')).status, 200);
  const mine = await alice.client.call('GET', '/json/ganache/get-my-collections');
  assert.ok(
    !(mine.body.items as { deployedAddress: string }[]).some((c) => c.deployedAddress === first.address),
  );

  const invalid = await alice.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: 'nope', name: 'x', symbol: 'y' },
    txHash: first.hash,
  });
  assert.equal(invalid.status, 400);
  assert.equal((await attach(alice, first.address, first.hash, 'First', 'ONE')).status, 200);
  const unknownChain = await alice.client.call('POST', '/json/nochain/attach-collection-to-user', {
    dataToSave: { deployedAddress: first.address, name: 'First', symbol: 'ONE' },
    txHash: first.hash,
  });
  assert.equal(unknownChain.status, 404);
});

test('deploy-collection through the gateway: an unknown chain is a 404, missing fields a 400, anonymous a 401', async () => {
  // (the deployer's rules for chains and locators: apps/deployer's medium tier)
  const base = { name: 'N', symbol: 'S', libraryAddress: '' };
  const unknown = await alice.client.call('POST', '/deploy-collection', { ...base, chain: 'nochain' });
  assert.equal(unknown.status, 404);
  assert.equal(unknown.body.errorMessage, 'Unknown chain nochain');
  const missing = await alice.client.call('POST', '/deploy-collection', {
    chain: 'ganache',
    libraryAddress: '',
  });
  assert.equal(missing.status, 400);
  assert.equal(
    (await anonymous.call('POST', '/deploy-collection', { ...base, chain: 'ganache' })).status,
    401,
  );
});

test('super admin tools: deploy NFT code and a locator, update the locator, read contract fields', async () => {
  const key = generatePrivateKey();
  const operator = privateKeyToAccount(key);
  await fund(operator.address);

  const code = await boss.client.call('POST', '/deploy-nft-code', { chain: 'ganache' });
  assert.equal(code.status, 200, JSON.stringify(code.body));
  const codeAddress = (await send(key, (code.body as { evm: { data: string } }).evm)).contractAddress!;
  const code2Address = (await send(key, (code.body as { evm: { data: string } }).evm)).contractAddress!;

  const loc = await boss.client.call('POST', '/deploy-library-locator', {
    chain: 'ganache',
    nftCodeAddress: codeAddress,
  });
  assert.equal(loc.status, 200, JSON.stringify(loc.body));
  const newLocator = (await send(key, (loc.body as { evm: { data: string } }).evm)).contractAddress!;

  const update = await boss.client.call('POST', `/json/ganache/contracts/${newLocator}/set-library-address`, {
    nftCodeAddress: code2Address,
  });
  assert.equal(update.status, 200, JSON.stringify(update.body));
  assert.equal((update.body as { evm: { to: string } }).evm.to, newLocator);
  await send(key, (update.body as { evm: { to: string; data: string } }).evm);

  const readLocator = await boss.client.call('GET', `/json/ganache/contracts/${newLocator}`);
  assert.equal(readLocator.status, 200, JSON.stringify(readLocator.body));
  const locatorFields = readLocator.body.item as Record<string, unknown>;
  assert.equal(locatorFields.kind, 'locator');
  assert.equal(locatorFields.owner, operator.address.toLowerCase());
  assert.equal(locatorFields.libraryVersion, '2');
  assert.equal(locatorFields.implementation, code2Address);

  const { address } = await deployCollection(alice, 'Readable', 'RDB');
  const readCollection = await boss.client.call('GET', `/json/ganache/contracts/${address}`);
  const fields = readCollection.body.item as Record<string, unknown>;
  assert.equal(fields.kind, 'collection');
  assert.equal(fields.name, 'Readable');
  assert.equal(fields.symbol, 'RDB');
  assert.equal(fields.base, '');
  assert.equal(fields.owner, alice.account.address.toLowerCase());
  assert.equal(fields.minter, alice.account.address.toLowerCase());
  assert.equal(fields.proxyAdmin, alice.account.address.toLowerCase());
  assert.equal(fields.libraryAddressLocator, locator);
  assert.equal(fields.implementation, nftCode);
  assert.match(fields.libraryVersion as string, /^\d+$/);
  assert.equal(fields.totalSupply, '0');

  const nothing = await boss.client.call('GET', `/json/ganache/contracts/0x${'99'.repeat(20)}`);
  assert.equal(nothing.status, 404);

  for (const [method, path, body] of [
    ['POST', '/deploy-nft-code', { chain: 'ganache' }],
    ['POST', '/deploy-library-locator', { chain: 'ganache', nftCodeAddress: codeAddress }],
    ['POST', `/json/ganache/contracts/${newLocator}/set-library-address`, { nftCodeAddress: codeAddress }],
    ['GET', `/json/ganache/contracts/${newLocator}`, undefined],
  ] as const) {
    assert.equal((await alice.client.call(method, path, body)).status, 403, `${path} as an admin`);
    assert.equal((await anonymous.call(method, path, body)).status, 401, `${path} anonymous`);
  }
  const noRpc = await boss.client.call('POST', '/deploy-nft-code', { chain: 'polygon' });
  assert.equal(noRpc.status, 404);
});

test('super admin tools: deploy a tag relayer whose authorizer is the relayer key; read it back', async () => {
  const key = generatePrivateKey();
  const operator = privateKeyToAccount(key);
  await fund(operator.address);

  const res = await boss.client.call('POST', '/deploy-tag-relayer', { chain: 'ganache' });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const evm = (res.body as { evm: { to?: string; data: string } }).evm;
  assert.equal(evm.to, undefined, 'a contract creation');
  const deployed = (await send(key, evm)).contractAddress!;
  const read = { address: deployed as Address, abi: tagRelayerAbi } as const;
  assert.equal(await chain.readContract({ ...read, functionName: 'authorizer' }), relayerKeyAddress);
  assert.equal(await chain.readContract({ ...read, functionName: 'owner' }), operator.address);

  const fields = await boss.client.call('GET', `/json/ganache/contracts/${deployed}`);
  assert.equal(fields.status, 200, JSON.stringify(fields.body));
  const item = fields.body.item as Record<string, unknown>;
  assert.equal(item.kind, 'tagRelayer');
  assert.equal(item.owner, operator.address.toLowerCase());
  assert.equal(item.authorizer, relayerKeyAddress.toLowerCase());
  assert.equal(item.name, null);
  // the one deployed with the shared contracts is recognised too
  const shared = await boss.client.call('GET', `/json/ganache/contracts/${tagRelayer}`);
  assert.equal((shared.body.item as Record<string, unknown>).kind, 'tagRelayer');

  // the authorizer is never the caller's choice: extra fields are ignored, bad chains refused
  const chosen = await boss.client.call('POST', '/deploy-tag-relayer', {
    chain: 'ganache',
    authorizer: operator.address,
  });
  assert.equal(chosen.status, 200);
  assert.equal((chosen.body as { evm: { data: string } }).evm.data, evm.data);
  assert.equal((await boss.client.call('POST', '/deploy-tag-relayer', { chain: 'polygon' })).status, 404);
  assert.equal((await boss.client.call('POST', '/deploy-tag-relayer', { chain: 'nowhere' })).status, 404);
  assert.equal((await boss.client.call('POST', '/deploy-tag-relayer', {})).status, 400);
  assert.equal((await alice.client.call('POST', '/deploy-tag-relayer', { chain: 'ganache' })).status, 403);
  assert.equal((await anonymous.call('POST', '/deploy-tag-relayer', { chain: 'ganache' })).status, 401);
});

test('set-base transaction data defaults to our metadata endpoint and validates a custom base', async () => {
  const address = `0x${'42'.repeat(20)}`;
  const res = await alice.client.call('POST', `/json/ganache/contracts/${address}/set-base`, {});
  assert.equal(res.status, 200);
  assert.equal((res.body.evm as { to: string }).to, address);
  const custom = await alice.client.call('POST', `/json/ganache/contracts/${address}/set-base`, {
    base: 'https://cdn.example.com/meta/',
  });
  assert.equal(custom.status, 200);
  assert.notEqual((custom.body.evm as { data: string }).data, (res.body.evm as { data: string }).data);
  const bad = await alice.client.call('POST', `/json/ganache/contracts/${address}/set-base`, {
    base: 'javascript:x',
  });
  assert.equal(bad.status, 400);
});

test('collection templates: the owner edits, others get 404, everyone reads the public template', async () => {
  const { address, hash } = await deployCollection(alice, 'Styled', 'STY');
  assert.equal((await attach(alice, address, hash, 'Styled', 'STY')).status, 200);
  const path = `/json/ganache/collection/${address}/template`;

  const defaults = await alice.client.call('GET', path);
  assert.equal(defaults.status, 200);
  assert.equal((defaults.body.item as { theme: string }).theme, 'light');

  const saved = await alice.client.call('PUT', path, {
    theme: 'dark',
    backgroundColor: '#000',
    textColor: '#fafafa',
    linkColor: 'rebeccapurple',
    fontFamily: "'Inter', sans-serif",
    logoURL: 'https://example.com/logo.png',
    logoPadding: '8px',
    menuToggle: true,
    menuLinks: [{ title: 'Shop', href: 'https://example.com/shop', category: 'Store' }],
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  const item = saved.body.item as Record<string, unknown>;
  assert.equal(item.theme, 'dark');
  assert.equal(item.buttonColor, '', 'fields not sent keep their value');

  const partial = await alice.client.call('PUT', path, { buttonColor: '#123456' });
  assert.equal((partial.body.item as Record<string, unknown>).theme, 'dark');

  const pub = await anonymous.call('GET', `/json/collection-template/ganache/${address}`);
  assert.equal(pub.status, 200);
  assert.deepEqual(pub.body, partial.body);
  const unknownCollection = await anonymous.call(
    'GET',
    `/json/collection-template/ganache/0x${'77'.repeat(20)}`,
  );
  assert.equal((unknownCollection.body.item as { theme: string }).theme, 'light');

  for (const body of [
    { backgroundColor: 'blurple' },
    { textColor: '#12345' },
    { textColor: 'red; background:url(x)' },
    { logoURL: 'javascript:alert(1)' },
    { theme: 'sepia' },
    { menuLinks: [{ title: 'x', href: 'javascript:alert(1)' }] },
    { fontFamily: 'x; } body { display:none' },
    { menuToggle: 'yes' },
    { unknownField: 1 },
  ]) {
    const res = await alice.client.call('PUT', path, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.match(res.body.errorMessage as string, /^Invalid value/);
  }

  assert.equal((await bob.client.call('GET', path)).status, 404);
  assert.equal((await bob.client.call('PUT', path, { theme: 'light' })).status, 404);
  assert.equal((await anonymous.call('PUT', path, { theme: 'light' })).status, 401);
  const bossEdit = await boss.client.call('PUT', path, { theme: 'light' });
  assert.equal(bossEdit.status, 200);

  const password = await signInPasswordUser(stack.url, boss.client);
  assert.equal((await password.client.call('GET', path)).status, 404);
});

test('the RPC proxy broadcasts transactions to our contracts only', async () => {
  const key = generatePrivateKey();
  const wallet = privateKeyToAccount(key);
  await fund(wallet.address);
  const { address: unattached } = await deployCollection(alice, 'Unattached', 'UN');
  let nonce = 0;
  const viaProxy = async (to: Address, data: Hex = '0x') => {
    const raw = await wallet.signTransaction({
      chainId: 1337,
      to,
      data,
      nonce: nonce,
      gas: 200_000n,
      maxFeePerGas: 10n ** 10n,
      maxPriorityFeePerGas: 1n,
    });
    return anonymous.call('POST', '/json/rpc/ganache', {
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_sendRawTransaction',
      params: [raw],
    });
  };
  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  const refused = await viaProxy(stranger);
  assert.equal(refused.status, 400);
  assert.equal(refused.body.errorMessage, 'Only transactions to MetaTag contracts are relayed');

  // the TagRelayer of the network table, and a collection on our locator (its code says so)
  for (const to of [tagRelayer, unattached]) {
    const sent = await viaProxy(to, encodeFunctionData({ abi: collectionAbi, functionName: 'name' }));
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.match(
      (sent.body as { result?: string }).result ?? '',
      /^0x[0-9a-f]{64}$/,
      JSON.stringify(sent.body),
    );
    await chain.waitForTransactionReceipt({ hash: (sent.body as { result: Hash }).result });
    nonce++;
  }
});
