import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { encodeFunctionData, parseEventLogs, type Address, type Hex, type PublicClient } from 'viem';
import { collectionAbi } from '@metatag/contracts';
import type { CheckParentReply } from '@metatag/events';
import { ANVIL_DEV_KEY_1 } from './in-process-stack.js';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newAdmin, newTemplate, provisionChip, SimulatedChip, superAdmin } from './testing/chips.fixture.js';
import {
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// Limited editions on chips (#18): attach a child token to a chip, check-parent against the chain,
// and the ledger's child/tag facts on the chip page (once per log).
const [FATHER_OWNER_KEY, VISITOR_KEY] = VISITOR_KEYS;

let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let stack: TestStack;
let chain: PublicClient;
let collection: Address;
let owner: Client;
let nftId: number;
const father = 7_001n;
let children: bigint[] = [];
const anonymous = () => new Client(stack.url);

interface Page {
  chiplink: { tokenToMint: string };
  token: { owner: string | null; locked: boolean };
  limited: { parentTokenId: string | null; connected: boolean; fatherChildren: number | null } | null;
}
const pageOf = async (chipId: string) =>
  (await anonymous().call('GET', `/json/nft-by-chiplink/${chipId}?type=chip`)).body as unknown as Page;

function wallet(key: Hex) {
  const w = fixture.wallet(key);
  return { address: w.address, send: (data: Hex, to: Address = collection) => w.send({ data, to }) };
}

const read = <T>(functionName: string, args: unknown[]) =>
  chain.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: functionName as 'ownerOf',
    args: args as [bigint],
  }) as Promise<T>;

before(async () => {
  // the collection is the relayer key's: its owner and minter (the chip's claim is a transfer it signs)
  fixture = await startChainOwnerStack({ name: 'Limited', symbol: 'LTD' });
  ({ secrets, stack, chain, collection, owner } = fixture);
  const relayer = wallet(ANVIL_DEV_KEY_1);
  nftId = await newTemplate(owner, collection.toLowerCase());

  // a father with limit 3 (the minter mints it to its owner), who mints two children with its wallet
  const fatherOwner = wallet(FATHER_OWNER_KEY);
  await relayer.send(
    encodeFunctionData({
      abi: collectionAbi,
      functionName: 'mintWithLimit',
      args: [fatherOwner.address as Address, father, 3n],
    }),
  );
  const minted = await fatherOwner.send(
    encodeFunctionData({ abi: collectionAbi, functionName: 'mintChildBatch', args: [father, 2n] }),
  );
  assert.equal(minted.status, 'success');
  children = parseEventLogs({ abi: collectionAbi, eventName: 'MintChild', logs: minted.logs }).map(
    (log) => (log.args as { child: bigint }).child,
  );
  assert.equal(children.length, 2);
});

after(async () => {
  await fixture?.stop();
});

test('attach refuses a bad body, a stranger, a chip not yours, a token that is no child', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(owner, nftId, chip);
  const body = {
    collection: collection.toLowerCase(),
    childTokenUid: children[0].toString(),
    nfcUid: chipId,
  };

  for (const bad of [
    { ...body, collection: '0x1234' },
    { ...body, childTokenUid: '-1' },
    { collection: body.collection, childTokenUid: body.childTokenUid },
  ]) {
    const res = await owner.call('POST', '/json/ganache/attach', bad);
    assert.equal(res.status, 400, JSON.stringify(res.body));
  }
  const stranger = await anonymous().call('POST', '/json/ganache/attach', body);
  assert.ok([401, 403].includes(stranger.status), `anonymous: ${stranger.status}`);

  const boss = await superAdmin(stack.url);
  const intruder = (await newAdmin(stack.url, boss)).client;
  const notYours = await intruder.call('POST', '/json/ganache/attach', body);
  assert.equal(notYours.status, 404, JSON.stringify(notYours.body));
  assert.equal(notYours.body.errorMessage, 'No chip of yours has this id or UID');

  const fatherItself = await owner.call('POST', '/json/ganache/attach', {
    ...body,
    childTokenUid: father.toString(),
  });
  assert.equal(fatherItself.status, 400, JSON.stringify(fatherItself.body));
  assert.equal(
    fatherItself.body.errorMessage,
    'This token is not a child token: only a child of a limited edition can be attached',
  );
  const missing = await owner.call('POST', '/json/ganache/attach', { ...body, childTokenUid: '999999' });
  assert.equal(missing.status, 404, JSON.stringify(missing.body));
  assert.equal(missing.body.errorMessage, 'This token does not exist');
  const otherCollection = await owner.call('POST', '/json/ganache/attach', {
    ...body,
    collection: '0x' + '12'.repeat(20),
  });
  assert.equal(otherCollection.status, 400, JSON.stringify(otherCollection.body));

  // nothing changed on the chip
  const page = await pageOf(chipId);
  assert.notEqual(page.chiplink.tokenToMint, children[0].toString());
});

test('attach: the chip shows the child and its father, the wallet connects it, a tap claims it; replays count once', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(owner, nftId, chip);
  const fatherOwner = wallet(FATHER_OWNER_KEY);
  const child = children[0];
  // named by the chip's UID in hex (with colons), as printed by a phone's NFC reader
  const uidHex = chip.uid.match(/../g)!.join(':').toLowerCase();
  const res = await owner.call('POST', '/json/ganache/attach', {
    collection: collection.toLowerCase(),
    childTokenUid: child.toString(),
    nfcUid: uidHex,
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.deepEqual(res.body, {
    ok: true,
    chipId,
    transaction: {
      to: collection.toLowerCase(),
      data: encodeFunctionData({ abi: collectionAbi, functionName: 'setConnectToTag', args: [child, true] }),
    },
  });
  const lookup = () => pageOf(chipId);
  const shown = await lookup();
  assert.equal(shown.chiplink.tokenToMint, child.toString(), 'the chip reports the child token');
  assert.equal(shown.token?.owner, fatherOwner.address);
  assert.equal(shown.limited?.parentTokenId, father.toString());
  assert.equal(shown.limited?.connected, false, 'not connected on chain yet');

  // the father's owner sends the call the reply gave; the ledger brings ConnectedToTag to the chip page
  const sent = await fatherOwner.send(res.body.transaction.data as Hex, res.body.transaction.to as Address);
  assert.equal(sent.status, 'success');
  assert.equal(await read<boolean>('connectedToTag', [child]), true);
  await until(
    lookup,
    (page) => page.limited?.connected === true && page.limited?.fatherChildren === 2,
    'connected',
  );

  // a tap claims the child: a transfer the relayer signs, sent by the visitor
  const visitor = wallet(VISITOR_KEY);
  const tap = (await anonymous().call('POST', '/json/check-tag', { tag: chipId, auth: chip.tap() })).body;
  assert.equal(tap.ok, true, JSON.stringify(tap));
  const claim = await anonymous().call(
    'GET',
    `/json/get-mint-data/${chipId}?to=${visitor.address}&isTransfer=true&authtoken=${tap.scanToken as string}`,
  );
  assert.equal(claim.body.ok, true, JSON.stringify(claim.body));
  assert.equal(claim.body.tokenid, child.toString());
  assert.equal((await visitor.send(claim.body.data as Hex)).status, 'success');
  assert.equal((await read<string>('ownerOf', [child])).toLowerCase(), visitor.address);

  // the ledger republishes everything (its cursors lost): nothing is counted twice, nothing flips back
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('DELETE FROM templates.ledger_cursors');
    await until(
      async () =>
        (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM templates.ledger_cursors')).rows[0].n,
      (n) => n > 0,
      'the ledger replayed',
    );
  } finally {
    await db.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const after = await lookup();
  assert.equal(after.limited?.fatherChildren, 2, 'each MintChild counted once');
  assert.equal(after.limited?.connected, true);
  assert.equal(after.token?.owner, visitor.address);
});

test('check-parent answers what the chain holds; a redeemed child is shown locked', async () => {
  const holder = wallet(FATHER_OWNER_KEY);
  // the father's owner redeems its second child: transfers disallowed (ERC-5192 Locked)
  const redeemed = await holder.send(
    encodeFunctionData({ abi: collectionAbi, functionName: 'disallowTokenTransfers', args: [children[1]] }),
  );
  assert.equal(redeemed.status, 'success');
  assert.equal(await read<boolean>('locked', [children[1]]), true, 'redeemed on chain');
  const path = `/json/ganache/check-parent/${collection}/${father}`;
  const head = await chain.getBlockNumber();
  const body = await until(
    async () => (await anonymous().call('GET', path)).body as unknown as CheckParentReply,
    (b) =>
      b.indexedBlock != null &&
      BigInt(b.indexedBlock) >= head &&
      b.children?.length === 2 &&
      b.children[1].locked,
    'indexed',
  );
  const [limit, minted, available, parentOwner] = await Promise.all([
    read<bigint>('limitPerUid', [father]),
    read<bigint>('mintedChildren', [father]),
    read<bigint>('availableChildren', [father]),
    read<string>('ownerOf', [father]),
  ]);
  assert.equal(body.parent?.limit, limit.toString());
  assert.equal(BigInt(body.minted), minted);
  assert.equal(body.available, available.toString());
  assert.equal(body.parent?.owner, parentOwner.toLowerCase());
  for (const [i, row] of body.children.entries()) {
    assert.equal(row.tokenId, children[i].toString());
    assert.equal(row.owner, (await read<string>('ownerOf', [children[i]])).toLowerCase());
    assert.equal(row.locked, await read<boolean>('locked', [children[i]]));
  }
  assert.equal(body.children[1].locked, true, 'the redeemed child');
  assert.equal(body.childOf, null, 'the father is no child');
  // check-parent of a child names its father (whoIsFather on chain) and answers the father's numbers
  const ofChild = (await anonymous().call('GET', `/json/ganache/check-parent/${collection}/${children[0]}`))
    .body as unknown as CheckParentReply;
  assert.deepEqual(ofChild.childOf, {
    tokenId: children[0].toString(),
    father: (await read<bigint>('whoIsFather', [children[0]])).toString(),
  });
  assert.equal(ofChild.parent?.tokenId, father.toString());
  assert.equal(ofChild.parent?.limit, limit.toString());
  assert.equal(ofChild.minted, body.minted);
  // a transfer of the redeemed child reverts
  const transfer = encodeFunctionData({
    abi: collectionAbi,
    functionName: 'transferFrom',
    args: [holder.address as Address, ('0x' + '34'.repeat(20)) as Address, children[1]],
  });
  await assert.rejects(
    chain.call({ account: holder.address as Address, to: collection, data: transfer }),
    /TokenLocked|revert/,
  );

  const bad = await anonymous().call('GET', `/json/ganache/check-parent/${collection}/abc`);
  assert.equal(bad.status, 400, JSON.stringify(bad.body));
  const badAddress = await anonymous().call('GET', `/json/ganache/check-parent/0x12/1`);
  assert.equal(badAddress.status, 400, JSON.stringify(badAddress.body));
  const unknown = await anonymous().call('GET', `/json/ganache/check-parent/${collection}/123456`);
  assert.equal(unknown.status, 200);
  assert.equal(unknown.body.parent, null);
  assert.equal(unknown.body.minted, 0);
});
