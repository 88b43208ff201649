import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import { createWalletClient, http, type Address, type Hex, type PublicClient } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { collectionAbi } from '@metatag/contracts';
import type { AnvilHandle } from '@metatag/contracts/node';
import { lockMessage } from '@metatag/api-types';
import { LIMITED_VOUCHER_TTL_S, TEMPLATE_CACHE_MS } from '@metatag/chiplinks';
import { ShiftedClock } from './testing/owner-proof.fixture.js';
import { credit } from './testing/sign-in.fixture.js';
import { Client, withoutTrace, type TestStack } from './testing/stack.fixture.js';
import { newAdmin, newTemplate, provisionChip, SimulatedChip, superAdmin } from './testing/chips.fixture.js';
import {
  DEPLOYER_KEY,
  startChainOwnerStack,
  until,
  VISITOR_KEYS,
  type ChainOwnerStack,
} from './testing/chain-owner.fixture.js';

// Mint data, claim and lock against a real anvil: a collection whose owner and minter is the relayer's
// key, vouchers signed by the relayer service, and visitors' wallets that send them.
// real time plus what the tests add: vouchers' deadlines are checked by the chain's (real) clock
const clock = new ShiftedClock();
let fixture: ChainOwnerStack;
let secrets: Record<string, string>;
let anvil: AnvilHandle;
let stack: TestStack;
let chain: PublicClient;
let collection: Address;
let owner: Client;
let ownerId: number;
let nftId: number;
const anonymous = () => new Client(stack.url);

interface Visitor {
  account: PrivateKeyAccount;
  address: string;
  send(data: string, value: string, to?: Address): Promise<'success' | 'reverted'>;
}

function visitor(key: Hex): Visitor {
  const wallet = fixture.wallet(key);
  return {
    account: wallet.account,
    address: wallet.address,
    async send(data, value, to = collection) {
      return (await wallet.send({ data: data as Hex, value: BigInt(value), to, gas: 500_000n })).status;
    },
  };
}

/** The mints the admin tables show: a template's row, and its chips' and links' rows. */
async function tableCounts(template: number): Promise<{ template: number; rows: Map<string, number> }> {
  const nfts = await owner.call('GET', '/json/ganache/nfts');
  const row = (nfts.body.items as { id: number; mints: number }[]).find((item) => item.id === template);
  const rows = new Map<string, number>();
  for (const type of ['chip', 'link'] as const) {
    const list = await owner.call('GET', `/json/qrlink/${type}/${template}`);
    for (const item of (list.body.items ?? []) as { id: string; mints: number }[])
      rows.set(item.id, item.mints);
  }
  return { template: row?.mints ?? -1, rows };
}

/**
 * Waits until the admin tables show these counts (the mint ledger follows the chain index, which
 * lags the chain by a moment), then checks that they stay (nothing counted twice).
 */
async function untilCounts(
  template: number,
  expected: { template: number; link?: [string, number]; chip?: [string, number] },
): Promise<void> {
  const matches = (seen: Awaited<ReturnType<typeof tableCounts>>) =>
    seen.template === expected.template &&
    [expected.link, expected.chip].every((pair) => !pair || seen.rows.get(pair[0]) === pair[1]);
  const deadline = Date.now() + 30_000;
  let seen = await tableCounts(template);
  while (!matches(seen) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    seen = await tableCounts(template);
  }
  assert.ok(
    matches(seen),
    `counts ${JSON.stringify({ ...seen, rows: [...seen.rows] })}, want ${JSON.stringify(expected)}`,
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  seen = await tableCounts(template);
  assert.ok(matches(seen), `counted again: ${JSON.stringify({ ...seen, rows: [...seen.rows] })}`);
}

const ownerOf = async (tokenId: string) =>
  (
    await chain.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'ownerOf',
      args: [BigInt(tokenId)],
    })
  ).toLowerCase();

before(async () => {
  fixture = await startChainOwnerStack({ name: 'Chips', symbol: 'CHP', clock });
  ({ secrets, anvil, stack, chain, collection, owner, ownerId } = fixture);
  nftId = await newTemplate(owner, collection.toLowerCase());
});

test("no template can be pointed at another user's collection (its vouchers would mint there)", async () => {
  const boss = await superAdmin(stack.url);
  const intruder = (await newAdmin(stack.url, boss)).client;
  const res = await intruder.call('POST', '/json/ganache/nft', {
    collectionAddress: collection.toLowerCase(),
  });
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.error, 'collection_not_owned');
});
after(async () => {
  await fixture?.stop();
});

test('a link mints once; with multi-mint on it mints a new token each time', async () => {
  const template = await newTemplate(owner, collection.toLowerCase());
  const link = (await owner.call('POST', `/json/qrlink/link/${template}`, {})).body.item as {
    id: string;
    uid: string;
    tokenToMint: string;
  };
  const alice = visitor(VISITOR_KEYS[0]);
  const res = await anonymous().call('GET', `/json/get-mint-data/${link.uid}?to=${alice.address}`);
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  assert.equal(res.body.tokenid, link.tokenToMint);
  assert.deepEqual(res.body.nft, { collection: collection.toLowerCase(), chain: 'ganache' });
  assert.equal(await alice.send(res.body.data as string, res.body.value as string), 'success');
  assert.equal(await ownerOf(link.tokenToMint), alice.address);
  // the mint ledger counts it within the index's lag, without anyone asking for mint data again
  await untilCounts(template, { link: [link.id, 1], template: 1 });

  const again = await anonymous().call('GET', `/json/get-mint-data/${link.id}?to=${alice.address}`);
  assert.deepEqual(
    again.body,
    { ok: false, errorMessage: 'cannot mint', reason: 'already_minted' },
    'one NFT per link',
  );
  const page = await anonymous().call('GET', `/json/nft-by-chiplink/${link.id}?type=link`);
  assert.equal((page.body.chiplink as { mints: number }).mints, 1, 'still counted once');
  assert.equal((page.body.token as { owner: string }).owner, alice.address, 'the page shows the owner');
  const token = await anonymous().call('GET', `/json/chiplink-token/${link.id}?type=link`);
  assert.equal(token.status, 200, JSON.stringify(token.body));
  assert.equal(token.body.tokenId, link.tokenToMint);
  assert.equal(token.body.owner, alice.address);
  assert.equal(token.body.locked, false);
  // each visitor is its own client address (the stack trusts its loopback proxy: X-Forwarded-For)
  const linkScans = async (visitorIp: string) =>
    (
      (
        await anonymous().call('GET', `/json/nft-by-chiplink/${link.id}?type=link`, undefined, {
          'x-forwarded-for': visitorIp,
        })
      ).body.chiplink as {
        scans: number;
      }
    ).scans;
  const scansBefore = await linkScans('203.0.113.21');
  assert.equal(
    scansBefore,
    (page.body.chiplink as { scans: number }).scans + 1,
    'the lookup counts a scan of a link',
  );
  assert.equal(await linkScans('203.0.113.21'), scansBefore, 'the same visitor again counts no scan');
  await anonymous().call('GET', `/json/chiplink-token/${link.id}?type=link`);
  assert.equal(await linkScans('203.0.113.22'), scansBefore + 1, 'reading the token state counts no scan');
  const wrongType = await anonymous().call('GET', `/json/chiplink-token/${link.id}?type=chip`);
  assert.equal(wrongType.status, 404);
  assert.equal(wrongType.body.errorMessage, 'Tag is not connected yet');

  assert.equal(
    (await owner.call('PUT', `/json/ganache/nft/${template}`, { isMultiMintEnabledlink: true })).status,
    200,
  );
  // The scan path may hold the template for TEMPLATE_CACHE_MS (another replica's change is seen
  // within that) and the change reaches chiplinks' projection as an event: move the services' clock
  // past the cache, then ask until the new setting is seen. A refused mint data request issues nothing.
  clock.advance(TEMPLATE_CACHE_MS + 1);
  const multi = await until(
    () => anonymous().call('GET', `/json/get-mint-data/${link.id}?to=${alice.address}`),
    (res) => res.body.ok === true,
    'multi-mint seen by the scan path',
    10_000,
  );
  clock.advance(-(TEMPLATE_CACHE_MS + 1));
  assert.notEqual(multi.body.tokenid, link.tokenToMint);
  assert.equal(await alice.send(multi.body.data as string, multi.body.value as string), 'success');
  assert.equal(await ownerOf(multi.body.tokenid as string), alice.address);
  await untilCounts(template, { link: [link.id, 2], template: 2 });
});

test('the template price is paid to the payout address; the limit is respected', async () => {
  const template = await newTemplate(owner, collection.toLowerCase());
  const payout = privateKeyToAccount(DEPLOYER_KEY).address.toLowerCase();
  await owner.call('PUT', `/json/ganache/nft/${template}`, { price: '0.25' });
  await owner.call('PUT', `/json/ganache/nft/${template}`, { payoutAddress: payout });
  await owner.call('PUT', `/json/ganache/nft/${template}`, { limit: 1 });
  const links = (await owner.call('POST', `/json/qrlink/link/${template}?batch=2`, {})).body.items as {
    id: string;
  }[];
  const bob = visitor(VISITOR_KEYS[1]);
  // a wallet with no ETH gets no voucher: the link is not bound to it, its one place not held (#30)
  const empty = `0x${'5e'.repeat(20)}`;
  assert.deepEqual(
    (await anonymous().call('GET', `/json/get-mint-data/${links[0].id}?to=${empty}`)).body,
    { ok: false, errorMessage: 'cannot mint', reason: 'insufficient_funds' },
    'a wallet that cannot pay the price',
  );
  const res = await anonymous().call('GET', `/json/get-mint-data/${links[0].id}?to=${bob.address}`);
  assert.equal(res.body.value, '250000000000000000');
  const before = await chain.getBalance({ address: payout as Address });
  assert.equal(await bob.send(res.body.data as string, '0'), 'reverted', 'the price must be paid');
  assert.equal(await bob.send(res.body.data as string, res.body.value as string), 'success');
  assert.equal((await chain.getBalance({ address: payout as Address })) - before, 250000000000000000n);
  const second = await anonymous().call('GET', `/json/get-mint-data/${links[1].id}?to=${bob.address}`);
  assert.deepEqual(
    second.body,
    { ok: false, errorMessage: 'cannot mint', reason: 'sold_out' },
    'limit 1 reached',
  );
});

test('chip: the scan token proves a fresh scan; tampered, foreign, superseded or expired tokens do not', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const other = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const otherId = await provisionChip(owner, nftId, other);
  const alice = visitor(VISITOR_KEYS[0]);
  const scan = async (tag: string, c: SimulatedChip) =>
    (await anonymous().call('POST', '/json/check-tag', { tag, auth: c.tap() })).body.scanToken as string;
  const mintData = (tag: string, query: string) =>
    anonymous().call('GET', `/json/get-mint-data/${tag}?to=${alice.address}&${query}`);
  const cannot = { ok: false, errorMessage: 'cannot mint', reason: 'tap_expired' };

  const jwt = await scan(id, chip);
  const [h, p, s] = jwt.split('.');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
  const forged = Buffer.from(JSON.stringify({ ...claims, sub: otherId })).toString('base64url');
  assert.deepEqual(
    (await mintData(otherId, `authtoken=${h}.${forged}.${s}`)).body,
    cannot,
    'tampered claims',
  );
  assert.deepEqual((await mintData(otherId, `authtoken=${jwt}`)).body, cannot, "another chip's token");
  assert.deepEqual((await mintData(id, `authtoken=${jwt}x`)).body, cannot, 'tampered signature');
  assert.deepEqual((await mintData(id, 'auth=' + chip.at(1))).body, cannot, 'a used SUN message');

  const superseded = jwt;
  const fresh = await scan(id, chip);
  assert.deepEqual(
    (await mintData(id, `authtoken=${superseded}`)).body,
    cannot,
    'a later scan voids older tokens',
  );
  const ok = await mintData(id, `authtoken=${fresh}`);
  assert.equal(ok.body.ok, true, JSON.stringify(ok.body));
  assert.equal(await alice.send(ok.body.data as string, ok.body.value as string), 'success');
  assert.equal(await ownerOf(ok.body.tokenid as string), alice.address);

  const viaSun = await mintData(otherId, `auth=${other.tap()}`);
  assert.equal(viaSun.body.ok, true, 'a fresh SUN message works too');

  const late = await scan(otherId, other);
  clock.advance(601_000);
  assert.deepEqual((await mintData(otherId, `authtoken=${late}`)).body, cannot, 'expired after 10 minutes');
  clock.advance(-601_000);
});

test('credentials do one thing: the utility token proves the tap and mints nothing; the continuation credential carries the visit once', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const alice = visitor(VISITOR_KEYS[0]);
  const tapped = (await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() })).body;
  assert.equal(tapped.ok, true, JSON.stringify(tapped));
  const utility = tapped.jwt as string;
  const scanToken = tapped.scanToken as string;
  const c0 = tapped.continuation as string;
  assert.ok(utility && scanToken && c0 && new Set([utility, scanToken, c0]).size === 3);

  // the utility token: refused by get-mint-data (401) for a mint and a claim, and verifiable by utility sites
  for (const extra of ['', '&isTransfer=true']) {
    const refused = await anonymous().call(
      'GET',
      `/json/get-mint-data/${id}?to=${alice.address}&authtoken=${utility}${extra}`,
    );
    assert.equal(refused.status, 401, JSON.stringify(refused.body));
    assert.equal(refused.body.error, 'wrong_token');
  }
  const verified = await anonymous().call('GET', `/json/utility-token/verify?token=${utility}`);
  assert.equal(verified.status, 200);
  const { iat, exp, ...rest } = verified.body as { iat: number; exp: number; tokenId: string };
  assert.deepEqual(rest, {
    ok: true,
    chain: 'ganache',
    nftId,
    chipId: id,
    tokenId: rest.tokenId,
    tamper: null,
    fileData: null,
  });
  assert.match(String(rest.tokenId), /^\d+$/);
  assert.equal(exp - iat, 600);
  for (const bad of [scanToken, c0, `${utility}x`])
    assert.deepEqual((await anonymous().call('GET', `/json/utility-token/verify?token=${bad}`)).body, {
      ok: false,
    });
  assert.equal((await anonymous().call('GET', '/json/utility-token/verify')).status, 400);
  // lock needs the owner's wallet signature: a token, any token, is no substitute
  const lock = await anonymous().call('POST', '/json/toggle-lock', {
    id,
    newStatus: true,
    authtoken: utility,
  });
  assert.equal(lock.status, 400);

  // the continuation credential: good once, for its chip; it yields a fresh scan token and the next credential
  const cont = (tag: string, c: string) => anonymous().call('POST', '/json/check-tag/continue', { tag, c });
  const other = await provisionChip(owner, nftId, new SimulatedChip(secrets.CHIP_MASTER_KEY));
  assert.equal((await cont(other, c0)).body.ok, false, "another chip's page");
  const first = await cont(id, c0);
  assert.equal(first.body.ok, true, JSON.stringify(first.body));
  assert.equal(first.body.jwt, null, 'no new utility token: the continuation is not a tap');
  const c1 = first.body.continuation as string;
  assert.ok(c1 && c1 !== c0);
  assert.equal((await cont(id, c0)).body.ok, false, 'a redeemed credential is spent');
  const second = await cont(id, c1);
  assert.equal(second.body.ok, true, 'the next credential works (a reload)');
  const c2 = second.body.continuation as string;
  const scans = async () => ((await owner.call('GET', `/scans?uid=${id}`)).body.items as unknown[]).length;
  const scansBefore = await scans();
  // the page sends its scan token in a header: the mint/claim credential never appears in a URL
  const viaHeader = (token: string) =>
    anonymous().call('GET', `/json/get-mint-data/${id}?to=${alice.address}`, undefined, {
      'x-metatag-scan-token': token,
    });
  assert.equal((await viaHeader(utility)).status, 401, 'the utility token in the header too');
  const minted = await viaHeader(second.body.scanToken as string);
  assert.equal(minted.body.ok, true, JSON.stringify(minted.body));
  assert.equal(await alice.send(minted.body.data as string, minted.body.value as string), 'success');
  assert.equal(await scans(), scansBefore, 'continuing counts no scan');

  // expired after 30 minutes; and a later tap ends the visit
  clock.advance(1_801_000);
  assert.equal((await cont(id, c2)).body.ok, false, 'expired');
  clock.advance(-1_801_000);
  const c3 = (await cont(id, c2)).body.continuation as string;
  assert.ok(c3);
  await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() });
  assert.equal((await cont(id, c3)).body.ok, false, 'a later tap ends the visit');
  assert.equal((await cont(id, 'garbage')).status, 200);
  assert.equal((await anonymous().call('POST', '/json/check-tag/continue', { tag: id })).status, 400);
});

test('claim moves an unlocked token to a new wallet; lock is for the owner only, once per signature', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const [alice, bob] = VISITOR_KEYS.map(visitor);
  const jwtOf = async () =>
    (await anonymous().call('POST', '/json/check-tag', { tag: id, auth: chip.tap() })).body
      .scanToken as string;

  const mint = await anonymous().call(
    'GET',
    `/json/get-mint-data/${id}?to=${alice.address}&authtoken=${await jwtOf()}`,
  );
  assert.equal(await alice.send(mint.body.data as string, mint.body.value as string), 'success');
  const tokenId = mint.body.tokenid as string;

  const selfClaim = await anonymous().call(
    'GET',
    `/json/get-mint-data/${id}?to=${alice.address}&isTransfer=true&authtoken=${await jwtOf()}`,
  );
  assert.deepEqual(
    selfClaim.body,
    { ok: false, errorMessage: 'cannot mint' },
    'the owner cannot claim from itself',
  );
  const claim = await anonymous().call(
    'GET',
    `/json/get-mint-data/${id}?to=${bob.address}&isTransfer=true&authtoken=${await jwtOf()}`,
  );
  assert.equal(claim.body.ok, true, JSON.stringify(claim.body));
  assert.equal(claim.body.tokenid, tokenId);
  assert.equal(await bob.send(claim.body.data as string, claim.body.value as string), 'success');
  assert.equal(await ownerOf(tokenId), bob.address);

  // lock: alice no longer owns it
  const sign = async (who: Visitor, newStatus: boolean, timestamp = clock.now().getTime()) => ({
    id,
    newStatus,
    address: who.address,
    timestamp,
    signature: await who.account.signMessage({ message: lockMessage(id, newStatus, timestamp) }),
  });
  const denied = await anonymous().call('POST', '/json/toggle-lock', await sign(alice, true));
  assert.deepEqual(
    [denied.status, withoutTrace(denied.body)],
    [403, { error: 'not_owner', errorMessage: 'Only owner can lock/unlock' }],
  );
  const lie = { ...(await sign(alice, true)), address: bob.address };
  assert.equal(
    (await anonymous().call('POST', '/json/toggle-lock', lie)).status,
    403,
    'claiming to be the owner',
  );
  const body = await sign(bob, true);
  const locked = await anonymous().call('POST', '/json/toggle-lock', body);
  assert.deepEqual([locked.status, locked.body], [200, { ok: true, locked: true }]);
  assert.equal((await anonymous().call('POST', '/json/toggle-lock', body)).status, 409, 'replayed');
  const stale = await sign(bob, false, clock.now().getTime() - 6 * 60_000);
  assert.equal((await anonymous().call('POST', '/json/toggle-lock', stale)).status, 400, 'too old');
  const page = await anonymous().call('GET', `/json/nft-by-chiplink/${id}?type=chip`);
  assert.equal((page.body.chiplink as { locked: boolean }).locked, true);

  // the owner's own chain transaction locks the token: a claim is then refused
  const bobWallet = createWalletClient({ account: bob.account, transport: http(anvil.url) });
  const lockTx = await bobWallet.writeContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'disallowTokenTransfers',
    args: [BigInt(tokenId)],
    chain: null,
  });
  await chain.waitForTransactionReceipt({ hash: lockTx });
  const blocked = await anonymous().call(
    'GET',
    `/json/get-mint-data/${id}?to=${alice.address}&isTransfer=true&authtoken=${await jwtOf()}`,
  );
  assert.deepEqual(
    blocked.body,
    { ok: false, errorMessage: 'cannot mint' },
    'a locked token cannot be claimed',
  );
});

/** Moves the services' clock and the chain's together (anvil: evm_increaseTime, then a block). */
async function passTime(seconds: number): Promise<void> {
  clock.advance(seconds * 1000);
  for (const [method, params] of [
    ['evm_increaseTime', [seconds]],
    ['evm_mine', []],
  ] as const)
    await fetch(anvil.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
}

test("an anonymous voucher holds a limited template's place only briefly, and one per link", async () => {
  const template = await newTemplate(owner, collection.toLowerCase());
  await owner.call('PUT', `/json/ganache/nft/${template}`, { limit: 1 });
  const links = (await owner.call('POST', `/json/qrlink/link/${template}?batch=2`, {})).body.items as {
    id: string;
  }[];
  const [alice, bob] = VISITOR_KEYS.map(visitor);
  const mintData = (link: string, to: string) =>
    anonymous().call('GET', `/json/get-mint-data/${link}?to=${to}`);
  const cannot = { ok: false, errorMessage: 'cannot mint', reason: 'sold_out' };

  const held = await mintData(links[0].id, alice.address);
  assert.equal(held.body.ok, true, JSON.stringify(held.body));
  // asking again through the same link replaces its hold: still one place taken, by that link
  assert.equal((await mintData(links[0].id, alice.address)).body.ok, true);
  assert.deepEqual((await mintData(links[1].id, bob.address)).body, cannot, 'the last place is held');

  // the hold lasts as long as the voucher: minutes, not a quarter of an hour
  await passTime(LIMITED_VOUCHER_TTL_S + 1);
  assert.equal(
    await alice.send(held.body.data as string, held.body.value as string),
    'reverted',
    'the voucher expired with its hold',
  );
  const freed = await mintData(links[1].id, bob.address);
  assert.equal(freed.body.ok, true, JSON.stringify(freed.body));
  assert.equal(await bob.send(freed.body.data as string, freed.body.value as string), 'success');
  assert.deepEqual((await mintData(links[0].id, alice.address)).body, cannot, 'the limit is reached now');
});

test('the mint ledger counts chip, link and manual mints once in every table, through a replay of every event and a restart', async () => {
  const boss = await superAdmin(stack.url);
  await credit(boss, ownerId, 10n ** 18n);
  const template = await newTemplate(owner, collection.toLowerCase());
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const chipId = await provisionChip(owner, template, chip);
  const link = (await owner.call('POST', `/json/qrlink/link/${template}`, {})).body.item as { id: string };
  const alice = visitor(VISITOR_KEYS[0]);

  const viaChip = await anonymous().call(
    'GET',
    `/json/get-mint-data/${chipId}?to=${alice.address}&auth=${chip.tap()}`,
  );
  assert.equal(viaChip.body.ok, true, JSON.stringify(viaChip.body));
  assert.equal(await alice.send(viaChip.body.data as string, viaChip.body.value as string), 'success');
  await untilCounts(template, { chip: [chipId, 1], template: 1 });

  const viaLink = await anonymous().call('GET', `/json/get-mint-data/${link.id}?to=${alice.address}`);
  assert.equal(viaLink.body.ok, true, JSON.stringify(viaLink.body));
  assert.equal(await alice.send(viaLink.body.data as string, viaLink.body.value as string), 'success');
  await untilCounts(template, { chip: [chipId, 1], link: [link.id, 1], template: 2 });

  const manual = await owner.call(
    'POST',
    `/json/ganache/mint?nftId=${template}&to=${alice.address}&collection=${collection.toLowerCase()}`,
  );
  assert.equal(manual.status, 201, JSON.stringify(manual.body));
  await untilCounts(template, { chip: [chipId, 1], link: [link.id, 1], template: 3 });

  // the ledger loses its place (a restore, a restart on an older state): it publishes every event again
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  try {
    await db.query('DELETE FROM templates.ledger_cursors');
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM templates.ledger_cursors',
      );
      if (rows[0].n > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await db.end();
  }
  await untilCounts(template, { chip: [chipId, 1], link: [link.id, 1], template: 3 });

  // a restart of every service: nothing is counted again, and the next mint is counted once
  await stack.restart();
  await untilCounts(template, { chip: [chipId, 1], link: [link.id, 1], template: 3 });
  const next = (await owner.call('POST', `/json/qrlink/link/${template}`, {})).body.item as { id: string };
  const viaNext = await anonymous().call('GET', `/json/get-mint-data/${next.id}?to=${alice.address}`);
  assert.equal(viaNext.body.ok, true, JSON.stringify(viaNext.body));
  assert.equal(await alice.send(viaNext.body.data as string, viaNext.body.value as string), 'success');
  await untilCounts(template, { chip: [chipId, 1], link: [next.id, 1], template: 4 });
  await untilCounts(template, { link: [link.id, 1], template: 4 });
});

test("manual mints and chip/link vouchers share the template's limit", async () => {
  const boss = await superAdmin(stack.url);
  await credit(boss, ownerId, 10n ** 18n);
  const template = await newTemplate(owner, collection.toLowerCase());
  await owner.call('PUT', `/json/ganache/nft/${template}`, { limit: 2 });
  const links = (await owner.call('POST', `/json/qrlink/link/${template}?batch=2`, {})).body.items as {
    id: string;
  }[];
  const alice = visitor(VISITOR_KEYS[0]);
  const manual = () =>
    owner.call(
      'POST',
      `/json/ganache/mint?nftId=${template}&to=${alice.address}&collection=${collection.toLowerCase()}`,
    );
  assert.equal(
    (await anonymous().call('GET', `/json/get-mint-data/${links[0].id}?to=${alice.address}`)).body.ok,
    true,
  );
  const first = await manual();
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const second = await manual();
  assert.equal(second.status, 409, JSON.stringify(second.body));
  assert.equal(second.body.error, 'limit_reached');
  assert.match(String(second.body.errorMessage), /limit is reached: 2 of 2/);
  const voucher = await anonymous().call('GET', `/json/get-mint-data/${links[1].id}?to=${alice.address}`);
  assert.deepEqual(
    voucher.body,
    { ok: false, errorMessage: 'cannot mint', reason: 'sold_out' },
    'the queued manual mint counts',
  );
});

test('chip ids and link uids share one namespace: no chip id can shadow a link in get-mint-data', async () => {
  const template = await newTemplate(owner, collection.toLowerCase());
  const link = (await owner.call('POST', `/json/qrlink/link/${template}`, {})).body.item as {
    id: string;
    uid: string;
    tokenToMint: string;
  };
  const intruder = (await newAdmin(stack.url, await superAdmin(stack.url))).client;
  const theirs = await newTemplate(intruder);
  for (const id of [link.uid, link.uid.toLowerCase(), link.id]) {
    const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
    const taken = await intruder.call('POST', `/json/qrlink/chip/${theirs}`, { uid: chip.uid, id });
    assert.equal(taken.status, 409, `${id}: ${JSON.stringify(taken.body)}`);
    assert.deepEqual(withoutTrace(taken.body), {
      error: 'id_taken',
      errorMessage: 'This id is already taken',
    });
  }
  // a chip id that is free is taken by the chip, and then no link can have it either
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const free = `CHIP${Date.now()}`;
  assert.equal(
    (await intruder.call('POST', `/json/qrlink/chip/${theirs}`, { uid: chip.uid, id: free })).status,
    201,
  );
  const other = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  assert.equal(
    (await owner.call('POST', `/json/qrlink/chip/${template}`, { uid: other.uid, id: free.toLowerCase() }))
      .status,
    409,
  );
  const res = await anonymous().call(
    'GET',
    `/json/get-mint-data/${link.uid.toLowerCase()}?to=${visitor(VISITOR_KEYS[1]).address}`,
  );
  assert.equal(res.body.ok, true, JSON.stringify(res.body));
  assert.equal(res.body.tokenid, link.tokenToMint, "the link's uid names the link");
});
