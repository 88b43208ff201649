// The templates service alone (the medium tier, issue #31 item 5): its module on a fresh PostgreSQL
// database, driven by the messages other services send it. The mint ledger's rules live here — how
// `mint.confirmed` maps a token to its template, how at-least-once ledger facts count once, how a
// limited father's children count — moved from apps/standalone's nft-templates journey, which keeps
// what goes through the gateway (HTTP, sessions, the owner's view).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHIPLINKS_EVENTS,
  LEDGER_EVENTS,
  RELAYER_EVENTS,
  TEMPLATES,
  TEMPLATES_EVENTS,
  type MintConfirmedEvent,
} from '@metatag/events';
import { useMediumTier } from '@metatag/nest-kit/testing';
import { templatesDefinition } from './templates.definition.js';

const tier = useMediumTier(templatesDefinition);
const owner = { id: 7, isSuperAdmin: false };

/** A collection attached to the owner, as the deployer attaches one after its checks on chain. */
async function attached(address: string): Promise<string> {
  await tier.client.send(TEMPLATES.attachCollection, {
    chain: 'ganache',
    userId: owner.id,
    deployedAddress: address,
    name: 'Attached',
    symbol: 'ATT',
    txHash: `0x${'ab'.repeat(32)}`,
  });
  return address;
}

async function template(collection: string): Promise<number> {
  const { item } = await tier.client.send(TEMPLATES.createNft, {
    actor: owner,
    chain: 'ganache',
    userId: owner.id,
    collectionAddress: collection,
  });
  return item.id;
}

/** Waits for a condition the service reaches asynchronously (its outbox publishes after commit). */
async function until(what: string, done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) assert.fail(`timed out waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ownersItem = async (id: number) =>
  (
    await tier.client.send(TEMPLATES.listNfts, { actor: owner, chain: 'ganache', userId: owner.id })
  ).items.find((i) => i.id === id);

test('mint.confirmed maps a token to its template; the ledger counts mints and children once under redelivery', async () => {
  const collection = await attached('0x' + '34'.repeat(20));
  const id = await template(collection);
  await tier.client.send(TEMPLATES.updateNft, {
    actor: owner,
    chain: 'ganache',
    id,
    patch: { title: 'Concert pass' },
  });
  const metadata = () =>
    tier.client.send(TEMPLATES.tokenMetadata, { chain: 'ganache', collection, tokenId: '42' });
  await assert.rejects(metadata(), /not found/i, 'no token of the template yet');

  const event: MintConfirmedEvent = {
    mintId: `mint-${id}`,
    nftId: String(id),
    chiplinkId: null,
    chain: 'ganache',
    chainId: 1337,
    collection,
    tokenId: '42',
    to: '0x' + '56'.repeat(20),
    txHash: `0x${'78'.repeat(32)}`,
    blockNumber: '10',
    source: 'chain',
  };
  await tier.client.emit(RELAYER_EVENTS.mintConfirmed, event);
  await tier.client.emit(RELAYER_EVENTS.mintConfirmed, event);
  assert.equal((await metadata()).title, 'Concert pass', "the token reads its template's fields");
  assert.equal(
    (await ownersItem(id))?.mints,
    0,
    "the relayer's confirmation maps the token; the ledger counts it",
  );

  // the ledger's fact (at least once: delivered twice here) counts the mint once
  const minted = {
    chain: 'ganache',
    chainId: 1337,
    collection,
    tokenId: '42',
    to: '0x' + '56'.repeat(20),
    txHash: `0x${'78'.repeat(32)}`,
    logIndex: 3,
    blockNumber: '10',
  };
  await tier.client.emit(LEDGER_EVENTS.tokenMinted, minted);
  await tier.client.emit(LEDGER_EVENTS.tokenMinted, minted);
  assert.equal((await ownersItem(id))?.mints, 1, 'counted once');
  // a child minted from it is counted in its father's `children`, never in the template's mints (#30:
  // a father read '3 / 1' when its children were counted as its mints), in either order of facts
  const child = { ...minted, parentTokenId: '42', childTokenId: '43', owner: minted.to, logIndex: 5 };
  await tier.client.emit(LEDGER_EVENTS.childMinted, child);
  await tier.client.emit(LEDGER_EVENTS.tokenMinted, { ...minted, tokenId: '43', logIndex: 4 });
  await tier.client.emit(LEDGER_EVENTS.childMinted, child);
  assert.equal((await ownersItem(id))?.mints, 1, "the child is not one of its father template's mints");
  // the mints list is the same ledger: the father's mint and its child's, each once
  const list = await tier.client.send(TEMPLATES.listLedgerMints, {
    actor: owner,
    chain: 'ganache',
    nftId: id,
    offset: 0,
    limit: 10,
  });
  assert.deepEqual(
    list.items.map((m) => [m.tokenId, m.source]).sort(),
    [
      ['42', 'manual'],
      ['43', 'child'],
    ],
    JSON.stringify(list.items),
  );
  // and every change reached the other services as the template's whole state (its outbox)
  await until('templates.nft.changed published', () =>
    tier.published(TEMPLATES_EVENTS.nftChanged).some((e) => e.item.id === id && e.item.mints === 1),
  );
});

test("a father's children the chain reports before the father's confirmation count once it arrives", async () => {
  // the race the two CI lanes found: the father is on chain and a child is minted from it before
  // templates has processed the relayer's mint.confirmed (which maps the father to its template)
  const collection = await attached('0x' + '35'.repeat(20));
  const id = await template(collection);
  const at = {
    chain: 'ganache',
    chainId: 1337,
    collection,
    to: '0x' + '57'.repeat(20),
    txHash: `0x${'79'.repeat(32)}`,
    blockNumber: '11',
  };
  await tier.client.emit(LEDGER_EVENTS.tokenMinted, { ...at, tokenId: '70', logIndex: 0 });
  for (const [childTokenId, logIndex] of [
    ['71', 1],
    ['72', 3],
  ] as const) {
    await tier.client.emit(LEDGER_EVENTS.tokenMinted, { ...at, tokenId: childTokenId, logIndex });
    const child = { ...at, parentTokenId: '70', childTokenId, owner: at.to, logIndex: logIndex + 1 };
    await tier.client.emit(LEDGER_EVENTS.childMinted, child);
    await tier.client.emit(LEDGER_EVENTS.childMinted, child); // at least once
  }
  assert.equal((await ownersItem(id))?.mints, 0, 'nothing maps the tokens to the template yet');
  await tier.client.emit(RELAYER_EVENTS.mintConfirmed, {
    mintId: `mint-father-${id}`,
    nftId: String(id),
    chiplinkId: null,
    chain: 'ganache',
    chainId: 1337,
    collection,
    tokenId: '70',
    to: at.to,
    txHash: at.txHash,
    blockNumber: at.blockNumber,
    source: 'chain',
    childLimit: '5',
  });
  const father = await ownersItem(id);
  assert.equal(father?.mints, 1, "the father is its template's one mint");
  assert.equal(father?.childLimit, 5);
  assert.equal(father?.children, 2, 'both children the chain reported first are counted');
});

test('a voucher and its mint arriving at the same moment count once: neither misses the other', async () => {
  // chiplinks' voucher.issued (the token's mapping to its template) and the ledger's token.minted are
  // independent events: a mint confirmed fast can be handled while its mapping is being written. Each
  // writer checks for the other's fact; without an order between them both could miss it and the
  // mint would never count. 30 tokens, both events of each at once.
  const collection = await attached('0x' + '38'.repeat(20));
  const id = await template(collection);
  const tokens = Array.from({ length: 30 }, (_, i) => String(500 + i));
  await Promise.all(
    tokens.flatMap((tokenId, i) => [
      tier.client.emit(CHIPLINKS_EVENTS.voucherIssued, {
        chain: 'ganache',
        collection,
        tokenId,
        nftId: id,
        source: 'chip',
      }),
      tier.client.emit(LEDGER_EVENTS.tokenMinted, {
        chain: 'ganache',
        chainId: 1337,
        collection,
        tokenId,
        to: '0x' + '57'.repeat(20),
        txHash: `0x${'7c'.repeat(32)}`,
        logIndex: i,
        blockNumber: '11',
      }),
    ]),
  );
  assert.equal((await ownersItem(id))?.mints, tokens.length, 'every mint counted once');
});

test('a template names only its owner’s attached collections; another owner’s template is a 404', async () => {
  const mine = await attached('0x' + '36'.repeat(20));
  await assert.rejects(
    tier.client.send(TEMPLATES.createNft, {
      actor: owner,
      chain: 'ganache',
      userId: owner.id,
      collectionAddress: '0x' + '37'.repeat(20),
    }),
    { status: 400, code: 'collection_not_owned' },
  );
  const id = await template(mine);
  const stranger = { id: 8, isSuperAdmin: false };
  await assert.rejects(tier.client.send(TEMPLATES.getNft, { chain: 'ganache', id, actor: stranger }), {
    status: 404,
    message: 'NFT template not found',
  });
  await assert.rejects(
    tier.client.send(TEMPLATES.updateNft, { actor: stranger, chain: 'ganache', id, patch: { title: 'x' } }),
    { status: 404 },
  );
  const boss = { id: 1, isSuperAdmin: true };
  assert.equal((await tier.client.send(TEMPLATES.getNft, { chain: 'ganache', id, actor: boss })).item.id, id);
});
