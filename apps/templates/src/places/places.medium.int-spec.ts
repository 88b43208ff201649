// A template's places under its limit, counted in one place (issue #31 item 3): the templates service
// alone on a fresh PostgreSQL database, driven by the messages chiplinks and the relayer send it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHIPLINKS_EVENTS, LEDGER_EVENTS, RELAYER_EVENTS, TEMPLATES } from '@metatag/events';
import { ManualClock } from '@metatag/nest-kit';
import { useMediumTier } from '@metatag/nest-kit/testing';
import { templatesDefinition } from '../templates.definition.js';

const clock = new ManualClock(new Date());
// no node answers at this address: a hold the chain must settle stays counted (the safe side)
const tier = useMediumTier(templatesDefinition, { clock, env: { RPC_URL_GANACHE: 'http://127.0.0.1:9' } });
const owner = { id: 9, isSuperAdmin: false };
const chain = 'ganache';
let collections = 0;

/** Unix seconds `s` from the service's clock. */
const inSeconds = (s: number) => String(Math.floor(clock.now().getTime() / 1000) + s);

async function template(limit: number): Promise<{ id: number; collection: string }> {
  const collection = `0x${(0x40 + collections++).toString(16).padStart(2, '0').repeat(20)}`;
  await tier.client.send(TEMPLATES.attachCollection, {
    chain,
    userId: owner.id,
    deployedAddress: collection,
    name: 'Places',
    symbol: 'PLC',
    txHash: `0x${'cd'.repeat(32)}`,
  });
  const { item } = await tier.client.send(TEMPLATES.createNft, {
    actor: owner,
    chain,
    userId: owner.id,
    collectionAddress: collection,
  });
  if (limit > 0) await setLimit(item.id, limit);
  return { id: item.id, collection };
}

const setLimit = (id: number, limit: number) =>
  tier.client.send(TEMPLATES.updateNft, { actor: owner, chain, id, patch: { limit } });

const taken = async (nftId: number) => (await tier.client.send(TEMPLATES.placesTaken, { nftId })).taken;

const voucher = (
  nftId: number,
  collection: string,
  chiplink: string,
  tokenId: string,
  until = inSeconds(120),
) =>
  tier.client.send(TEMPLATES.takePlace, {
    nftId,
    holder: `chiplink:${chiplink}`,
    chain,
    token: { collection, tokenId },
    until,
  });

const manual = (nftId: number, mintId: string, until = inSeconds(300)) =>
  tier.client.send(TEMPLATES.takePlace, { nftId, holder: `mint:${mintId}`, chain, until });

const mintFact = (nftId: number, mintId: string, collection: string, tokenId: string) => ({
  mintId,
  nftId: String(nftId),
  chiplinkId: null,
  chain,
  chainId: 1337,
  collection,
  tokenId,
  to: `0x${'58'.repeat(20)}`,
});

test('of twelve callers racing for a limit of five, five get a place; asking again keeps one place', async () => {
  const { id, collection } = await template(5);
  const replies = await Promise.all(
    Array.from({ length: 12 }, (_, i) => voucher(id, collection, `racer-${i}`, String(600 + i))),
  );
  assert.equal(replies.filter((r) => r.ok).length, 5, JSON.stringify(replies));
  assert.equal(await taken(id), 5);
  const winner = replies.findIndex((r) => r.ok);
  const again = await voucher(id, collection, `racer-${winner}`, String(600 + winner));
  assert.deepEqual(again, { ok: true, taken: 4, limit: 5 }, 'its own hold is replaced, not added to');
  assert.equal(await taken(id), 5);
  const loser = replies.findIndex((r) => !r.ok);
  assert.deepEqual(await voucher(id, collection, `racer-${loser}`, String(600 + loser)), {
    ok: false,
    taken: 5,
    limit: 5,
  });
});

test("a relayer mint's place: held from its request, given back by mint.failed for good", async () => {
  const { id, collection } = await template(1);
  assert.equal((await manual(id, 'm-1')).ok, true);
  assert.equal((await manual(id, 'm-2')).ok, false, 'the one place is held');
  const fact = mintFact(id, 'm-1', collection, '900');
  await tier.client.emit(RELAYER_EVENTS.mintRequested, { ...fact, gasless: false });
  assert.equal(await taken(id), 1, 'the request made it firm');
  await tier.client.emit(RELAYER_EVENTS.mintFailed, { ...fact, reason: 'reverted', txHash: null });
  assert.equal(await taken(id), 0, 'a failed mint frees its place');
  // at least once, in any order: the request again does not take the place back
  await tier.client.emit(RELAYER_EVENTS.mintRequested, { ...fact, gasless: false });
  assert.equal(await taken(id), 0);
  assert.equal((await manual(id, 'm-2')).ok, true);
  // a gasless claim's place is its voucher's: its record takes none of its own
  await tier.client.emit(RELAYER_EVENTS.mintRequested, {
    ...mintFact(id, 'g-1', collection, '901'),
    gasless: true,
  });
  assert.equal(await taken(id), 1);
});

test("the ledger's count takes over a hold: a minted token counts once", async () => {
  const { id, collection } = await template(2);
  assert.equal((await voucher(id, collection, 'chip-a', '700')).ok, true);
  await tier.client.emit(CHIPLINKS_EVENTS.voucherIssued, {
    chain,
    collection,
    tokenId: '700',
    nftId: id,
    source: 'chip',
    place: { holder: 'chiplink:chip-a', until: inSeconds(120) },
  });
  await tier.client.emit(LEDGER_EVENTS.tokenMinted, {
    chain,
    chainId: 1337,
    collection,
    tokenId: '700',
    to: `0x${'59'.repeat(20)}`,
    txHash: `0x${'7d'.repeat(32)}`,
    logIndex: 0,
    blockNumber: '12',
  });
  assert.equal(await taken(id), 1, 'the mint, not the mint and its voucher');
  assert.equal((await voucher(id, collection, 'chip-b', '701')).ok, true);
  assert.deepEqual(await voucher(id, collection, 'chip-c', '702'), { ok: false, taken: 2, limit: 2 });
});

test('an expired hold: over at once without a token; with one, counted while the chain cannot say', async () => {
  const { id, collection } = await template(1);
  assert.equal((await manual(id, 'never-stored', inSeconds(60))).ok, true);
  assert.equal((await voucher(id, collection, 'link-a', '800')).ok, false);
  clock.advance(61_000);
  // the mint request that held it was never stored (no mint.requested): its place is free again
  assert.equal((await voucher(id, collection, 'link-a', '800', inSeconds(120))).ok, true);
  clock.advance(121_000);
  // expired, but its token may have been minted before the deadline: only the chain can tell, and no
  // node answers here, so it still counts
  assert.equal(await taken(id), 1);
  assert.equal((await voucher(id, collection, 'link-b', '801')).ok, false);
});

test('vouchers out before a limit is set count under it', async () => {
  const { id, collection } = await template(0);
  for (const [i, tokenId] of ['810', '811', '812'].entries())
    await tier.client.emit(CHIPLINKS_EVENTS.voucherIssued, {
      chain,
      collection,
      tokenId,
      nftId: id,
      source: 'link',
      place: { holder: `chiplink:early-${i}`, until: inSeconds(120) },
    });
  await setLimit(id, 3);
  assert.equal(await taken(id), 3);
  assert.equal((await voucher(id, collection, 'late', '813')).ok, false);
});
