import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { SearchReply } from '@metatag/api-types';
import { TEMPLATES } from '@metatag/events';
import { createServiceClient, InProcessBus, type ServiceClient } from '@metatag/nest-kit';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { FakeChainIndex } from './testing/chain-index.fixture.js';
import { signInPasswordUser, signInSuperAdmin, type SignedIn } from './testing/sign-in.fixture.js';

// Search (issue #20) through the gateway's fan-out to templates and chiplinks on a real PostgreSQL
// (full text + pg_trgm): who finds what.
const bus = new InProcessBus();
let stack: TestStack;
let events: ServiceClient;
let owner: SignedIn;
let other: SignedIn;
let anonymous: Client;
let chip: { id: string; uid: string };
let link: { id: string; uid: string };
const HOLDER = `0x${'5e'.repeat(20)}`;
const MINT_TX = `0x${'d4'.repeat(32)}`;
let chipToken: string;

async function template(as: SignedIn, title: string, description: string): Promise<number> {
  const created = await as.client.call('POST', '/json/ganache/nft', {});
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = (created.body.item as { id: number }).id;
  for (const [field, value] of Object.entries({ title, description })) {
    const put = await as.client.call('PUT', `/json/ganache/nft/${id}`, { [field]: value });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
  return id;
}

before(async () => {
  stack = await startTestStack({ bus });
  events = createServiceClient(
    'test',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 5000 },
    bus,
  );
  const boss = await signInSuperAdmin(stack.url);
  owner = await signInPasswordUser(stack.url, boss.client);
  other = await signInPasswordUser(stack.url, boss.client);
  anonymous = new Client(stack.url);
  const nftId = await template(owner, 'Golden Sneaker', 'A real shoe, hand made in Porto.');
  await template(other, 'Silver Sneaker', 'Secret shoe of another owner.');
  const uid = randomBytes(7).toString('hex').toUpperCase();
  const madeChip = await owner.client.call('POST', `/json/qrlink/chip/${nftId}`, { uid });
  assert.equal(madeChip.status, 201, JSON.stringify(madeChip.body));
  chip = { id: (madeChip.body.item as { id: string }).id, uid };
  const madeLink = await owner.client.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(madeLink.status, 201, JSON.stringify(madeLink.body));
  link = madeLink.body.item as { id: string; uid: string };
  await events.send(TEMPLATES.attachCollection, {
    chain: 'ganache',
    userId: owner.id,
    deployedAddress: `0x${'c0'.repeat(20)}`,
    name: 'Porto Shoes',
    symbol: 'PRT',
    txHash: `0x${'ab'.repeat(32)}`,
  });
  // the chip's token minted to HOLDER, as the indexer would record it
  const index = await FakeChainIndex.create(stack.databaseUrl);
  chipToken = await index.tokenOf(chip.id);
  await index.mint({
    collection: `0x${'c0'.repeat(20)}`,
    tokenId: chipToken,
    to: HOLDER,
    at: new Date(),
    block: 5,
    txHash: MINT_TX,
  });
  await index.close();
});
after(async () => {
  await stack?.stop();
});

async function search(as: Client, q: string): Promise<SearchReply> {
  const res = await as.call('GET', `/json/search?q=${encodeURIComponent(q)}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body as unknown as SearchReply;
}
const paths = (reply: SearchReply, kind: string) =>
  reply.groups.find((g) => g.kind === kind)?.hits.map((h) => h.path) ?? [];
const titles = (reply: SearchReply, kind: string) =>
  reply.groups.find((g) => g.kind === kind)?.hits.map((h) => h.title) ?? [];

test('anyone finds a chip by its whole id (any case) or UID, and a link by its whole id only', async () => {
  assert.deepEqual(paths(await search(anonymous, chip.id), 'chip'), [`/tag/${chip.id}`]);
  assert.deepEqual(paths(await search(anonymous, chip.id.toLowerCase()), 'chip'), [`/tag/${chip.id}`]);
  const byUid = await search(anonymous, chip.uid);
  assert.deepEqual(paths(byUid, 'chip'), [`/tag/${chip.id}`]);
  assert.deepEqual(paths(await search(anonymous, link.id), 'link'), [`/link/${link.id}`]);
  // issue #28: a link id is a bearer claim; its uid or a case-folded id is no public handle
  assert.deepEqual(paths(await search(anonymous, link.uid), 'link'), []);
  assert.deepEqual(paths(await search(anonymous, link.id.toLowerCase()), 'link'), []);
});

test('prefixes and mistyped ids find only the signed-in owner’s own chips and links', async () => {
  const typo = `${chip.id.slice(0, -1)}${chip.id.endsWith('x') ? 'y' : 'x'}`;
  for (const q of [chip.id.toLowerCase().slice(0, 6), typo]) {
    assert.deepEqual(paths(await search(anonymous, q), 'chip'), [], q);
    assert.deepEqual(paths(await search(other.client, q), 'chip'), [], q);
    assert.ok(paths(await search(owner.client, q), 'chip').includes(`/tag/${chip.id}`), q);
  }
  for (const q of [link.id.slice(0, 5), link.uid]) {
    assert.deepEqual(paths(await search(anonymous, q), 'link'), [], q);
    assert.deepEqual(paths(await search(other.client, q), 'link'), [], q);
    assert.deepEqual(paths(await search(owner.client, q), 'link'), [`/link/${link.id}`], q);
  }
});

test('owners find their own templates, with a misspelled word, never another user’s', async () => {
  assert.deepEqual(titles(await search(owner.client, 'sneker'), 'template'), ['Golden Sneaker']);
  assert.deepEqual(titles(await search(owner.client, 'porto'), 'template'), ['Golden Sneaker']);
  assert.deepEqual(titles(await search(other.client, 'sneaker'), 'template'), ['Silver Sneaker']);
  assert.deepEqual(titles(await search(owner.client, 'secret'), 'template'), []);
  assert.deepEqual(titles(await search(anonymous, 'sneaker'), 'template'), []);
});

test('owners find their collections by name, symbol, address and deployment transaction', async () => {
  assert.deepEqual(titles(await search(owner.client, 'porto shoes'), 'collection'), ['Porto Shoes (PRT)']);
  assert.deepEqual(titles(await search(owner.client, 'prt'), 'collection'), ['Porto Shoes (PRT)']);
  assert.deepEqual(titles(await search(owner.client, '0xc0c0c0'), 'collection'), ['Porto Shoes (PRT)']);
  assert.deepEqual(titles(await search(owner.client, `0x${'ab'.repeat(32)}`), 'transaction'), [
    `0x${'ab'.repeat(32)}`,
  ]);
  assert.deepEqual(titles(await search(other.client, 'porto shoes'), 'collection'), []);
  assert.deepEqual(titles(await search(anonymous, `0x${'ab'.repeat(32)}`), 'transaction'), []);
});

test('bad queries are 400s; odd characters are literal', async () => {
  assert.equal((await anonymous.call('GET', '/json/search')).status, 400);
  assert.equal((await anonymous.call('GET', `/json/search?q=${'x'.repeat(101)}`)).status, 400);
  assert.deepEqual((await search(anonymous, "%_'\\")).groups, []);
});

test('anyone finds the tokens an address owns and a mint by its transaction hash (chain index)', async () => {
  const byOwner = await search(anonymous, HOLDER.toUpperCase().replace('0X', '0x'));
  const tokens = byOwner.groups.find((g) => g.kind === 'token');
  assert.deepEqual(
    tokens?.hits.map((h) => [h.title, h.path]),
    [[`Token ${chipToken}`, `/tag/${chip.id}`]],
  );
  assert.match(tokens!.hits[0]!.detail, new RegExp(`Chip ${chip.id} · owned by ${HOLDER}`));
  const byTx = await search(anonymous, MINT_TX);
  const txs = byTx.groups.find((g) => g.kind === 'transaction');
  assert.deepEqual(
    txs?.hits.map((h) => [h.title, h.path]),
    [[MINT_TX, `/tag/${chip.id}`]],
  );
  // an address that owns nothing and an unknown hash find nothing
  assert.deepEqual((await search(anonymous, `0x${'99'.repeat(20)}`)).groups, []);
  assert.deepEqual((await search(anonymous, `0x${'98'.repeat(32)}`)).groups, []);
});
