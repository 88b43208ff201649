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
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, tagRelayerAbi } from '@metatag/contracts';
import { ensureSharedContracts, startAnvil, type AnvilHandle } from '@metatag/contracts/node';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';
import { credit } from './testing/sign-in.fixture.js';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';
import { attachedCollection } from './testing/tenant.fixture.js';

// The confirmation of a relayed NFC-NFT pending transaction (issue 17 item 4) on a real anvil with the
// shared TagRelayer: the page's report is checked against the receipt's event, and the pending fields
// clear exactly once however many reports arrive at once.
const ANVIL_KEY_0: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** A visitor's wallet (anvil's third dev account), not the relayer's key. */
const VISITOR_KEY: Hex = '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const secrets = chipSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-nfc-relay-'));
let anvil: AnvilHandle;
let chain: PublicClient;
let tagRelayer: Address;
let stack: TestStack;
let owner: Client;
let ownerId: number;
/** The owner's attached collection: the only kind of contract a record may call (issue #28). */
let collection: Address;
let boss: Client;

before(async () => {
  anvil = await startAnvil();
  chain = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: ANVIL_KEY_0,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: privateKeyToAccount(ANVIL_DEV_KEY_1).address,
  });
  tagRelayer = shared.tagRelayer.toLowerCase() as Address;
  stack = await startTestStack({
    env: {
      ...secrets,
      RPC_URL_GANACHE: anvil.url,
      TAG_RELAYER_GANACHE: tagRelayer,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
    },
  });
  boss = await superAdmin(stack.url);
  ({ client: owner, id: ownerId } = await newAdmin(stack.url, boss));
  collection = (await attachedCollection(anvil.url, owner, ownerId)).address;
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function send(tx: { to: string; data: string; value?: bigint }): Promise<Hash> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(VISITOR_KEY),
    transport: http(anvil.url),
  });
  const hash = await wallet.sendTransaction({
    to: tx.to as Address,
    data: tx.data as Hex,
    value: tx.value,
    chain: null,
  });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  assert.equal(receipt.status, 'success');
  return hash;
}

/** A chip of the owner with a record whose pending call reads their collection's `name()` (a contract with code). */
async function chipWithPending(): Promise<{ id: number; chipId: string; chip: SimulatedChip; data: string }> {
  const nftId = await newTemplate(owner);
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(owner, nftId, chip);
  const id = (await owner.call('POST', '/nfc-nft')).body.id as number;
  assert.equal((await owner.call('PUT', `/nfc-nft/${id}`, { nfcId: chipId })).status, 200);
  assert.equal((await owner.call('PUT', `/nfc-nft/${id}`, { smartContract: collection })).status, 200);
  const data = encodeFunctionData({ abi: collectionAbi, functionName: 'name' });
  const set = await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, {
    pendingTransactionData: data,
    redirectUrl: 'https://shop.example/done',
  });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  return { id, chipId, chip, data };
}

const confirm = (tag: string, txHash: string) =>
  new Client(stack.url).call('POST', '/json/nfc-nft/confirm', { tag, txHash });

test('a relayed pending transaction is confirmed from its receipt, once for two concurrent reports', async () => {
  const { id, chipId, chip } = await chipWithPending();
  const tap = await new Client(stack.url).call('POST', '/json/check-tag', { tag: chipId, auth: chip.tap() });
  assert.equal(tap.body.ok, true, JSON.stringify(tap.body));
  assert.equal(tap.body.relayer, tagRelayer);
  const relayData = tap.body.transactionDataToRelayer as string;
  assert.match(relayData, /^0x/);

  // not mined: a hash nobody sent
  const unknown = await confirm(chipId, `0x${'11'.repeat(32)}`);
  assert.deepEqual([unknown.status, unknown.body.errorMessage], [409, 'The transaction is not mined yet']);
  // a mined transaction that is not the relay: refused, nothing cleared
  const other = await send({
    to: tagRelayer,
    data: encodeFunctionData({ abi: tagRelayerAbi, functionName: 'authorizer' }),
  });
  const wrong = await confirm(chipId, other);
  assert.deepEqual(
    [wrong.status, wrong.body.errorMessage],
    [409, 'This transaction did not complete the pending transaction'],
  );

  const hash = await send({ to: tagRelayer, data: relayData, value: 0n });
  const reports = await Promise.all([confirm(chipId, hash), confirm(chipId, hash), confirm(chipId, hash)]);
  for (const r of reports) assert.equal(r.status, 200, JSON.stringify(r.body));
  assert.equal(reports.filter((r) => r.body.cleared === true).length, 1, 'exactly one report clears');

  const record = (
    (await owner.call('GET', '/nfc-nft')).body.items as {
      id: number;
      pendingTransactionData: string;
      pendingTransactionValue: string;
    }[]
  ).find((r) => r.id === id)!;
  assert.deepEqual([record.pendingTransactionData, record.pendingTransactionValue], ['', '']);
  const history = (await owner.call('GET', `/nfc-nft/${id}/history`)).body.items as {
    kind: string;
    txHash: string | null;
  }[];
  const confirmed = history.filter((h) => h.kind === 'confirmed');
  assert.deepEqual(
    confirmed.map((h) => h.txHash),
    [hash],
  );
  // the next tap finds nothing pending: the utility page opens again
  const later = await new Client(stack.url).call('POST', '/json/check-tag', {
    tag: chipId,
    auth: chip.tap(),
  });
  assert.deepEqual([later.body.ok, later.body.transactionDataToRelayer], [true, null]);
  // a reload reporting the same hash again is fine; bad input is a 400
  assert.deepEqual((await confirm(chipId, hash)).body, { ok: true, cleared: false, txHash: hash });
  assert.equal((await confirm(chipId, 'nope')).status, 400);
  assert.equal((await confirm('NoSuchChip9', hash)).status, 404);
});

const complete = (tag: string, scanToken: string) =>
  new Client(stack.url).call('POST', '/json/nfc-nft/complete', { tag, scanToken });
const balance = async () => BigInt((await owner.call('GET', '/json/user')).body.balance as string);

test("Complete without a wallet: refused at zero balance, then relayed once from the owner's balance", async () => {
  const { id, chipId, chip, data } = await chipWithPending();
  const tapped = await new Client(stack.url).call('POST', '/json/check-tag', {
    tag: chipId,
    auth: chip.tap(),
  });
  const scanToken = tapped.body.scanToken as string;
  assert.ok(scanToken);

  assert.equal(await balance(), 0n);
  const refused = await complete(chipId, scanToken);
  assert.equal(refused.status, 402, JSON.stringify(refused.body));
  assert.match(refused.body.errorMessage as string, /^Not enough balance for relayer fees/);
  // no scan token of the latest tap, no relay
  const forged = await complete(chipId, 'x.y.z');
  assert.deepEqual(
    [forged.status, forged.body.errorMessage],
    [403, 'Tap the chip again to complete the transaction'],
  );

  await credit(boss, ownerId, 10n ** 17n);
  const first = await Promise.all([
    complete(chipId, scanToken),
    complete(chipId, scanToken),
    complete(chipId, scanToken),
  ]);
  for (const r of first) assert.equal(r.status, 200, JSON.stringify(r.body));

  let done: { status: string; txHash: string | null } | undefined;
  for (let i = 0; i < 150 && done?.status !== 'confirmed'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    // blocks for the relayer's confirmation depth
    await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'evm_mine', params: [] }),
    });
    done = (await complete(chipId, scanToken)).body as typeof done;
  }
  assert.equal(done?.status, 'confirmed', JSON.stringify(done));
  const txHash = done!.txHash as Hash;

  // the chain: the TagRelayer ran exactly this pending transaction, sent by the relayer
  const receipt = await chain.getTransactionReceipt({ hash: txHash });
  assert.equal(receipt.from.toLowerCase(), privateKeyToAccount(ANVIL_DEV_KEY_1).address.toLowerCase());
  assert.equal(receipt.to?.toLowerCase(), tagRelayer);
  const record = (
    (await owner.call('GET', '/nfc-nft')).body.items as { id: number; pendingTransactionData: string }[]
  ).find((r) => r.id === id)!;
  assert.equal(record.pendingTransactionData, '');
  assert.ok(data);

  // charged once: the fee left the balance, and asking again (twice at once) changes nothing
  const charged = await balance();
  assert.ok(charged < 10n ** 17n && charged > 0n, `charged ${10n ** 17n - charged}`);
  const again = await Promise.all([complete(chipId, scanToken), complete(chipId, scanToken)]);
  for (const r of again) assert.deepEqual(r.body, { ok: true, status: 'confirmed', txHash });
  assert.equal(await balance(), charged);
  const kinds = ((await owner.call('GET', `/nfc-nft/${id}/history`)).body.items as { kind: string }[]).map(
    (h) => h.kind,
  );
  assert.deepEqual(
    kinds.filter((k) => k === 'sent' || k === 'confirmed' || k === 'failed'),
    ['failed', 'sent', 'confirmed'],
    'the refusal, then one relay',
  );
});

test('a pending transaction with value is not completed without a wallet', async () => {
  const { chipId, chip, data } = await chipWithPending();
  await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, {
    pendingTransactionData: data,
    pendingTransactionValue: '5',
  });
  const tapped = await new Client(stack.url).call('POST', '/json/check-tag', {
    tag: chipId,
    auth: chip.tap(),
  });
  const res = await complete(chipId, tapped.body.scanToken as string);
  assert.deepEqual(
    [res.status, res.body.errorMessage],
    [409, 'Only a transaction without value can be completed without a wallet'],
  );
});
