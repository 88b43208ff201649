import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import { ShiftedClock } from './testing/owner-proof.fixture.js';
import { Client, type TestStack } from './testing/stack.fixture.js';
import { newTemplate, provisionChip, SimulatedChip } from './testing/chips.fixture.js';
import {
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// Issue #32 item 4: a two-tap template's chip claims only when its tap follows an earlier verified tap
// of the same chip at least minSeconds and at most maxMinutes before it. Real stack (anvil, PostgreSQL,
// the relayer), software chips; the clock the services read is shifted instead of sleeping (scan rows
// are stamped with it).
const clock = new ShiftedClock();
const RULE = { minSeconds: 5, maxMinutes: 2 };
const refused = (reason: string) => ({ ok: false, errorMessage: 'cannot mint', reason });

let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let stack: TestStack;
let collection: Address;
let owner: Client;
const anonymous = () => new Client(stack.url);

before(async () => {
  fixture = await startChainOwnerStack({ name: 'Two Tap', symbol: 'TWO', clock, credit: parseEther('0.05') });
  ({ secrets, stack, collection, owner } = fixture);
});
after(async () => {
  await fixture?.stop();
});

async function template(fields: Record<string, unknown>): Promise<number> {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  for (const [field, value] of Object.entries(fields)) {
    const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { [field]: value });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  }
  return nftId;
}

async function chipOf(nftId: number): Promise<{ id: string; chip: SimulatedChip }> {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  return { id: await provisionChip(owner, nftId, chip), chip };
}

/** A verified tap of the chip (the page's check-tag): its scan token. */
async function tap(id: string, chip: SimulatedChip): Promise<string> {
  const res = await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  return res.body.scanToken as string;
}

const mintData = (id: string, to: string, token: string, extra = '') =>
  anonymous().call('GET', `/json/get-mint-data/${id}?to=${to}&authtoken=${token}${extra}`);

const wait = (seconds: number) => clock.advance(seconds * 1000);

test('the setting: bounded, off by default, shown on the public page', async () => {
  const nftId = await newTemplate(owner, collection.toLowerCase());
  const read = async (): Promise<{ twoTap?: unknown }> => {
    const list = (await owner.call('GET', '/json/ganache/nfts')).body.items as {
      id: number;
      twoTap?: unknown;
    }[];
    return list.find((item) => item.id === nftId) ?? {};
  };
  assert.equal((await read()).twoTap, null, 'off by default');
  for (const bad of [
    { minSeconds: 1, maxMinutes: 2 },
    { minSeconds: 601, maxMinutes: 60 },
    { minSeconds: 5, maxMinutes: 0 },
    { minSeconds: 5, maxMinutes: 61 },
    { minSeconds: 120, maxMinutes: 2 },
    { minSeconds: 5 },
    { minSeconds: 5.5, maxMinutes: 2 },
    'on',
  ]) {
    const res = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { twoTap: bad });
    assert.equal(res.status, 400, JSON.stringify(bad));
    assert.equal(res.body.errorMessage, 'Invalid value', JSON.stringify(res.body));
  }
  const set = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { twoTap: RULE });
  assert.equal(set.status, 200, JSON.stringify(set.body));
  assert.deepEqual((await read()).twoTap, RULE);
  const { id } = await chipOf(nftId);
  const page = await anonymous().call('GET', `/json/nft-by-chiplink/${id}?type=chip`);
  assert.deepEqual((page.body.nft as { twoTap: unknown }).twoTap, RULE, 'the chip page learns the window');
  const off = await owner.call('PUT', `/json/ganache/nft/${nftId}`, { twoTap: null });
  assert.equal(off.status, 200, JSON.stringify(off.body));
  assert.equal((await read()).twoTap, null);
});

test('one tap, taps too close, too far apart and another chip’s taps are refused with the reason; two taps in the window get a voucher that mints', async () => {
  const nftId = await template({ twoTap: RULE });
  const { id, chip } = await chipOf(nftId);
  const other = await chipOf(nftId);
  const alice = fixture.wallet(VISITOR_KEYS[0]);

  // a single tap (a drive-by, or one harvested URL) never claims, by scan token or by its SUN message
  assert.deepEqual(
    (await mintData(id, alice.address, await tap(id, chip))).body,
    refused('second_tap_needed'),
  );
  const single = await anonymous().call(
    'GET',
    `/json/get-mint-data/${other.id}?to=${alice.address}&auth=${other.chip.tap()}`,
  );
  assert.deepEqual(single.body, refused('second_tap_needed'), 'a fresh SUN message alone');

  // the second tap 4 s after the first: too soon
  wait(4);
  assert.deepEqual(
    (await mintData(id, alice.address, await tap(id, chip))).body,
    refused('second_tap_too_soon'),
  );
  // a tap of another chip of the same template 10 s earlier (the SUN tap above) is not this chip's first
  const stranger = await chipOf(nftId);
  wait(6);
  assert.deepEqual(
    (await mintData(stranger.id, alice.address, await tap(stranger.id, stranger.chip))).body,
    refused('second_tap_needed'),
    "another chip's tap is not this chip's first",
  );

  // the other chip's second tap, 30 s after its first: its own pair, in the window
  wait(14);
  const otherToken = await tap(other.id, other.chip);
  assert.equal((await mintData(other.id, alice.address, otherToken)).body.ok, true, 'the other chip: 30 s');
  wait(1);
  // 21 s after this chip's previous tap: in the window, whatever other chips did meanwhile
  const ok = await mintData(id, alice.address, await tap(id, chip));
  assert.equal(ok.body.ok, true, JSON.stringify(ok.body));
  const receipt = await alice.send({ data: ok.body.data as Hex, value: BigInt(ok.body.value as string) });
  assert.equal(receipt.status, 'success');
  const tokenId = BigInt(ok.body.tokenid as string);
  const holder = await fixture.chain.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'ownerOf',
    args: [tokenId],
  });
  assert.equal(holder.toLowerCase(), alice.address);

  // the claim (a transfer to a new holder) needs two taps as well; too far apart is refused
  const bob = fixture.wallet(VISITOR_KEYS[1]);
  wait(2 * 60 + 1);
  const late = await tap(id, chip);
  assert.deepEqual(
    (await mintData(id, bob.address, late, '&isTransfer=true')).body,
    refused('second_tap_too_late'),
  );
  wait(6);
  const claim = await mintData(id, bob.address, await tap(id, chip), '&isTransfer=true');
  assert.equal(claim.body.ok, true, JSON.stringify(claim.body));
});

test('a template without two-tap is unchanged: one tap gets a voucher', async () => {
  const nftId = await template({});
  const { id, chip } = await chipOf(nftId);
  const alice = fixture.wallet(VISITOR_KEYS[0]);
  const res = await mintData(id, alice.address, await tap(id, chip));
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
});

test('gasless: one tap is refused with the reason, the second in the window mints to a wallet with 0 ETH', async () => {
  const nftId = await template({ gasPaidBy: 'owner', twoTap: RULE });
  const { id, chip } = await chipOf(nftId);
  const visitor = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
  const claim = (token: string) =>
    anonymous().call('POST', `/json/claim-gasless/${id}`, { to: visitor }, { 'x-metatag-scan-token': token });
  const first = await claim(await tap(id, chip));
  assert.equal(first.status, 200);
  assert.deepEqual(first.body, refused('second_tap_needed'));
  wait(10);
  const second = await claim(await tap(id, chip));
  assert.equal(second.body.ok, true, JSON.stringify(second.body));
  const holderOf = async () => {
    try {
      return (
        await fixture.chain.readContract({
          address: collection,
          abi: collectionAbi,
          functionName: 'ownerOf',
          args: [BigInt(second.body.tokenid as string)],
        })
      ).toLowerCase();
    } catch {
      return null;
    }
  };
  await until(holderOf, (holder) => holder === visitor, 'the gasless mint on chain');
});
