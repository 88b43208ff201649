import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
  parseEventLogs,
  toHex,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import {
  DEPLOYER_KEY,
  RELAYER_ADDRESS,
  deployCollection,
  startAnvil,
  type Anvil,
} from '@metatag/relayer/testing';
// The page's sample generator is pure code; the samples it writes are what this test runs.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the web app is no library: this test runs what its page generates
import {
  generateSample,
  LIMITED_TABS,
  type LimitedTab,
  type SampleInput,
} from '../../web/src/pages/limited/samples.js';
import { makePng } from './testing/media.fixture.js';
import { credit, signInSuperAdmin, signInWallet, type SignedIn } from './testing/sign-in.fixture.js';
import { startTestStack, type Client, type TestStack } from './testing/stack.fixture.js';

// Limited editions (issue #18): the creation helper `POST /json/{chain}/limited/create` through the
// gateway, the templates' media storage and the relayer's paid manual mint (mintWithLimit) on a real
// anvil; then every code sample of the `/{chain}/limited` page, generated from the page's inputs, is
// executed (viem, with node) against the same chain, or typechecked (wagmi, with tsc).
const root = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-limited-'));
let anvil: Anvil;
let stack: TestStack;
let boss: SignedIn;

before(async () => {
  anvil = await startAnvil();
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_ADDRESS,
  });
  const fallback = await deployCollection(anvil.rpcUrl);
  stack = await startTestStack({
    env: {
      RPC_URL_GANACHE: anvil.rpcUrl,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
      DEFAULT_COLLECTION_GANACHE: fallback.toLowerCase(),
      TX_RECEIPT_POLL_MS: '100',
      MINT_INDEX_LAG_MS: '500',
    },
  });
  boss = await signInSuperAdmin(stack.url);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

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

/** A wallet admin with ETH and relayer credit who deployed and attached a collection, minter = relayer. */
async function ownerWithCollection(name: string) {
  const who = await signInWallet(stack.url);
  await anvil.rpc('anvil_setBalance', [who.account.address, toHex(parseEther('10'))]);
  await credit(boss.client, who.id, parseEther('1'));
  const data = await who.client.call('POST', '/deploy-collection', {
    chain: 'ganache',
    name,
    symbol: 'LTD',
    libraryAddress: '',
  });
  assert.equal(data.status, 200, JSON.stringify(data.body));
  const deployed = await send(who.key, (data.body as { evm: { data: string } }).evm);
  const attached = await who.client.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: deployed.created, name, symbol: 'LTD' },
    txHash: deployed.hash,
  });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  const setMinter = attached.body.setMinter as { to: string; data: string } | null;
  if (setMinter) await send(who.key, setMinter);
  return { who, address: deployed.created };
}

/** `POST /json/ganache/limited/create` with the query and (optionally) a PNG, as the page sends it. */
async function createFather(
  client: Client | undefined,
  query: Record<string, string>,
  png?: Buffer,
  idempotencyKey?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new FormData();
  if (png) {
    form.append('type', 'image/png');
    form.append('image', new Blob([png], { type: 'image/png' }), 'father.png');
  }
  const res = await fetch(`${stack.url}/json/ganache/limited/create?${new URLSearchParams(query)}`, {
    method: 'POST',
    body: form,
    headers: {
      ...(client?.cookie ? { cookie: client.cookie } : {}),
      ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const read = <T>(address: string, functionName: string, args: readonly unknown[]) =>
  anvil.client.readContract({
    address: address as Address,
    abi: collectionAbi,
    functionName: functionName as 'ownerOf',
    args: args as [bigint],
  }) as Promise<T>;

test('the creation helper: signed in, own collection, a valid limit; returns txHash and tokenId; the chain holds the father with its limit', async () => {
  const alice = await ownerWithCollection('Alice limited');
  const bob = await ownerWithCollection('Bob limited');
  const query = { title: 'Father', limit: '3', collection: alice.address };

  const anonymous = await createFather(undefined, query);
  assert.equal(anonymous.status, 401, JSON.stringify(anonymous.body));

  for (const limit of ['0', '-1', 'abc', '1.5', '1000001', '']) {
    const bad = await createFather(alice.who.client, { ...query, limit });
    assert.equal(bad.status, 400, `limit ${limit}: ${JSON.stringify(bad.body)}`);
    assert.equal(bad.body.errorMessage, 'Invalid value: limit');
  }
  const noTitle = await createFather(alice.who.client, { ...query, title: ' ' });
  assert.equal(noTitle.status, 400);

  // Bob's collection trusts the same relayer, but it is not Alice's: refused before anything is stored
  const foreign = await createFather(alice.who.client, { ...query, collection: bob.address });
  assert.equal(foreign.status, 404, JSON.stringify(foreign.body));
  const aliceTemplates = await alice.who.client.call('GET', '/json/ganache/nfts');
  assert.deepEqual(aliceTemplates.body.items, []);

  const created = await createFather(alice.who.client, query, makePng(16));
  assert.equal(created.status, 201, JSON.stringify(created.body));
  assert.match(String(created.body.txHash), /^0x[0-9a-f]{64}$/);
  assert.match(String(created.body.tokenId), /^\d+$/);
  assert.equal(created.body.to, alice.who.account.address.toLowerCase());
  const receipt = await anvil.client.waitForTransactionReceipt({ hash: created.body.txHash as Hash });
  assert.equal(receipt.status, 'success');
  const tokenId = BigInt(created.body.tokenId as string);
  assert.equal(await read<bigint>(alice.address, 'limitPerUid', [tokenId]), 3n);
  assert.equal(await read<bigint>(alice.address, 'availableChildren', [tokenId]), 3n);
  assert.equal(
    (await read<string>(alice.address, 'ownerOf', [tokenId])).toLowerCase(),
    alice.who.account.address.toLowerCase(),
  );
  // the father's template carries its title and media (its token metadata)
  const template = (await alice.who.client.call('GET', '/json/ganache/nfts')).body.items as {
    id: number;
    title: string;
    limit: number;
    mimeType: string;
  }[];
  assert.equal(template.length, 1);
  assert.equal(template[0]!.title, 'Father');
  assert.equal(template[0]!.limit, 1);
  assert.equal(template[0]!.mimeType, 'image/png');

  // the father owner mints children from their own wallet; the contract keeps the limit
  const children = await send(alice.who.key, {
    to: alice.address,
    data: encodeMintChildBatch(tokenId, 2n),
  });
  assert.ok(children.hash);
  assert.equal(await read<bigint>(alice.address, 'availableChildren', [tokenId]), 1n);
});

test('limited/create with an Idempotency-Key: repeated (also twice at once) answers the same father', async () => {
  const carol = await ownerWithCollection('Carol limited');
  const query = { title: 'Once', limit: '2', collection: carol.address };
  const first = await createFather(carol.who.client, query, makePng(8), 'order-42');
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const again = await createFather(carol.who.client, query, makePng(8), 'order-42');
  assert.equal(again.status, 201, JSON.stringify(again.body));
  assert.deepEqual(
    [again.body.tokenId, again.body.nftId, again.body.txHash],
    [first.body.tokenId, first.body.nftId, first.body.txHash],
  );
  const [a, b] = await Promise.all([
    createFather(carol.who.client, query, makePng(8), 'order-43'),
    createFather(carol.who.client, query, makePng(8), 'order-43'),
  ]);
  assert.equal(a.status, 201, JSON.stringify(a.body));
  assert.equal(b.status, 201, JSON.stringify(b.body));
  assert.equal(a.body.tokenId, b.body.tokenId);
  assert.notEqual(a.body.tokenId, first.body.tokenId);
  // two fathers in all, so two templates: the losing request's template was removed
  const templates = (await carol.who.client.call('GET', '/json/ganache/nfts')).body.items as unknown[];
  assert.equal(templates.length, 2);
  const bad = await createFather(carol.who.client, query, makePng(8), 'no spaces');
  assert.equal(bad.status, 400);
});

function encodeMintChildBatch(parent: bigint, amount: bigint): Hex {
  return encodeFunctionData({ abi: collectionAbi, functionName: 'mintChildBatch', args: [parent, amount] });
}

// ---- the page's code samples -----------------------------------------------------------------------

/** A scratch directory that resolves the repository's packages (viem, wagmi, react). */
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'metatag-samples-'));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runNode(file: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

test('every viem sample of the page runs against the local chain and does what its tab does', async () => {
  const alice = await ownerWithCollection('Samples');
  const token = (await alice.who.client.call('GET', '/woo_commmerce_access_token')).body.value as string;
  const dir = scratch();
  const png = join(dir, 'father.png');
  writeFileSync(png, makePng(8));
  const base: SampleInput = {
    chain: 'ganache',
    chainId: 1337,
    origin: stack.url,
    collection: alice.address,
    title: 'Sample father',
    limit: '3',
    fatherUid: '0',
    amount: '1',
    tokenUid: '0',
    childUid: '',
    nfcUid: '',
  };
  const env = { RPC_URL: anvil.rpcUrl, METATAG_URL: stack.url, METATAG_TOKEN: token, FILE: png };
  const run = async (tab: LimitedTab, input: Partial<SampleInput>, key: Hex = alice.who.key) => {
    const file = join(dir, `${tab}-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, generateSample(tab, { ...base, ...input }).viem);
    return runNode(file, { ...env, PRIVATE_KEY: key, WALLET: alice.who.account.address });
  };
  const ok = async (tab: LimitedTab, input: Partial<SampleInput>) => {
    const result = await run(tab, input);
    assert.equal(result.code, 0, `${tab} sample failed:\n${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
  };
  const ran = new Set<LimitedTab>();

  // 1. Create father NFT (through the API with the shop access token, then read on chain)
  const created = await ok('create', {});
  ran.add('create');
  assert.equal(created.limit, '3');
  assert.equal(created.owner, alice.who.account.address);
  const father = created.tokenId as string;

  // 2. Check available items
  assert.deepEqual(await ok('available', { fatherUid: father }), { available: '3', limit: '3', minted: '0' });
  ran.add('available');

  // 4. Create child NFT: 2 children, 1 left
  const minted = await ok('mint', { fatherUid: father, amount: '2' });
  ran.add('mint');
  assert.equal(minted.status, 'success');
  assert.equal(minted.available, '1');
  const receipt = await anvil.client.getTransactionReceipt({ hash: minted.hash as Hash });
  const childIds = parseEventLogs({ abi: collectionAbi, eventName: 'MintChild', logs: receipt.logs }).map(
    (log) => log.args.child.toString(),
  );
  assert.equal(childIds.length, 2);
  // more than available: the sample refuses before sending
  const tooMany = await run('mint', { fatherUid: father, amount: '2' });
  assert.notEqual(tooMany.code, 0);
  assert.match(tooMany.stderr, /Not enough child tokens left: 1 available/);
  // a wallet that does not own the father: the contract's NotTokenOwner, decoded by viem
  const stranger = generatePrivateKey();
  await anvil.rpc('anvil_setBalance', [privateKeyToAccount(stranger).address, toHex(parseEther('1'))]);
  const foreign = await run('mint', { fatherUid: father, amount: '1' }, stranger);
  assert.notEqual(foreign.code, 0);
  assert.match(foreign.stderr, /NotTokenOwner/);
  assert.equal(await read<bigint>(alice.address, 'availableChildren', [BigInt(father)]), 1n);

  // 5. Check child NFT
  assert.deepEqual(await ok('father', { childUid: childIds[0]! }), { father });
  ran.add('father');

  // 3. Check ownership
  assert.deepEqual(await ok('ownership', { tokenUid: childIds[0]! }), {
    owner: alice.who.account.address.toLowerCase(),
    locked: false,
    mine: true,
  });
  ran.add('ownership');

  // 6. Redeem: locked afterwards; a transfer reverts
  const redeemed = await ok('redeem', { tokenUid: childIds[0]! });
  ran.add('redeem');
  assert.deepEqual({ status: redeemed.status, locked: redeemed.locked }, { status: 'success', locked: true });
  assert.equal((await ok('ownership', { tokenUid: childIds[0]! })).locked, true);

  // 7. Attach the other child to one of alice's chips (a template minting into her collection); her
  // wallet then records the connection on chain
  const template = await alice.who.client.call('POST', '/json/ganache/nft', {
    collectionAddress: alice.address,
  });
  assert.equal(template.status, 201, JSON.stringify(template.body));
  const uid = randomBytes(7).toString('hex').toUpperCase();
  const chip = await alice.who.client.call(
    'POST',
    `/json/qrlink/chip/${(template.body.item as { id: number }).id}`,
    {
      uid,
    },
  );
  assert.equal(chip.status, 201, JSON.stringify(chip.body));
  const attached = await ok('attach', { childUid: childIds[1]!, nfcUid: uid });
  ran.add('attach');
  assert.deepEqual(
    { chipId: attached.chipId, status: attached.status, connected: attached.connected },
    { chipId: (chip.body.item as { id: string }).id, status: 'success', connected: true },
  );
  assert.equal(await read<boolean>(alice.address, 'connectedToTag', [BigInt(childIds[1]!)]), true);

  assert.deepEqual([...ran].sort(), [...LIMITED_TABS].sort(), 'every tab ran its viem sample');
  rmSync(dir, { recursive: true, force: true });
});

test('every wagmi sample of the page typechecks against wagmi and React', async () => {
  const dir = scratch();
  const input: SampleInput = {
    chain: 'ganache',
    chainId: 1337,
    origin: 'http://localhost:3000',
    collection: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
    title: 'Father',
    limit: '10',
    fatherUid: '1',
    amount: '1',
    tokenUid: '1',
    childUid: '57896044618658097711785492504343953926634992332820282019728792003956564819969',
    nfcUid: '04a1b2c3d4e5f6',
  };
  for (const tab of LIMITED_TABS) writeFileSync(join(dir, `${tab}.tsx`), generateSample(tab, input).wagmi);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        jsx: 'react-jsx',
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        skipLibCheck: true,
        noUnusedLocals: true,
        types: [],
      },
      include: ['*.tsx'],
    }),
  );
  const result = await new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
  assert.equal(result.code, 0, `wagmi samples do not typecheck:\n${result.stdout}${result.stderr}`);
  rmSync(dir, { recursive: true, force: true });
});
