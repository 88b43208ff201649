import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeFunctionData, getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { recoverTagRelayerAuthorizationSigner, tagRelayerAbi } from '@metatag/contracts';
import { ensureSharedContracts } from '@metatag/contracts/node';
import { DEPLOYER_KEY, RELAYER_ADDRESS, startAnvil, type Anvil } from '@metatag/relayer/testing';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';
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

// NFC-NFT records (spec sections 3, 6, 7 `/nfc-nft`) through the real gateway and chiplinks service on
// a real PostgreSQL: the owner's records only, one field at a time, the spec's validation rules. A
// record targets only a collection attached to its owner (deployed and attached on a real anvil).
const secrets = chipSecrets();
const RELAYER = '0x' + 'ab'.repeat(20);
/** Someone else's contract: no record of the owner may call it. */
const FOREIGN = '0x' + '12'.repeat(20);
/** The owner's attached collection. */
let TARGET: string;
const dataDir = mkdtempSync(join(tmpdir(), 'metatag-nfc-nft-'));
let anvil: Anvil;
let stack: TestStack;
let owner: Client;
let other: Client;
let boss: Client;

before(async () => {
  anvil = await startAnvil();
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.rpcUrl,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dataDir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_ADDRESS,
  });
  stack = await startTestStack({
    env: {
      ...secrets,
      TAG_RELAYER_GANACHE: RELAYER,
      RPC_URL_GANACHE: anvil.rpcUrl,
      LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator.toLowerCase(),
    },
  });
  boss = await superAdmin(stack.url);
  const mine = await newAdmin(stack.url, boss);
  owner = mine.client;
  other = (await newAdmin(stack.url, boss)).client;
  TARGET = (await attachedCollection(anvil.rpcUrl, owner, mine.id)).address;
});
after(async () => {
  await stack?.stop();
  await anvil?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

interface RecordBody {
  id: number;
  nfcId: string;
  chain: string;
  smartContract: string;
  relayer: string;
  nftId: string;
  url: string;
  pendingTransactionData: string;
  pendingTransactionValue: string;
  redirectUrl: string;
}

async function newRecord(client: Client): Promise<number> {
  const res = await client.call('POST', '/nfc-nft');
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.id as number;
}

async function chipOf(client: Client): Promise<{ chipId: string; nftId: number; chip: SimulatedChip }> {
  const nftId = await newTemplate(client);
  await client.call('PUT', `/json/ganache/nft/${nftId}`, { utility_url: 'https://utility.example/x' });
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(client, nftId, chip);
  return { chipId, nftId, chip };
}

test('Attach new, attach a chip (fields filled from it), edit one field, list, remove', async () => {
  const id = await newRecord(owner);
  const listed = await owner.call('GET', '/nfc-nft');
  assert.equal(listed.status, 200);
  const empty = (listed.body.items as RecordBody[]).find((r) => r.id === id)!;
  assert.deepEqual(
    [empty.nfcId, empty.chain, empty.smartContract, empty.pendingTransactionData, empty.redirectUrl],
    ['', '', '', '', ''],
  );

  const { chipId } = await chipOf(owner);
  const attached = await owner.call('PUT', `/nfc-nft/${id}`, { nfcId: chipId });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  const item = attached.body.item as RecordBody;
  assert.equal(item.nfcId, chipId);
  assert.equal(item.chain, 'ganache');
  assert.equal(item.relayer, RELAYER);
  assert.match(item.nftId, /^\d+$/, 'the chip token');
  assert.equal(item.url, 'https://utility.example/x');

  // issue #28: a contract that is not a collection attached to this owner, a relayer not configured
  for (const [body, message] of [
    [
      { smartContract: FOREIGN },
      'smartContract must be a collection attached to your account on this chain (attach it with its owner proof first)',
    ],
    [
      { relayer: '0x' + 'cd'.repeat(20) },
      "relayer must be the TagRelayer MetaTag configured for the record's chain",
    ],
  ] as const) {
    const refused = await owner.call('PUT', `/nfc-nft/${id}`, body);
    assert.deepEqual([refused.status, refused.body.errorMessage], [403, message], JSON.stringify(body));
  }
  const edited = await owner.call('PUT', `/nfc-nft/${id}`, {
    smartContract: TARGET.toUpperCase().replace('0X', '0x'),
  });
  assert.equal(edited.status, 200);
  assert.equal((edited.body.item as RecordBody).smartContract, TARGET, 'addresses are lower-cased');

  const second = await newRecord(owner);
  const taken = await owner.call('PUT', `/nfc-nft/${second}`, { nfcId: chipId });
  assert.deepEqual([taken.status, taken.body.errorMessage], [409, 'This chip already has an NFC-NFT record']);

  assert.deepEqual((await owner.call('DELETE', `/nfc-nft/${second}`)).body, { ok: true });
  assert.equal((await owner.call('DELETE', `/nfc-nft/${second}`)).status, 404);
  const after = (await owner.call('GET', '/nfc-nft')).body.items as RecordBody[];
  assert.deepEqual(
    after.map((r) => r.id),
    [id],
  );
});

test('PUT /nfc-nft/{id} takes one field and applies the spec rules (4xx with a message, never 500)', async () => {
  const id = await newRecord(owner);
  const bad: [unknown, string][] = [
    [{}, 'Invalid value'],
    [{ url: 'https://a.example', redirectUrl: 'https://b.example' }, 'Invalid value'],
    [{ owner: 3 }, 'Invalid value'],
    [{ smartContract: '0x1234' }, 'Invalid address'],
    [{ relayer: 'not an address' }, 'Invalid address'],
    [{ url: 'ftp://x.example' }, 'Invalid url'],
    [{ redirectUrl: 'https://x.example/<script>' }, 'Invalid redirectUrl'],
    [{ pendingTransactionData: '0xabc' }, 'Data must be 0x followed by whole bytes in hex'],
    [{ pendingTransactionData: 'deadbeef' }, 'Data must be 0x followed by whole bytes in hex'],
    [{ pendingTransactionValue: '-1' }, 'Value must be wei: a non-negative integer'],
    [{ pendingTransactionValue: '1.5' }, 'Value must be wei: a non-negative integer'],
    [{ pendingTransactionValue: '1e18' }, 'Value must be wei: a non-negative integer'],
    [{ pendingTransactionValue: (1n << 256n).toString() }, 'Value must be wei: a non-negative integer'],
    [{ nftId: 'abc' }, 'nftId must be a token id (a non-negative integer)'],
    [{ chain: 'moon' }, 'Unknown chain'],
    [{ nfcId: 'no such chip!' }, 'Invalid chip id'],
  ];
  for (const [body, message] of bad) {
    const res = await owner.call('PUT', `/nfc-nft/${id}`, body);
    assert.deepEqual([res.status, res.body.errorMessage], [400, message], JSON.stringify(body));
  }
  const missingChip = await owner.call('PUT', `/nfc-nft/${id}`, { nfcId: 'NoSuchChip123' });
  assert.deepEqual([missingChip.status, missingChip.body.errorMessage], [404, 'Chip not found']);
  const ok = await owner.call('PUT', `/nfc-nft/${id}`, { pendingTransactionValue: 1000000000000000000 });
  assert.equal(ok.status, 200);
  assert.equal((ok.body.item as RecordBody).pendingTransactionValue, '1000000000000000000');
  assert.equal((await owner.call('PUT', '/nfc-nft/abc', { url: '' })).status, 404);
});

test('only the owner: another admin (or a super admin) sees, changes and removes none of it, nor attaches its chip', async () => {
  const id = await newRecord(owner);
  const { chipId } = await chipOf(owner);
  for (const client of [other, boss]) {
    assert.equal(
      ((await client.call('GET', '/nfc-nft')).body.items as RecordBody[]).some((r) => r.id === id),
      false,
    );
    for (const [method, path, body] of [
      ['PUT', `/nfc-nft/${id}`, { url: 'https://evil.example' }],
      ['DELETE', `/nfc-nft/${id}`, undefined],
      ['GET', `/nfc-nft/${id}/history`, undefined],
    ] as const) {
      const res = await client.call(method, path, body);
      assert.deepEqual(
        [res.status, res.body.errorMessage],
        [404, 'NFC-NFT record not found'],
        `${method} ${path}`,
      );
    }
    const mine = await newRecord(client);
    const foreign = await client.call('PUT', `/nfc-nft/${mine}`, { nfcId: chipId });
    assert.deepEqual([foreign.status, foreign.body.errorMessage], [404, 'Chip not found']);
  }
  const anonymous = new Client(stack.url);
  assert.equal((await anonymous.call('GET', '/nfc-nft')).status, 401);
  assert.equal((await anonymous.call('POST', '/nfc-nft')).status, 401);
  assert.equal(
    (await anonymous.call('PUT', `/nfc-nft/byTag/${chipId}`, { pendingTransactionData: '' })).status,
    401,
  );
});

test('PUT /nfc-nft/byTag/{nftId} sets and clears the pending transaction, with history', async () => {
  const id = await newRecord(owner);
  const { chipId } = await chipOf(owner);
  const attached = (await owner.call('PUT', `/nfc-nft/${id}`, { nfcId: chipId })).body.item as RecordBody;

  const notReady = await owner.call('PUT', `/nfc-nft/byTag/${attached.nftId}`, {
    pendingTransactionData: '0xdeadbeef',
  });
  assert.equal(notReady.status, 409, 'no smart contract yet');
  await owner.call('PUT', `/nfc-nft/${id}`, { smartContract: TARGET });

  const data = '0xABCDEF01' + '00'.repeat(32);
  const set = await owner.call('PUT', `/nfc-nft/byTag/${attached.nftId}`, {
    pendingTransactionData: data,
    pendingTransactionValue: '25',
    redirectUrl: 'https://shop.example/thanks',
  });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  const item = set.body.item as RecordBody;
  assert.deepEqual(
    [item.pendingTransactionData, item.pendingTransactionValue, item.redirectUrl],
    [data.toLowerCase(), '25', 'https://shop.example/thanks'],
  );
  // by the chip id too; a value left out means 0
  const byChip = await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, { pendingTransactionData: '0x01' });
  assert.equal((byChip.body.item as RecordBody).pendingTransactionValue, '0');

  for (const [body, message] of [
    [{ pendingTransactionData: '0xzz' }, 'Data must be 0x followed by whole bytes in hex'],
    [
      { pendingTransactionData: '0x01', pendingTransactionValue: '-5' },
      'Value must be wei: a non-negative integer',
    ],
    [{ pendingTransactionData: '0x01', redirectUrl: 'javascript:alert(1)' }, 'Invalid redirectUrl'],
    [{}, 'Invalid value: pendingTransactionData'],
  ] as const) {
    const res = await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, body);
    assert.deepEqual([res.status, res.body.errorMessage], [400, message], JSON.stringify(body));
  }
  assert.equal(
    (await other.call('PUT', `/nfc-nft/byTag/${chipId}`, { pendingTransactionData: '' })).status,
    404,
  );
  assert.equal(
    (await owner.call('PUT', '/nfc-nft/byTag/123456', { pendingTransactionData: '' })).status,
    404,
  );

  const cleared = await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, {
    pendingTransactionData: null,
    pendingTransactionValue: null,
    redirectUrl: null,
  });
  const clearedItem = cleared.body.item as RecordBody;
  assert.deepEqual(
    [clearedItem.pendingTransactionData, clearedItem.pendingTransactionValue, clearedItem.redirectUrl],
    ['', '', ''],
  );
  const history = await owner.call('GET', `/nfc-nft/${id}/history`);
  assert.deepEqual(
    (history.body.items as { kind: string }[]).map((h) => h.kind),
    ['created', 'pending-set', 'pending-set', 'pending-cleared'],
  );
});

test('a verified tap of a chip with a pending transaction returns it with the relayer-signed TagRelayer call', async () => {
  const id = await newRecord(owner);
  const { chipId, chip } = await chipOf(owner);
  const checkTag = () =>
    new Client(stack.url).call('POST', '/json/check-tag', { tag: chipId, auth: chip.tap() });
  await owner.call('PUT', `/nfc-nft/${id}`, { nfcId: chipId });
  await owner.call('PUT', `/nfc-nft/${id}`, { smartContract: TARGET });

  // nothing pending: the spec's constants, the utility URL opens
  const plain = await checkTag();
  assert.equal(plain.body.ok, true);
  assert.equal(plain.body.url, 'https://utility.example/x');
  assert.equal(plain.body.transactionDataToRelayer, null);
  const lookup = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${chipId}?type=chip`);
  assert.deepEqual([lookup.body.isNfcNft, lookup.body.pendingTransactionData], [true, null]);

  const data = '0xf2cefb13' + '00'.repeat(31) + '05' + '00'.repeat(31) + '01';
  await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, {
    pendingTransactionData: data,
    pendingTransactionValue: '7',
    redirectUrl: 'https://shop.example/done',
  });
  const taps = [await checkTag(), await checkTag()];
  const scanIds = [];
  for (const tap of taps) {
    assert.equal(tap.status, 200, JSON.stringify(tap.body));
    assert.equal(tap.body.ok, true);
    assert.equal(tap.body.url, null, 'the page sends the transaction instead of opening the utility URL');
    assert.equal(tap.body.pendingTransactionData, data);
    assert.equal(tap.body.pendingTransactionValue, '7');
    assert.equal(tap.body.relayer, RELAYER);
    assert.equal(tap.body.redirectUrl, 'https://shop.example/done');
    const call = decodeFunctionData({ abi: tagRelayerAbi, data: tap.body.transactionDataToRelayer as Hex });
    assert.equal(call.functionName, 'execute');
    const [target, callData, value, deadline, scanId, signature] = call.args as [
      Hex,
      Hex,
      bigint,
      bigint,
      Hex,
      Hex,
    ];
    assert.deepEqual([target.toLowerCase(), callData, value], [TARGET, data, 7n]);
    assert.ok(deadline > BigInt(Math.floor(Date.now() / 1000)));
    const signer = await recoverTagRelayerAuthorizationSigner(
      { chainId: 1337, relayer: getAddress(RELAYER) },
      { scanId, target, data: callData, value, deadline },
      signature,
    );
    assert.equal(signer, privateKeyToAccount(ANVIL_DEV_KEY_1).address, 'signed by the relayer key');
    scanIds.push(scanId);
  }
  assert.equal(scanIds[0], scanIds[1], 'one pending transaction, one scanId: it can run once');
  const after = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${chipId}?type=chip`);
  assert.equal(after.body.pendingTransactionData, data);

  // a new pending transaction gets a new scanId
  await owner.call('PUT', `/nfc-nft/byTag/${chipId}`, { pendingTransactionData: data });
  const next = await checkTag();
  const nextCall = decodeFunctionData({
    abi: tagRelayerAbi,
    data: next.body.transactionDataToRelayer as Hex,
  });
  assert.notEqual(nextCall.args[4], scanIds[0]);
  const kinds = ((await owner.call('GET', `/nfc-nft/${id}/history`)).body.items as { kind: string }[]).map(
    (h) => h.kind,
  );
  assert.deepEqual(kinds, [
    'created',
    'pending-set',
    'authorized',
    'authorized',
    'pending-set',
    'authorized',
  ]);

  // a failed tap gets nothing
  const bad = await new Client(stack.url).call('POST', '/json/check-tag', { tag: chipId, auth: chip.at(1) });
  assert.deepEqual([bad.body.ok, bad.body.transactionDataToRelayer], [false, null]);
});
