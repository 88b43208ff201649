import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import pg from 'pg';
import type { NftTemplate } from '@metatag/api-types';
import { TEMPLATES_EVENTS } from '@metatag/events';
import { createServiceClient, InProcessBus, type ServiceClient } from '@metatag/nest-kit';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';

// Chiplinks' local read model of templates (issue #14 item 2): fed by templates' events (outbox,
// published after commit), a version per row, idempotent, caught up from templates at start. Seeds go
// through the API; the projection's rows are read (and, to play a consumer that missed events, set
// back) in chiplinks' own tables.
const secrets = chipSecrets();
const bus = new InProcessBus();
let stack: TestStack;
let db: pg.Pool;
let events: ServiceClient;
let owner: Client;

before(async () => {
  stack = await startTestStack({ bus, env: secrets });
  db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  events = createServiceClient(
    'test',
    { TRANSPORT: 'inprocess', NATS_URL: 'nats://unused', RPC_TIMEOUT_MS: 5000 },
    bus,
  );
  owner = (await newAdmin(stack.url, await superAdmin(stack.url))).client;
});
after(async () => {
  await db?.end();
  await stack?.stop();
});

async function projected(id: number): Promise<{ version: number; item: NftTemplate } | undefined> {
  const { rows } = await db.query<{ version: string; item: NftTemplate }>(
    'select version, item from chiplinks.template_views where id = $1',
    [id],
  );
  return rows[0] && { version: Number(rows[0].version), item: rows[0].item };
}

/** One field per PUT (spec section 5). */
const edit = async (id: number, body: Record<string, unknown>) => {
  const res = await owner.call('PUT', `/json/ganache/nft/${id}`, body);
  assert.equal(res.status, 200, JSON.stringify(res.body));
};

/** What the public link page shows of the template (read by chiplinks from its projection). */
async function publicTitle(linkId: string): Promise<unknown> {
  const res = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${linkId}?type=link`);
  return res.status === 200 ? (res.body.nft as { title: string }).title : res.status;
}

async function newLink(nftId: number): Promise<string> {
  const res = await owner.call('POST', `/json/qrlink/link/${nftId}`, {});
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return (res.body.item as { id: string }).id;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('a template change is in the projection when its answer comes, with a newer version each time', async () => {
  const id = await newTemplate(owner);
  const created = await projected(id);
  assert.ok(created, 'projected on create');
  assert.equal(created.item.chain, 'ganache');
  await edit(id, { title: 'First title' });
  const first = await projected(id);
  assert.equal(first?.item.title, 'First title');
  assert.ok(first.version > created.version);
  await edit(id, { limit: 3 });
  const second = await projected(id);
  assert.deepEqual([second?.item.title, second?.item.limit], ['First title', 3]);
  assert.ok(second!.version > first.version);
  const link = await newLink(id);
  assert.equal(await publicTitle(link), 'First title');

  const deleted = await owner.call('DELETE', `/json/ganache/nft/${id}`);
  assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
  assert.equal((await projected(id))?.item.deleted, true);
  assert.equal(await publicTitle(link), 404, 'a deleted template has no public page');
});

test('an older version is ignored and a redelivered event changes nothing', async () => {
  const id = await newTemplate(owner);
  await edit(id, { title: 'Old' });
  const old = (await projected(id))!;
  await edit(id, { title: 'New' });
  const current = (await projected(id))!;
  const link = await newLink(id);

  // the older state arrives late (at least once, in any order): ignored
  await events.emit(TEMPLATES_EVENTS.nftChanged, old);
  assert.deepEqual(await projected(id), current);
  assert.equal(await publicTitle(link), 'New');

  // the current state again (a redelivery, a replay): same row
  const before = await db.query('select applied_at from chiplinks.template_views where id = $1', [id]);
  await events.emit(TEMPLATES_EVENTS.nftChanged, current);
  await events.emit(TEMPLATES_EVENTS.nftChanged, current);
  assert.deepEqual(await projected(id), current);
  const afterRow = await db.query('select applied_at from chiplinks.template_views where id = $1', [id]);
  assert.deepEqual(afterRow.rows, before.rows, 'not even rewritten');

  // a newer version than templates has (only templates makes those; here to show the rule) wins
  await events.emit(TEMPLATES_EVENTS.nftChanged, {
    version: current.version + 1_000_000,
    item: { ...current.item, title: 'Newest' },
  });
  assert.equal((await projected(id))?.item.title, 'Newest');
});

test('after a restart, the catch-up replays what the consumer missed; taps and pages work from it', async () => {
  const id = await newTemplate(owner);
  await edit(id, { utility_url: 'https://utility.example/before' });
  await edit(id, { title: 'Before' });
  const seen = (await projected(id))!;
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const tag = await provisionChip(owner, id, chip);
  const link = await newLink(id);
  const unseen = await newTemplate(owner);
  await edit(unseen, { title: 'Never delivered' });

  // play a consumer that missed these events: its rows as they were before them (the catch-up's
  // cursor stays where the start's catch-up left it, below these versions)
  await edit(id, { title: 'After' });
  await edit(id, { utility_url: 'https://utility.example/after' });
  await db.query('update chiplinks.template_views set version = $2, item = $3 where id = $1', [
    id,
    seen.version,
    JSON.stringify(seen.item),
  ]);
  await db.query('delete from chiplinks.template_views where id = $1', [unseen]);
  // its catch-up had got as far as the state it saw
  await db.query(
    `insert into chiplinks.projection_cursors (name, version) values ('templates', $1)
     on conflict (name) do update set version = excluded.version`,
    [seen.version],
  );

  await stack.restart();
  const caughtUp = await until(
    () => projected(id),
    (row) => row?.item.title === 'After',
    'the missed change replayed',
  );
  assert.equal(caughtUp?.item.utility_url, 'https://utility.example/after');
  assert.equal((await projected(unseen))?.item.title, 'Never delivered');
  assert.equal(await publicTitle(link), 'After');
  const tap = await new Client(stack.url).call('POST', '/json/check-tag', { tag, auth: chip.tap() });
  assert.equal(tap.body.ok, true, JSON.stringify(tap.body));
  assert.equal(tap.body.url, 'https://utility.example/after');
});

test('collections and default collections are projected too: where a template mints comes from them', async () => {
  const address = `0x${'c1'.repeat(20)}`;
  const { rows: before } = await db.query(
    'select owner_id from chiplinks.collection_views where chain = $1 and address = $2',
    ['ganache', address],
  );
  assert.equal(before.length, 0);
  await events.emit(TEMPLATES_EVENTS.collectionAttached, {
    version: 1,
    chain: 'ganache',
    address,
    ownerId: 7,
  });
  await events.emit(TEMPLATES_EVENTS.collectionAttached, {
    version: 1,
    chain: 'ganache',
    address,
    ownerId: 8,
  });
  const { rows } = await db.query(
    'select owner_id, version from chiplinks.collection_views where chain = $1 and address = $2',
    ['ganache', address],
  );
  assert.deepEqual(rows, [{ owner_id: 7, version: '1' }], 'the same version again changes nothing');
  // the default collections were caught up at start (none configured here: '' per chain)
  const defaults = await db.query(
    `select address from chiplinks.default_collection_views where chain = 'ganache'`,
  );
  assert.deepEqual(defaults.rows, [{ address: '' }]);
});
