import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { decodeErrorResult, parseEther, toFunctionSelector, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi, phaseIdOf } from '@metatag/contracts';
import { MetaTagClient, walletStanding } from '@metatag/sdk';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// Issue #32 item 3: claim phases per template. Phases are set through the template API; a voucher is
// refused before the phase opens, after it ends, to a wallet off its allowlist and past its per-wallet
// cap, and the collection itself refuses what the server let through (a wallet holding two vouchers
// for a cap of one). Real stack: anvil, PostgreSQL, the relayer's minter key, software chips.
const refused = (reason: string) => ({ ok: false, errorMessage: 'cannot mint', reason });
const hour = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let stack: TestStack;
let collection: Address;
let owner: Client;
const anonymous = () => new Client(stack.url);

before(async () => {
  // a gasless claim is paid from the template owner's relayer balance
  fixture = await startChainOwnerStack({
    name: 'Phases',
    symbol: 'PHS',
    credit: parseEther('0.2'),
    env: { TX_RECEIPT_POLL_MS: '100' },
  });
  ({ secrets, stack, collection, owner } = fixture);
});
after(async () => {
  await fixture?.stop();
});

const phase = (over: Record<string, unknown> = {}) => ({
  id: 'main',
  name: 'Public sale',
  start: null,
  end: null,
  price: '',
  walletCap: 0,
  allowlist: [] as string[],
  ...over,
});

async function phased(phases: unknown[]): Promise<number> {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { claimPhases: phases });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return nftId;
}

async function chipOf(nftId: number): Promise<{ id: string; chip: SimulatedChip }> {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  return { id: await provisionChip(owner, nftId, chip), chip };
}

/** A fresh tap of a new chip of the template, asking for a voucher to `to`. */
async function voucherFor(nftId: number, to: string) {
  const { id, chip } = await chipOf(nftId);
  return anonymous().call('GET', `/json/get-mint-data/${id}?to=${to}&auth=${chip.tap()}`);
}

test('phases CRUD through the template API: set, read back, shown without addresses, bad ones refused, removed', async () => {
  const alice = fixture.wallet(VISITOR_KEYS[0]).address;
  const phases = [
    phase({
      id: 'presale',
      name: 'Presale',
      end: iso(hour),
      walletCap: 2,
      allowlist: [alice.toUpperCase().replace('0X', '0x')],
    }),
    phase({ id: 'public', name: 'Public', start: iso(hour), price: '0.001' }),
  ];
  const nftId = await phased(phases);
  const read = async () =>
    (
      (await owner.call('GET', '/json/ganache/nfts')).body.items as { id: number; claimPhases?: unknown[] }[]
    ).find((item) => item.id === nftId)?.claimPhases;
  const stored = (await read()) as { id: string; allowlist: string[] }[];
  assert.deepEqual(
    stored.map((p) => p.id),
    ['presale', 'public'],
  );
  assert.deepEqual(stored[0]?.allowlist, [alice], 'addresses are kept lower-case');
  const { id } = await chipOf(nftId);
  const page = await anonymous().call('GET', `/json/nft-by-chiplink/${id}?type=chip`);
  const shown = (page.body.nft as { claimPhases: Record<string, unknown>[] }).claimPhases;
  assert.equal(shown.length, 2);
  assert.equal(shown[0]?.allowlistOnly, true);
  assert.equal(shown[0]?.allowlistSize, 1);
  assert.equal(shown[0]?.walletCap, 2);
  assert.equal('allowlist' in (shown[0] ?? {}), false, 'the public page never gets the addresses');
  for (const bad of [
    [phase({ start: iso(hour), end: iso(0) })],
    [phase({ allowlist: ['0x12'] })],
    [phase(), phase()],
    Array.from({ length: 6 }, (_, i) => phase({ id: `p${i}` })),
    [phase({ walletCap: -1 })],
    [phase({ price: 'free' })],
    [{ ...phase(), extra: 1 }],
  ]) {
    const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { claimPhases: bad });
    assert.equal(res.status, 400, JSON.stringify(bad).slice(0, 200));
  }
  // another owner cannot change them
  const other = await anonymous().call('PUT', `/json/ganache/nft/${nftId}`, { claimPhases: [] });
  assert.ok(other.status === 401 || other.status === 403 || other.status === 404, String(other.status));
  const off = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { claimPhases: [] });
  assert.equal(off.status, 200);
  assert.deepEqual(await read(), []);
});

test('a voucher is refused before the phase opens and after every phase ended', async () => {
  const alice = fixture.wallet(VISITOR_KEYS[0]).address;
  const early = await phased([phase({ start: iso(2 * hour) })]);
  assert.deepEqual((await voucherFor(early, alice)).body, refused('phase_not_started'));
  const over = await phased([phase({ start: iso(-2 * hour), end: iso(-hour) })]);
  assert.deepEqual((await voucherFor(over, alice)).body, refused('phase_ended'));
});

test('allowlist: a listed wallet gets a voucher that mints on chain, others are refused', async () => {
  const alice = fixture.wallet(VISITOR_KEYS[0]);
  const bob = fixture.wallet(VISITOR_KEYS[1]);
  const others = Array.from({ length: 20 }, () => privateKeyToAccount(generatePrivateKey()).address);
  const nftId = await phased([phase({ allowlist: [...others, alice.address] })]);
  assert.deepEqual((await voucherFor(nftId, bob.address)).body, refused('not_allowlisted'));
  const ok = await voucherFor(nftId, alice.address);
  assert.equal(ok.body.ok, true, JSON.stringify(ok.body));
  const mined = await alice.send({ data: ok.body.data as Hex, value: BigInt(ok.body.value as string) });
  assert.equal(mined.status, 'success');
  const holder = await fixture.chain.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'ownerOf',
    args: [BigInt(ok.body.tokenid as string)],
  });
  assert.equal(holder.toLowerCase(), alice.address);
  // the voucher alice got cannot be used for bob: the proof is alice's and the chain checks `to`
  const forged = (ok.body.data as string).replace(alice.address.slice(2), bob.address.slice(2)) as Hex;
  const stolen = await bob.send({ data: forged });
  assert.equal(stolen.status, 'reverted');
});

test('per-wallet cap: the server refuses past the cap, and the collection refuses a second voucher held back', async () => {
  const alice = fixture.wallet(VISITOR_KEYS[1]);
  const nftId = await phased([phase({ id: 'capped', walletCap: 1, price: '0.001' })]);
  // a price is paid only with a payout address (spec section 4): the phase's price goes there
  const payout = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const set = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { payoutAddress: payout });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  // two vouchers asked for before either is sent: the server sees no mint yet and signs both
  const first = await voucherFor(nftId, alice.address);
  const second = await voucherFor(nftId, alice.address);
  assert.equal(first.body.ok, true, JSON.stringify(first.body));
  assert.equal(second.body.ok, true, JSON.stringify(second.body));
  assert.equal(first.body.value, parseEther('0.001').toString(), "the phase's own price");
  const mined = await alice.send({ data: first.body.data as Hex, value: BigInt(first.body.value as string) });
  assert.equal(mined.status, 'success');
  assert.equal(await fixture.chain.getBalance({ address: payout as Address }), parseEther('0.001'));
  const counted = await fixture.chain.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'phaseMinted',
    args: [phaseIdOf(nftId, 'capped'), alice.account.address],
  });
  assert.equal(counted, 1n);
  // the chain refuses the second: the cap is the collection's, not only the server's
  const reverted = await fixture.chain
    .call({
      account: alice.account.address,
      to: collection,
      data: second.body.data as Hex,
      value: BigInt(second.body.value as string),
    })
    .then(
      () => undefined,
      (error: { walk: (f: (e: unknown) => boolean) => { data?: Hex } | null }) =>
        error.walk((e) => typeof (e as { data?: unknown }).data === 'string')?.data,
    );
  assert.ok(reverted, 'the second voucher reverts');
  assert.equal(decodeErrorResult({ abi: collectionAbi, data: reverted }).errorName, 'WalletCapReached');
  // and the server now names the reason before any wallet is asked
  assert.deepEqual((await voucherFor(nftId, alice.address)).body, refused('wallet_cap_reached'));
});

test("the SDK's walletStanding reads 'You minted N of M' from the collection, as the chip page does", async () => {
  const alice = fixture.wallet(VISITOR_KEYS[0]);
  const bob = privateKeyToAccount(generatePrivateKey()).address;
  const nftId = await phased([phase({ id: 'two', name: 'Drop', walletCap: 2 })]);
  const { id } = await chipOf(nftId);
  const sdk = new MetaTagClient({ baseUrl: stack.url, validateReplies: true });
  const lookup = await sdk.call('nftByChiplink', { params: { id }, query: { type: 'chip' } });
  const before = await walletStanding(fixture.chain, lookup, alice.address);
  assert.equal(before?.phase.name, 'Drop');
  assert.deepEqual(
    { minted: before?.minted, cap: before?.cap, remaining: before?.remaining, text: before?.text },
    { minted: 0, cap: 2, remaining: 2, text: 'You minted 0 of 2' },
  );
  const voucher = await voucherFor(nftId, alice.address);
  assert.equal(voucher.body.ok, true, JSON.stringify(voucher.body));
  const sent = await alice.send({
    data: voucher.body.data as Hex,
    value: BigInt(voucher.body.value as string),
  });
  assert.equal(sent.status, 'success');
  const after = await walletStanding(fixture.chain, lookup, alice.address);
  assert.deepEqual(
    { minted: after?.minted, remaining: after?.remaining, text: after?.text },
    { minted: 1, remaining: 1, text: 'You minted 1 of 2' },
  );
  // the count is the wallet's own: another wallet has minted nothing in the phase
  assert.equal((await walletStanding(fixture.chain, lookup, bob))?.minted, 0);
  // no capped phase open (here: every phase over) → nothing to count
  const over = await phased([phase({ walletCap: 2, start: iso(-2 * hour), end: iso(-hour) })]);
  const overLookup = await sdk.call('nftByChiplink', {
    params: { id: (await chipOf(over)).id },
    query: { type: 'chip' },
  });
  assert.equal(await walletStanding(fixture.chain, overLookup, alice.address), undefined);
  await assert.rejects(walletStanding(fixture.chain, lookup, '0x12'), /not an address/);
});

test('a template without phases is unchanged: a plain voucher (mintSigned)', async () => {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const res = await voucherFor(nftId, fixture.wallet(VISITOR_KEYS[0]).address);
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  assert.equal(
    (res.body.data as string).slice(0, 10),
    toFunctionSelector('mintSigned(uint8,bytes32,bytes32,address,uint256,uint256,address,bool,uint256)'),
  );
});

test('a gasless claim mints through the phase: allowlist and per-wallet cap enforced by the collection', async () => {
  const alice = fixture.wallet(VISITOR_KEYS[0]).address;
  const bob = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const nftId = await phased([phase({ id: 'free', walletCap: 1, allowlist: [alice] })]);
  // one field per edit (spec section 7)
  for (const field of [{ gasPaidBy: 'owner' }, { isMultiMintEnabledchip: true }]) {
    const set = await owner.call('PUT', `/json/ganache/nft/${nftId}`, field);
    assert.equal(set.status, 200, JSON.stringify(set.body));
  }
  const { id, chip } = await chipOf(nftId);
  /** A fresh tap's scan token, then the gasless claim to `to` (nothing sent from the visitor). */
  const claim = async (to: string) => {
    const tap = await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
    assert.equal(tap.status, 200, JSON.stringify(tap.body));
    return anonymous().call(
      'POST',
      `/json/claim-gasless/${id}`,
      { to },
      { 'x-metatag-scan-token': tap.body.scanToken as string },
    );
  };
  assert.deepEqual((await claim(bob)).body, refused('not_allowlisted'));
  const ok = await claim(alice);
  assert.equal(ok.body.ok, true, JSON.stringify(ok.body));
  const tokenId = BigInt(ok.body.tokenid as string);
  await until(
    () =>
      fixture.chain
        .readContract({ address: collection, abi: collectionAbi, functionName: 'ownerOf', args: [tokenId] })
        .then((a) => a.toLowerCase())
        .catch(() => null),
    (holder) => holder === alice,
    "the relayer's phased mint",
  );
  // the relayer minted through the phase: the collection counted alice's mint under its cap
  const counted = await fixture.chain.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'phaseMinted',
    args: [phaseIdOf(nftId, 'free'), alice as Address],
  });
  assert.equal(counted, 1n);
  assert.deepEqual((await claim(alice)).body, refused('wallet_cap_reached'));

  // a phase with a price of its own is not free (with a payout address to be paid to: spec section 4):
  // the visitor's wallet pays it, never the owner
  const payout = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  for (const field of [{ payoutAddress: payout }, { claimPhases: [phase({ id: 'paid', price: '0.001' })] }]) {
    const priced = await owner.call('PUT', `/json/ganache/nft/${nftId}`, field);
    assert.equal(priced.status, 200, JSON.stringify(priced.body));
  }
  assert.deepEqual((await claim(bob)).body, { ok: false, errorMessage: 'cannot mint' });
});
