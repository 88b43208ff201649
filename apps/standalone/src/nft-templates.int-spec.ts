import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELAYER_EVENTS, TEMPLATES, type MintConfirmedEvent } from '@metatag/events';
import { createServiceClient, InProcessBus, type ServiceClient } from '@metatag/nest-kit';
import { Client, startTestStack, withoutTrace, type TestStack } from './testing/stack.fixture.js';
import { signInPasswordUser, signInSuperAdmin, type SignedIn } from './testing/sign-in.fixture.js';

// NFT templates and token metadata through the real gateway and templates service on a real PostgreSQL:
// the owner, another admin, the super admin and an anonymous visitor.
const bus = new InProcessBus();
const mediaDir = mkdtempSync(join(tmpdir(), 'metatag-media-'));
let stack: TestStack;
let events: ServiceClient;
let boss: SignedIn;
let owner: SignedIn;
let other: SignedIn;
let anonymous: Client;

before(async () => {
  stack = await startTestStack({ bus, env: { MEDIA_DIR: mediaDir } });
  events = createServiceClient(
    'test',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 5000 },
    bus,
  );
  boss = await signInSuperAdmin(stack.url);
  owner = await signInPasswordUser(stack.url, boss.client);
  other = await signInPasswordUser(stack.url, boss.client);
  anonymous = new Client(stack.url);
});
after(async () => {
  await stack?.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

type Item = Record<string, unknown> & { id: number };

/**
 * A collection attached to the owner, as the deployer attaches one after its checks on chain (this
 * test has no chain): a template may name only its owner's collections.
 */
async function attached(address: string, userId = owner.id): Promise<string> {
  await events.send(TEMPLATES.attachCollection, {
    chain: 'ganache',
    userId,
    deployedAddress: address.toLowerCase(),
    name: 'Attached',
    symbol: 'ATT',
    txHash: `0x${'ab'.repeat(32)}`,
  });
  return address;
}

async function createTemplate(body: unknown = {}, as = owner.client): Promise<Item> {
  const res = await as.call('POST', '/json/ganache/nft', body);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.item as Item;
}

test('the mint flow creates a template with an empty body; every field of spec section 3 is there', async () => {
  const item = await createTemplate();
  assert.equal(typeof item.id, 'number');
  const { id, created, ...rest } = item;
  assert.ok(id > 0);
  assert.ok(!Number.isNaN(Date.parse(created as string)));
  assert.deepEqual(rest, {
    title: '',
    description: '',
    limit: 0,
    collection: '',
    chain: 'ganache',
    owner: owner.id,
    image: '',
    imageRefresh: 0,
    mimeType: '',
    utility_url: '',
    utility_url_error: '',
    mints: 0,
    chips: 0,
    links: 0,
    isMultiMintEnabledchip: false,
    isMultiMintEnabledlink: false,
    gasPaidBy: 'visitor',
    showFileData: false,
    twoTap: null,
    resale: null,
    redemption: null,
    claimPhases: [],
    price: '',
    payoutAddress: '',
    woocomerce_item_id: '',
    deleted: false,
  });
});

test('a template may be created in a collection; a bad collection address is refused', async () => {
  const collection = await attached('0x' + 'AB'.repeat(20));
  const item = await createTemplate({ collectionAddress: collection });
  assert.equal(item.collection, collection.toLowerCase());
  const bad = await owner.client.call('POST', '/json/ganache/nft', { collectionAddress: '0x123' });
  assert.equal(bad.status, 400);
  assert.match(bad.body.errorMessage as string, /^Invalid value/);
});

test('each editable field is saved with one PUT, normalised as the UI shows it', async () => {
  const { id } = await createTemplate();
  await attached('0x' + 'CD'.repeat(20));
  const changes: [string, unknown, unknown][] = [
    ['title', 'Golden ticket', 'Golden ticket'],
    ['description', 'Read more at https://example.com', 'Read more at https://example.com'],
    ['limit', 25, 25],
    ['limit', '30', 30],
    ['collection', '0x' + 'CD'.repeat(20), '0x' + 'cd'.repeat(20)],
    ['collection', '', ''],
    ['price', '0.10', '0.1'],
    ['price', 2, '2'],
    ['price', '', ''],
    ['payoutAddress', '0x' + 'EF'.repeat(20), '0x' + 'ef'.repeat(20)],
    ['utility_url', 'https://example.com/perk?id=1&x=2', 'https://example.com/perk?id=1&x=2'],
    ['utility_url_error', 'http://example.com/sorry', 'http://example.com/sorry'],
    ['woocomerce_item_id', '1234', '1234'],
    ['isMultiMintEnabledchip', true, true],
    ['isMultiMintEnabledlink', 'true', true],
    ['isMultiMintEnabledlink', false, false],
  ];
  for (const [field, value, shown] of changes) {
    const res = await owner.client.call('PUT', `/json/ganache/nft/${id}`, { [field]: value });
    assert.equal(res.status, 200, `${field}: ${JSON.stringify(res.body)}`);
    assert.deepEqual(res.body[field], shown, field);
    assert.equal(res.body.id, id);
  }
});

test('the mint flow sends limit, title and collection together', async () => {
  const { id } = await createTemplate({});
  const res = await owner.client.call('PUT', `/json/ganache/nft/${id}`, {
    limit: 1,
    title: 'Mint flow',
    collection: '',
  });
  assert.equal(res.status, 200);
  assert.equal(res.body.title, 'Mint flow');
  assert.equal(res.body.limit, 1);
});

test('invalid values, unknown fields and several fields at once are refused with Invalid value', async () => {
  const { id } = await createTemplate();
  const bodies: unknown[] = [
    {},
    { price: '-1' },
    { price: 'abc' },
    { price: '1.1234567890123456789' },
    { limit: -1 },
    { limit: 1.5 },
    { limit: 'ten' },
    { collection: '0x1234' },
    { payoutAddress: 'not an address' },
    { utility_url: 'ftp://example.com' },
    { utility_url: 'javascript:alert(1)' },
    { utility_url_error: 'https://example.com/<script>' },
    { isMultiMintEnabledchip: 'maybe' },
    { title: 'a', description: 'b' },
    { owner: 99 },
    { mints: 5 },
    { deleted: false },
    { title: 'x'.repeat(201) },
    [{ title: 'array' }],
  ];
  for (const body of bodies) {
    const res = await owner.client.call('PUT', `/json/ganache/nft/${id}`, body);
    assert.equal(res.status, 400, JSON.stringify(body));
    assert.deepEqual(
      withoutTrace(res.body),
      { error: 'invalid_value', errorMessage: 'Invalid value' },
      JSON.stringify(body),
    );
  }
});

test('only the owner and the super admin see and touch a template; others get the 404 of a missing one', async () => {
  const item = await createTemplate();
  const path = `/json/ganache/nft/${item.id}`;

  const mine = await owner.client.call('GET', '/json/ganache/nfts');
  assert.equal(mine.status, 200);
  assert.ok((mine.body.items as Item[]).some((i) => i.id === item.id));
  const theirs = await other.client.call('GET', '/json/ganache/nfts');
  assert.ok(!(theirs.body.items as Item[]).some((i) => i.id === item.id));

  const missing = await other.client.call('PUT', '/json/ganache/nft/999999', { title: 'x' });
  const foreign = await other.client.call('PUT', path, { title: 'stolen' });
  assert.equal(foreign.status, 404);
  assert.deepEqual(
    withoutTrace(foreign.body),
    withoutTrace(missing.body),
    'a foreign template looks exactly like a missing one',
  );
  assert.equal((await other.client.call('DELETE', path)).status, 404);
  assert.equal((await owner.client.call('PUT', `/json/mainnet/nft/${item.id}`, { title: 'x' })).status, 404);

  const peek = await other.client.call('GET', `/json/ganache/nfts?user=${owner.id}`);
  assert.equal(peek.status, 403);

  const asBoss = await boss.client.call('GET', `/json/ganache/nfts?user=${owner.id}`);
  assert.equal(asBoss.status, 200);
  assert.ok((asBoss.body.items as Item[]).some((i) => i.id === item.id));
  const edited = await boss.client.call('PUT', path, { title: 'Edited by the super admin' });
  assert.equal(edited.status, 200);
  assert.equal(edited.body.owner, owner.id);

  const forOwner = await boss.client.call('POST', `/json/ganache/nft?user=${owner.id}`, {});
  assert.equal(forOwner.status, 201);
  assert.equal((forOwner.body.item as Item).owner, owner.id);
  assert.equal((await boss.client.call('POST', '/json/ganache/nft?user=999999', {})).status, 404);
  assert.equal((await other.client.call('POST', `/json/ganache/nft?user=${owner.id}`, {})).status, 403);

  for (const [method, p] of [
    ['GET', '/json/ganache/nfts'],
    ['POST', '/json/ganache/nft'],
    ['PUT', path],
    ['DELETE', path],
  ] as const) {
    assert.equal(
      (await anonymous.call(method, p, method === 'GET' ? undefined : {})).status,
      401,
      `${method} ${p}`,
    );
  }
});

test('the list filters by collection and by chain', async () => {
  const collection = await attached('0x' + '12'.repeat(20));
  const inCollection = await createTemplate({ collectionAddress: collection });
  await createTemplate();
  const filtered = await owner.client.call('GET', `/json/ganache/nfts?collection=${collection}`);
  assert.deepEqual(
    (filtered.body.items as Item[]).map((i) => i.id),
    [inCollection.id],
  );
  const onMainnet = await owner.client.call('GET', '/json/mainnet/nfts');
  assert.deepEqual(onMainnet.body.items, []);
  assert.equal((await owner.client.call('GET', '/json/nochain/nfts')).status, 404);
});

test('soft delete: the row disappears from lists, later edits and deletes are 404', async () => {
  const { id } = await createTemplate();
  const res = await owner.client.call('DELETE', `/json/ganache/nft/${id}`);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, { ok: true });
  const list = await owner.client.call('GET', '/json/ganache/nfts');
  assert.ok(!(list.body.items as Item[]).some((i) => i.id === id));
  assert.equal((await owner.client.call('PUT', `/json/ganache/nft/${id}`, { title: 'x' })).status, 404);
  assert.equal((await owner.client.call('DELETE', `/json/ganache/nft/${id}`)).status, 404);
});

test('token metadata through the gateway: a token confirmed by mint.confirmed reads its template, never its utility URL', async () => {
  // (the ledger's counting rules — redelivery, children, the father race — are the templates service's
  // own, tested alone in apps/templates/src/templates.medium.int-spec.ts)
  const collection = await attached('0x' + '34'.repeat(20));
  const item = await createTemplate({ collectionAddress: collection });
  await owner.client.call('PUT', `/json/ganache/nft/${item.id}`, { title: 'Concert pass' });
  await owner.client.call('PUT', `/json/ganache/nft/${item.id}`, { description: 'Row 7' });
  await owner.client.call('PUT', `/json/ganache/nft/${item.id}`, { utility_url: 'https://example.com/perk' });

  const unknown = await anonymous.call('GET', `/metadata/ganache/${collection}/42`);
  assert.equal(unknown.status, 404);

  const event: MintConfirmedEvent = {
    mintId: `mint-${item.id}`,
    nftId: String(item.id),
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
  await events.emit(RELAYER_EVENTS.mintConfirmed, event);

  const res = await anonymous.call('GET', `/metadata/ganache/${collection}/042`);
  assert.equal(res.status, 200);
  assert.deepEqual(res.body, {
    name: 'Concert pass',
    description: 'Row 7',
    image: '',
    animation_url: '',
  });
  // the utility URL is revealed only by check-tag after a genuine tap, never by public metadata
  assert.ok(!JSON.stringify(res.body).includes('example.com/perk'), 'no utility URL in token metadata');

  assert.equal((await anonymous.call('GET', `/metadata/ganache/nope/1`)).status, 400);
  assert.equal((await anonymous.call('GET', `/metadata/ganache/${collection}/abc`)).status, 404);
  assert.equal((await anonymous.call('GET', `/metadata/nochain/${collection}/1`)).status, 404);
});
