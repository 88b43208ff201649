import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { decodeFunctionData, encodeFunctionData, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, tagRelayerAbi } from '@metatag/contracts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import { DEPLOYER_KEY, RELAYER_ADDRESS, startAnvil, type Anvil } from '@metatag/relayer/testing';
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
import { attachedCollection, sendFrom, type OwnedCollection } from './testing/tenant.fixture.js';

// Issue #28 item 1, the attack as reported: the attacker taps their OWN chip (keys they imported), whose
// NFC-NFT record names a VICTIM's collection (minter: the shared TagRelayer) and `mint(attacker, 777)`.
// Before the fix, our relayer key authorized it (and the gasless path sent it). Now the record is
// refused when it names the victim's collection or a relayer the attacker typed, no tap carries an
// authorization, nothing is sent, and the chain never holds token 777. The same path works for the
// victim's own collection (the control: the test can fail). Real anvil, real PostgreSQL, the product API.
const secrets = chipSecrets();
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-cross-tenant-'));
const VISITOR_KEY = generatePrivateKey();
const ATTACKER_WALLET = privateKeyToAccount(generatePrivateKey()).address.toLowerCase() as Address;
let anvil: Anvil;
let tagRelayer: Address;
let stack: TestStack;
let boss: Client;
let victim: { client: Client; id: number; collection: OwnedCollection };
let attacker: { client: Client; id: number; collection: OwnedCollection };

const FOREIGN_CONTRACT =
  'smartContract must be a collection attached to your account on this chain (attach it with its owner proof first)';
const FOREIGN_RELAYER = "relayer must be the TagRelayer MetaTag configured for the record's chain";

before(async () => {
  anvil = await startAnvil();
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_ADDRESS,
  });
  tagRelayer = shared.tagRelayer.toLowerCase() as Address;
  stack = await startTestStack({
    env: {
      ...secrets,
      RPC_URL_GANACHE: anvil.rpcUrl,
      TAG_RELAYER_GANACHE: tagRelayer,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
      TX_RECEIPT_POLL_MS: '100',
    },
  });
  boss = await superAdmin(stack.url);
  const tenant = async () => {
    const { client, id } = await newAdmin(stack.url, boss);
    const collection = await attachedCollection(anvil.rpcUrl, client, id);
    // what the product recommends: the TagRelayer mints in the tenant's collection
    await sendFrom(anvil.rpcUrl, collection.ownerKey, {
      to: collection.address,
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'setMinter', args: [tagRelayer] }),
    });
    return { client, id, collection };
  };
  victim = await tenant();
  attacker = await tenant();
  await credit(boss, attacker.id, 10n ** 17n);
  await anvil.rpc('anvil_setBalance', [privateKeyToAccount(VISITOR_KEY).address, '0x8ac7230489e80000']);
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const mint777 = (to: Address) =>
  encodeFunctionData({ abi: collectionAbi, functionName: 'mint', args: [to, 777n] });

async function totalSupply(collection: Address): Promise<bigint> {
  return anvil.client.readContract({ address: collection, abi: collectionAbi, functionName: 'totalSupply' });
}

async function ownerOf777(collection: Address): Promise<string | undefined> {
  try {
    const owner = await anvil.client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [777n],
    });
    return owner.toLowerCase();
  } catch {
    return undefined; // not minted: the contract reverts
  }
}

/** Every transaction the relayer ever queued or sent, from its own table. */
async function relayerTransactions(): Promise<{ kind: string; to: string; data: string }[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      'select kind, to_address as "to", data from relayer.transactions order by created_at',
    );
    return rows as { kind: string; to: string; data: string }[];
  } finally {
    await client.end();
  }
}

/** Where a relayer transaction ends up calling: the TagRelayer's execute target, else its `to`. */
function finalTarget(tx: { to: string; data: string }): string {
  if (tx.to.toLowerCase() !== tagRelayer) return tx.to.toLowerCase();
  const call = decodeFunctionData({ abi: tagRelayerAbi, data: tx.data as Hex });
  return call.functionName === 'execute' ? String(call.args[0]).toLowerCase() : tx.to.toLowerCase();
}

async function chipRecord(owner: { client: Client }) {
  const nftId = await newTemplate(owner.client);
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(owner.client, nftId, chip);
  const id = (await owner.client.call('POST', '/nfc-nft')).body.id as number;
  const attached = await owner.client.call('PUT', `/nfc-nft/${id}`, { nfcId: chipId });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  return { id, chipId, chip };
}

const recordOf = async (owner: { client: Client }, id: number) =>
  ((await owner.client.call('GET', '/nfc-nft')).body.items as Record<string, string | number>[]).find(
    (r) => r.id === id,
  )!;

test("the attacker's record cannot point at the victim's collection or a typed relayer; no tap mints 777 there", async () => {
  const supplyBefore = await totalSupply(victim.collection.address);
  const { id, chipId, chip } = await chipRecord(attacker);
  const before = await recordOf(attacker, id);
  assert.equal(before.chain, 'ganache');
  assert.equal(before.relayer, tagRelayer, 'the configured TagRelayer is filled in');

  // the victim's collection, in any spelling, and with the chain unset too
  for (const smartContract of [
    victim.collection.address,
    victim.collection.address.toUpperCase().replace('0X', '0x'),
  ]) {
    const res = await attacker.client.call('PUT', `/nfc-nft/${id}`, { smartContract });
    assert.deepEqual(
      [res.status, res.body.error, res.body.errorMessage],
      [403, 'foreign_contract', FOREIGN_CONTRACT],
    );
  }
  // a relayer the attacker typed (their own contract, an EOA, the victim's collection)
  for (const relayer of [ATTACKER_WALLET, attacker.collection.address, victim.collection.address]) {
    const res = await attacker.client.call('PUT', `/nfc-nft/${id}`, { relayer });
    assert.deepEqual(
      [res.status, res.body.error, res.body.errorMessage],
      [403, 'foreign_relayer', FOREIGN_RELAYER],
    );
  }
  const unchanged = await recordOf(attacker, id);
  assert.deepEqual(unchanged, before, 'nothing of the refused edits was stored');

  // with no collection of theirs, no pending call can be set at all
  const pending = await attacker.client.call('PUT', `/nfc-nft/byTag/${chipId}`, {
    pendingTransactionData: mint777(ATTACKER_WALLET),
  });
  assert.equal(pending.status, 409, JSON.stringify(pending.body));

  // the tap: no authorization, and "complete without a wallet" has nothing to send
  const tap = await new Client(stack.url).call('POST', '/json/check-tag', { tag: chipId, auth: chip.tap() });
  assert.equal(tap.body.ok, true, JSON.stringify(tap.body));
  assert.equal(tap.body.transactionDataToRelayer ?? null, null);
  const gasless = await new Client(stack.url).call('POST', '/json/nfc-nft/complete', {
    tag: chipId,
    scanToken: tap.body.scanToken,
  });
  assert.equal(gasless.status, 404, JSON.stringify(gasless.body));

  assert.equal(await ownerOf777(victim.collection.address), undefined, 'token 777 does not exist');
  assert.equal(await totalSupply(victim.collection.address), supplyBefore);
  const toVictim = (await relayerTransactions()).filter(
    (tx) => finalTarget(tx) === victim.collection.address,
  );
  assert.deepEqual(toVictim, [], 'the relayer sent nothing into the victim collection');
});

test("the same pending mint works in the tenant's own collection (the control: the test can fail)", async () => {
  const { id, chipId, chip } = await chipRecord(attacker);
  const set = await attacker.client.call('PUT', `/nfc-nft/${id}`, {
    smartContract: attacker.collection.address,
  });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  const pending = await attacker.client.call('PUT', `/nfc-nft/byTag/${chipId}`, {
    pendingTransactionData: mint777(ATTACKER_WALLET),
  });
  assert.equal(pending.status, 200, JSON.stringify(pending.body));

  const tap = await new Client(stack.url).call('POST', '/json/check-tag', { tag: chipId, auth: chip.tap() });
  const relayData = tap.body.transactionDataToRelayer as Hex;
  assert.match(relayData, /^0x/, JSON.stringify(tap.body));
  const call = decodeFunctionData({ abi: tagRelayerAbi, data: relayData });
  assert.equal(String(call.args[0]).toLowerCase(), attacker.collection.address);
  await sendFrom(anvil.rpcUrl, VISITOR_KEY, { to: tagRelayer, data: relayData });
  assert.equal(await ownerOf777(attacker.collection.address), ATTACKER_WALLET, 'the own collection mints');
  assert.equal(await ownerOf777(victim.collection.address), undefined);

  const allTargets = (await relayerTransactions()).map(finalTarget);
  assert.ok(!allTargets.includes(victim.collection.address), 'still nothing into the victim collection');
});

/**
 * Rewrites a record's targets in the database, as a row written before #28's target policy may hold
 * them: no route or tenant action can make a stored target foreign now (edits are checked, an attachment
 * is permanent and stays with its first account, no route detaches one), so this is the one way to have
 * such a row. Bumps nothing else: the pending call set through the API stays as it was.
 */
async function legacyTargets(id: number, targets: { smart_contract?: string; relayer?: string }) {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    const [column, value] = Object.entries(targets)[0]!;
    const res = await client.query(`update chiplinks.nfc_nfts set ${column} = $1 where id = $2`, [value, id]);
    assert.equal(res.rowCount, 1);
  } finally {
    await client.end();
  }
}

test('a legacy record already naming a foreign target: its tap carries no authorization, the gasless complete is refused, the relayer sends nothing', async () => {
  const supplyBefore = await totalSupply(victim.collection.address);
  for (const [targets, error, message] of [
    [{ smart_contract: victim.collection.address }, 'foreign_contract', FOREIGN_CONTRACT],
    [{ relayer: ATTACKER_WALLET }, 'foreign_relayer', FOREIGN_RELAYER],
  ] as const) {
    // a valid record and pending call, made through the API in the attacker's own collection
    const { id, chipId, chip } = await chipRecord(attacker);
    const set = await attacker.client.call('PUT', `/nfc-nft/${id}`, {
      smartContract: attacker.collection.address,
    });
    assert.equal(set.status, 200, JSON.stringify(set.body));
    const pending = await attacker.client.call('PUT', `/nfc-nft/byTag/${chipId}`, {
      pendingTransactionData: mint777(ATTACKER_WALLET),
    });
    assert.equal(pending.status, 200, JSON.stringify(pending.body));
    await legacyTargets(id, targets);
    const stored = await recordOf(attacker, id);
    assert.equal(stored.smartContract, targets.smart_contract ?? attacker.collection.address);
    const txsBefore = (await relayerTransactions()).length;

    // the tap succeeds as a tap, without the relayer's signature
    const tap = await new Client(stack.url).call('POST', '/json/check-tag', {
      tag: chipId,
      auth: chip.tap(),
    });
    assert.equal(tap.body.ok, true, JSON.stringify(tap.body));
    assert.equal(tap.body.transactionDataToRelayer ?? null, null, `${error}: no authorization on the tap`);
    // "complete without a wallet" (the owner pays the gas): refused with the reason, nothing queued
    const gasless = await new Client(stack.url).call('POST', '/json/nfc-nft/complete', {
      tag: chipId,
      scanToken: tap.body.scanToken,
    });
    assert.deepEqual([gasless.status, gasless.body.error, gasless.body.errorMessage], [403, error, message]);

    await new Promise((resolve) => setTimeout(resolve, 1_000)); // a queued job would have written its row
    const made = (await relayerTransactions()).slice(txsBefore);
    assert.deepEqual(made, [], `${error}: 0 relayer transactions`);
  }
  assert.equal(await ownerOf777(victim.collection.address), undefined, 'token 777 does not exist');
  assert.equal(await totalSupply(victim.collection.address), supplyBefore);
  const stray = (await relayerTransactions()).filter(
    (tx) => finalTarget(tx) === victim.collection.address || tx.to.toLowerCase() === ATTACKER_WALLET,
  );
  assert.deepEqual(stray, [], 'nothing ever went into the victim collection or to the typed relayer');
});
