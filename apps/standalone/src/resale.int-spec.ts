import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { encodeFunctionData, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { resaleCancelMessage } from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';
import { ShiftedClock } from './testing/owner-proof.fixture.js';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newAdmin, newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
  type ChainWallet,
} from './testing/chain-owner.fixture.js';

// Issue #32 item 2, resale by the chip: a template's resale setting lets the holder of a verified tap
// claim the chip's token from its owner after a wait, unless the owner locks it. Real stack (anvil,
// PostgreSQL, the relayer), software chips; the services' clock is shifted instead of sleeping.
const clock = new ShiftedClock();
const HOUR = 3600;

let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let stack: TestStack;
let collection: Address;
let owner: Client;
let alice: ChainWallet;
let bob: ChainWallet;
const anonymous = () => new Client(stack.url);
const wait = (seconds: number) => clock.advance(seconds * 1000);

before(async () => {
  fixture = await startChainOwnerStack({ name: 'Resale', symbol: 'RSL', clock, credit: parseEther('0.05') });
  ({ secrets, stack, collection, owner } = fixture);
  alice = fixture.wallet(VISITOR_KEYS[0]);
  bob = fixture.wallet(VISITOR_KEYS[1]);
});
after(async () => {
  await fixture?.stop();
});

async function template(fields: Record<string, unknown>, client = owner): Promise<number> {
  const nftId = await newTemplate(client, client === owner ? collection.toLowerCase() : '');
  for (const [field, value] of Object.entries(fields)) {
    const res = await client.call('PUT', `/json/ganache/nft/${nftId}`, { [field]: value });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  return nftId;
}

interface Chip {
  id: string;
  chip: SimulatedChip;
}

async function chipOf(nftId: number, client = owner): Promise<Chip> {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  return { id: await provisionChip(client, nftId, chip), chip };
}

/** A verified tap of the chip (the page's check-tag): its scan token and continuation credential. */
async function tap({ id, chip }: Chip): Promise<{ scanToken: string; continuation: string }> {
  const res = await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  return { scanToken: res.body.scanToken as string, continuation: res.body.continuation as string };
}

const resale = (id: string, body: Record<string, unknown>, scanToken?: string) =>
  anonymous().call(
    'POST',
    `/json/resale/${id}`,
    body,
    scanToken ? { 'x-metatag-scan-token': scanToken } : undefined,
  );
const status = async (id: string) => (await anonymous().call('GET', `/json/resale/${id}`)).body;

const ownerOf = async (tokenId: string) =>
  (
    await fixture.chain.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    })
  ).toLowerCase();

/** Alice taps and mints the chip's token with her wallet: its id. */
async function mintToAlice(c: Chip): Promise<string> {
  const { scanToken } = await tap(c);
  const res = await anonymous().call('GET', `/json/get-mint-data/${c.id}?to=${alice.address}`, undefined, {
    'x-metatag-scan-token': scanToken,
  });
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  const receipt = await alice.send({ data: res.body.data as Hex, value: BigInt(res.body.value as string) });
  assert.equal(receipt.status, 'success');
  const tokenId = res.body.tokenid as string;
  assert.equal(await ownerOf(tokenId), alice.address);
  return tokenId;
}

async function cancelBody(wallet: ChainWallet, id: string, timestamp = clock.now().getTime()) {
  const signature = await wallet.account.signMessage({ message: resaleCancelMessage(id, timestamp) });
  return { action: 'cancel', address: wallet.address, signature, timestamp };
}

test('the setting: bounded, off by default, shown on the chip page and the resale status', async () => {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const c = await chipOf(nftId);
  assert.deepEqual(await status(c.id), { enabled: false, waitSeconds: null, gasPaidBy: null, claim: null });
  for (const bad of [
    { waitSeconds: 9, gasPaidBy: 'visitor' },
    { waitSeconds: 30 * 24 * HOUR + 1, gasPaidBy: 'visitor' },
    { waitSeconds: 60, gasPaidBy: 'nobody' },
    { waitSeconds: 60.5, gasPaidBy: 'owner' },
    { waitSeconds: 60 },
    'on',
  ]) {
    const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { resale: bad });
    assert.equal(res.status, 400, JSON.stringify(bad));
  }
  const setting = { waitSeconds: 2 * HOUR, gasPaidBy: 'visitor' };
  assert.equal((await owner.call('PUT', `/json/ganache/nft/${nftId}`, { resale: setting })).status, 200);
  const page = await anonymous().call('GET', `/json/nft-by-chiplink/${c.id}?type=chip`);
  assert.deepEqual((page.body.nft as { resale: unknown }).resale, setting);
  assert.deepEqual(await status(c.id), {
    enabled: true,
    waitSeconds: 2 * HOUR,
    gasPaidBy: 'visitor',
    claim: null,
  });
  // a claim that is off answers so: nothing is opened, no tap is needed to learn it
  const off = await template({});
  const offChip = await chipOf(off);
  const refused = await resale(
    offChip.id,
    { action: 'open', to: bob.address },
    (await tap(offChip)).scanToken,
  );
  assert.deepEqual(refused.body, {
    ok: false,
    errorMessage: 'This item cannot be resold by tapping its chip',
    reason: 'resale_off',
  });
  assert.equal((await resale(c.id, { action: 'open' })).status, 400, 'no wallet');
  assert.equal((await resale(c.id, { action: 'sell', to: bob.address })).status, 400, 'no such action');
  assert.equal((await resale(c.id, { action: 'cancel', address: bob.address })).status, 400, 'no signature');
  assert.equal((await anonymous().call('GET', '/json/resale/nope-nope')).status, 404);
});

test('a tap opens a claim; refused before the wait, with a harvested URL and its continuation; after the wait a later tap moves the token to the new holder', async () => {
  const nftId = await template({ resale: { waitSeconds: 6 * HOUR, gasPaidBy: 'visitor' } });
  const c = await chipOf(nftId);
  const tokenId = await mintToAlice(c);

  // the spec's immediate 'Claim Ownership' would skip the owner's veto: a resale template refuses it
  const quick = await anonymous().call(
    'GET',
    `/json/get-mint-data/${c.id}?to=${bob.address}&isTransfer=true`,
    undefined,
    { 'x-metatag-scan-token': (await tap(c)).scanToken },
  );
  assert.deepEqual(quick.body, { ok: false, errorMessage: 'cannot mint' });

  // Bob's tap (one URL: a visitor on the shop floor, or a harvested one) opens the claim
  const harvested = await tap(c);
  const opened = await resale(c.id, { action: 'open', to: bob.address }, harvested.scanToken);
  assert.equal(opened.body.ok, true, JSON.stringify(opened.body));
  const claim = opened.body.claim as { status: string; openedAt: string; dueAt: string };
  assert.equal(claim.status, 'pending');
  assert.equal(Date.parse(claim.dueAt) - Date.parse(claim.openedAt), 6 * HOUR * 1000);
  // the same wallet asking again keeps its claim; another one is told a claim is pending
  const again = await resale(c.id, { action: 'open', to: bob.address }, harvested.scanToken);
  assert.deepEqual(again.body, opened.body);
  const carol = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const other = await resale(c.id, { action: 'open', to: carol }, (await tap(c)).scanToken);
  assert.equal(other.body.reason, 'claim_pending');
  // Alice's page learns when it moves, never who asked
  const shown = await status(c.id);
  assert.equal((shown.claim as { dueAt: string }).dueAt, claim.dueAt);
  assert.ok(!JSON.stringify(shown).includes(bob.address.slice(2)), 'the claimant is not shown');

  // before the wait is over: refused, even with a new tap
  wait(HOUR);
  const early = await resale(c.id, { action: 'complete', to: bob.address }, (await tap(c)).scanToken);
  assert.deepEqual(early.body, {
    ok: false,
    errorMessage: 'The waiting period is not over yet',
    reason: 'waiting',
  });

  // after the wait a tap from before it, the harvested URL's continuation, the same SUN message: no
  wait(5 * HOUR + 60);
  const stale = await tap(c); // read now, but its token is
  const before = await resale(c.id, { action: 'complete', to: bob.address }, harvested.scanToken);
  assert.equal(before.body.reason, 'tap_needed', 'the opening tap, superseded anyway');
  const continued = await anonymous().call('POST', '/json/check-tag/continue', {
    tag: c.id,
    c: harvested.continuation,
  });
  if (continued.body.ok === true) {
    const replay = await resale(
      c.id,
      { action: 'complete', to: bob.address },
      continued.body.scanToken as string,
    );
    assert.equal(replay.body.reason, 'tap_needed', "the opening tap's continuation");
  }
  const url = c.chip.tap();
  assert.equal((await anonymous().call('POST', '/json/check-tag', { tag: c.id, auth: url })).body.ok, true);
  const replayed = await resale(c.id, { action: 'complete', to: bob.address, auth: url });
  assert.equal(replayed.body.reason, 'tap_needed', 'a SUN message already read');
  // someone else cannot complete Bob's claim, even with a fresh tap
  const foreign = await resale(c.id, { action: 'complete', to: carol }, (await tap(c)).scanToken);
  assert.equal(foreign.body.reason, 'no_claim');
  void stale;

  // Bob's later tap after the wait: the signed transfer, which his wallet sends
  const done = await resale(c.id, { action: 'complete', to: bob.address }, (await tap(c)).scanToken);
  assert.equal(done.body.ok, true, JSON.stringify(done.body));
  const transfer = done.body.transfer as { data: Hex; value: string; tokenid: string };
  assert.equal(transfer.tokenid, tokenId);
  const receipt = await bob.send({ data: transfer.data, value: BigInt(transfer.value) });
  assert.equal(receipt.status, 'success');
  assert.equal(await ownerOf(tokenId), bob.address, 'ownerOf = the new holder');
  await until(
    () => status(c.id),
    (s) => (s.claim as { status: string }).status === 'completed',
    'the claim completes',
  );
});

test('the lock is the owner’s veto: a token locked at the end of the wait fails the claim with the reason', async () => {
  const nftId = await template({ resale: { waitSeconds: HOUR, gasPaidBy: 'visitor' } });
  const c = await chipOf(nftId);
  const tokenId = await mintToAlice(c);
  const opened = await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken);
  assert.equal(opened.body.ok, true, JSON.stringify(opened.body));
  // Alice locks on chain (the page's Lock: her own transaction)
  const lock = await alice.send({
    data: encodeFunctionData({
      abi: collectionAbi,
      functionName: 'disallowTokenTransfers',
      args: [BigInt(tokenId)],
    }),
  });
  assert.equal(lock.status, 'success');
  wait(HOUR + 1);
  const failed = await resale(c.id, { action: 'complete', to: bob.address }, (await tap(c)).scanToken);
  assert.deepEqual(failed.body, {
    ok: false,
    errorMessage: 'The owner has locked this item, so the resale claim failed',
    reason: 'locked',
  });
  const shown = (await status(c.id)).claim as { status: string; reason: string };
  assert.deepEqual(
    [shown.status, shown.reason],
    ['failed', 'The owner has locked this item, so the resale claim failed'],
  );
  assert.equal(await ownerOf(tokenId), alice.address);
  // a locked token cannot even be asked for
  const locked = await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken);
  assert.equal(locked.body.reason, 'locked');
});

test('a newer tap by the owner’s own wallet cancels the claim; claims per chip are capped', async () => {
  const nftId = await template({ resale: { waitSeconds: HOUR, gasPaidBy: 'visitor' } });
  const c = await chipOf(nftId);
  await mintToAlice(c);
  const opened = await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken);
  assert.equal(opened.body.ok, true);
  // Bob cannot cancel (not the owner), nor Alice with a signature but no newer tap (the opening token)
  const token = (await tap(c)).scanToken;
  assert.equal((await resale(c.id, await cancelBody(bob, c.id), token)).body.reason, 'not_owner');
  const stale = await cancelBody(alice, c.id, clock.now().getTime() - 6 * 60_000);
  assert.equal((await resale(c.id, stale, token)).body.reason, 'not_owner', 'an old signature');
  const cancelled = await resale(c.id, await cancelBody(alice, c.id), token);
  assert.equal(cancelled.body.ok, true, JSON.stringify(cancelled.body));
  assert.equal((cancelled.body.claim as { status: string }).status, 'cancelled');
  assert.equal(((await status(c.id)).claim as { status: string }).status, 'cancelled');
  assert.equal(
    (await resale(c.id, { action: 'complete', to: bob.address }, (await tap(c)).scanToken)).body.reason,
    'no_claim',
  );
  // two more claims today (cancelled and failed ones count), then 429
  for (let i = 0; i < 2; i++) {
    assert.equal(
      (await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken)).body.ok,
      true,
    );
    const t = (await tap(c)).scanToken;
    assert.equal((await resale(c.id, await cancelBody(alice, c.id), t)).body.ok, true);
  }
  const capped = await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken);
  assert.equal(capped.status, 429);
  assert.equal(capped.body.errorMessage, 'Too many resale claims for this chip today. Try again tomorrow');
  wait(24 * HOUR + 1);
  assert.equal(
    (await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken)).body.ok,
    true,
  );
});

test('gasless: the relayer sends the signed transfer, paid from the owner’s relayer balance, to a wallet with 0 ETH', async () => {
  const nftId = await template({ resale: { waitSeconds: 30 * 60, gasPaidBy: 'owner' } });
  const c = await chipOf(nftId);
  const tokenId = await mintToAlice(c);
  const newcomer = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const balance = async () =>
    (await owner.call('GET', '/json/ledger?limit=500')).body as {
      item: string;
      held: string;
      items: { kind: string; reference: string | null }[];
    };
  const before = await balance();
  assert.equal(
    (await resale(c.id, { action: 'open', to: newcomer }, (await tap(c)).scanToken)).body.ok,
    true,
  );
  wait(30 * 60 + 1);
  const done = await resale(c.id, { action: 'complete', to: newcomer }, (await tap(c)).scanToken);
  assert.equal(done.body.ok, true, JSON.stringify(done.body));
  assert.ok(done.body.relayed, JSON.stringify(done.body));
  await until(
    () => ownerOf(tokenId),
    (holder) => holder === newcomer,
    'the relayed transfer on chain',
  );
  // the fee was reserved and settled in the owner's ledger under the resale's kind, like a gasless mint's
  const after = await until(
    balance,
    (l) =>
      l.held === '0' && l.items.some((e) => e.kind === 'settlement' && e.reference?.startsWith('resale-')),
    "the resale's settlement in the owner's ledger",
  );
  assert.ok(BigInt(after.item) < BigInt(before.item), "the owner's relayer balance paid the gas");
});

test('another tenant cannot touch it: its chip’s tap is no proof, its owner no veto', async () => {
  const nftId = await template({ resale: { waitSeconds: HOUR, gasPaidBy: 'visitor' } });
  const c = await chipOf(nftId);
  await mintToAlice(c);
  const { client: stranger } = await newAdmin(stack.url, fixture.boss);
  const theirs = await template({ resale: { waitSeconds: HOUR, gasPaidBy: 'owner' } }, stranger);
  const theirChip = await chipOf(theirs, stranger);
  const foreignTap = (await tap(theirChip)).scanToken;
  const opened = await resale(c.id, { action: 'open', to: bob.address }, foreignTap);
  assert.equal(opened.body.ok, false, JSON.stringify(opened.body));
  assert.equal(opened.body.reason, 'tap_needed');
  assert.equal((await status(c.id)).claim, null, 'nothing opened');
  // a real claim on our chip cannot be cancelled by a tap of theirs, nor by anyone but the owner
  assert.equal(
    (await resale(c.id, { action: 'open', to: bob.address }, (await tap(c)).scanToken)).body.ok,
    true,
  );
  const cancel = await resale(c.id, await cancelBody(alice, c.id), (await tap(theirChip)).scanToken);
  assert.equal(cancel.body.reason, 'tap_needed');
  assert.equal(((await status(c.id)).claim as { status: string }).status, 'pending');
});
