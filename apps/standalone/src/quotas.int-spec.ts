import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { ManualClock } from '@metatag/nest-kit';
import { type Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, randomUid, superAdmin } from './testing/chips.fixture.js';

// Issue #28 item 3: per-account quotas of links, chips, batches, templates and shop-order links, per
// hour and in total, through the real gateway and services on PostgreSQL; the hour is moved by an
// injected clock. Every account here is a fresh tenant: one's quota never touches another's.
const clock = new ManualClock(new Date());
const HOUR = 3_600_000;
let stack: TestStack;
let boss: Client;

before(async () => {
  stack = await startTestStack({
    clock,
    env: {
      ...chipSecrets(),
      QUOTA_LINKS_PER_HOUR: '5',
      QUOTA_LINKS_TOTAL: '8',
      QUOTA_CHIPS_PER_HOUR: '5',
      QUOTA_CHIPS_TOTAL: '8',
      QUOTA_BATCHES_PER_HOUR: '2',
      QUOTA_BATCHES_TOTAL: '3',
      QUOTA_TEMPLATES_PER_HOUR: '3',
      QUOTA_TEMPLATES_TOTAL: '4',
      QUOTA_WEBHOOK_UNITS_PER_HOUR: '4',
      QUOTA_WEBHOOK_UNITS_TOTAL: '6',
    },
  });
  boss = await superAdmin(stack.url);
});
after(() => stack?.stop());

const account = async () => (await newAdmin(stack.url, boss)).client;
const links = (client: Client, nftId: number, batch: number) =>
  client.call('POST', `/json/qrlink/link/${nftId}?batch=${batch}`, {});
const linkCount = async (client: Client, nftId: number) =>
  (await client.call('GET', `/json/qrlink/link/${nftId}`)).body.total as number;

/** A 429 in the error envelope with this message (and Retry-After when waiting helps). */
function refused(
  res: { status: number; body: Record<string, unknown>; headers: Headers },
  message: string | RegExp,
  retryAfter?: number,
) {
  assert.equal(res.status, 429, JSON.stringify(res.body));
  assert.equal(res.body.error, 'quota_exceeded');
  if (typeof message === 'string') assert.equal(res.body.errorMessage, message);
  else assert.match(String(res.body.errorMessage), message);
  assert.equal(res.headers.get('retry-after'), retryAfter === undefined ? null : String(retryAfter));
}

test('links: per hour and in total, a batch over the limit refused whole, another tenant untouched', async () => {
  const alice = await account();
  const bob = await account();
  const mine = await newTemplate(alice);
  const bobs = await newTemplate(bob);

  refused(
    await links(alice, mine, 6),
    'Quota reached: 5 links per hour; 6 at once is more than an hour allows.',
  );
  assert.equal(await linkCount(alice, mine), 0, 'nothing of a refused batch is kept');
  assert.equal((await links(alice, mine, 3)).status, 201);
  clock.advance(20 * 60_000);
  refused(
    await links(alice, mine, 3),
    'Quota reached: 5 links per hour; 2 left, 3 asked. Try again in 40 minutes.',
    40 * 60,
  );
  assert.equal((await links(alice, mine, 2)).status, 201);
  refused(await links(alice, mine, 1), 'Quota reached: 5 links per hour. Try again in 40 minutes.', 40 * 60);
  assert.equal(await linkCount(alice, mine), 5);

  // bob's quota is his own
  assert.equal((await links(bob, bobs, 5)).status, 201);
  assert.equal(await linkCount(bob, bobs), 5);

  // an hour later the window has room again, up to the total (deleted links count: deleting is no way around it)
  const first = ((await alice.call('GET', `/json/qrlink/link/${mine}`)).body.items as { id: string }[])[0]!;
  assert.equal((await alice.call('DELETE', `/json/qrlink/link/${mine}/${first.id}`)).status, 200);
  clock.advance(HOUR);
  refused(await links(alice, mine, 4), 'Quota reached: 8 links in total; 3 left, 4 asked.');
  assert.equal((await links(alice, mine, 3)).status, 201);
  refused(await links(alice, mine, 1), 'Quota reached: 8 links in total.');
  assert.equal(await linkCount(alice, mine), 7);

  // the super admin's own templates are not counted
  const bossTemplate = await newTemplate(boss);
  assert.equal((await links(boss, bossTemplate, 12)).status, 201);
});

test('20 concurrent link requests against a limit of 5: exactly 5 are made', async () => {
  const carol = await account();
  const nftId = await newTemplate(carol);
  const replies = await Promise.all(Array.from({ length: 20 }, () => links(carol, nftId, 1)));
  const statuses = replies.map((r) => r.status);
  assert.equal(statuses.filter((s) => s === 201).length, 5, statuses.join(','));
  assert.equal(statuses.filter((s) => s === 429).length, 15, statuses.join(','));
  assert.equal(await linkCount(carol, nftId), 5);
});

test('chips: one by one and by CSV upload; an upload over the quota adds none of its rows', async () => {
  const dave = await account();
  const nftId = await newTemplate(dave);
  for (let i = 0; i < 3; i++) {
    const res = await dave.call('POST', `/json/qrlink/chip/${nftId}`, { uid: randomUid() });
    assert.equal(res.status, 201, JSON.stringify(res.body));
  }
  const batch = await dave.call('POST', '/json/chip-batches', {
    nftId,
    name: 'Spring run',
    scheme: 'an10922',
    mode: 'aes',
  });
  assert.equal(batch.status, 201, JSON.stringify(batch.body));
  const upload = (n: number) =>
    dave.call('POST', `/json/chip-batches/${batch.body.id}/chips`, {
      rows: Array.from({ length: n }, () => ({ uid: randomUid() })),
    });
  refused(
    await upload(3),
    /^Quota reached: 5 chips per hour; 2 left, 3 asked\. Try again in 60 minutes\.$/,
    3600,
  );
  const page = await dave.call('GET', `/json/chip-batches/${batch.body.id}/chips`);
  assert.equal((page.body.items as unknown[]).length, 0, 'a refused upload adds nothing');
  assert.equal((await upload(2)).body.added, 2);
  refused(
    await dave.call('POST', `/json/qrlink/chip/${nftId}`, { uid: randomUid() }),
    'Quota reached: 5 chips per hour. Try again in 60 minutes.',
    3600,
  );
  clock.advance(HOUR + 1000);
  refused(await upload(4), 'Quota reached: 8 chips in total; 3 left, 4 asked.');
  assert.equal((await upload(3)).body.added, 3);
});

test('20 concurrent chip uploads of one row each against a limit of 5: exactly 5 chips', async () => {
  const erin = await account();
  const nftId = await newTemplate(erin);
  const batch = await erin.call('POST', '/json/chip-batches', {
    nftId,
    name: 'b',
    scheme: 'an10922',
    mode: 'aes',
  });
  const replies = await Promise.all(
    Array.from({ length: 20 }, () =>
      erin.call('POST', `/json/chip-batches/${batch.body.id}/chips`, { rows: [{ uid: randomUid() }] }),
    ),
  );
  assert.equal(replies.filter((r) => r.status === 200).length, 5);
  assert.equal(replies.filter((r) => r.status === 429).length, 15);
  const page = await erin.call('GET', `/json/chip-batches/${batch.body.id}/chips`);
  assert.equal((page.body.items as unknown[]).length, 5);
});

test('batches: per hour and in total', async () => {
  const frank = await account();
  const nftId = await newTemplate(frank);
  const create = () =>
    frank.call('POST', '/json/chip-batches', { nftId, name: 'b', scheme: 'an10922', mode: 'aes' });
  assert.equal((await create()).status, 201);
  assert.equal((await create()).status, 201);
  refused(await create(), 'Quota reached: 2 chip batches per hour. Try again in 60 minutes.', 3600);
  clock.advance(HOUR + 1000);
  assert.equal((await create()).status, 201);
  refused(await create(), 'Quota reached: 3 chip batches in total.');
});

test('templates: per hour and in total; 10 concurrent creates against a limit of 3 make exactly 3', async () => {
  const gina = await account();
  const replies = await Promise.all(
    Array.from({ length: 10 }, () => gina.call('POST', '/json/ganache/nft', {})),
  );
  assert.equal(replies.filter((r) => r.status === 201).length, 3);
  const quota = replies.filter((r) => r.status === 429);
  assert.equal(quota.length, 7);
  refused(quota[0]!, 'Quota reached: 3 templates per hour. Try again in 60 minutes.', 3600);
  assert.equal(((await gina.call('GET', '/json/ganache/nfts')).body.items as unknown[]).length, 3);
  clock.advance(HOUR + 1000);
  assert.equal((await gina.call('POST', '/json/ganache/nft', {})).status, 201);
  refused(await gina.call('POST', '/json/ganache/nft', {}), 'Quota reached: 4 templates in total.');
  // another tenant is not affected
  assert.equal((await (await account()).call('POST', '/json/ganache/nft', {})).status, 201);
});

// ---- the shop webhook (WooCommerce): an order above the template's open places or the quota is capped

const sign = (body: string, key: string) =>
  spawnSync('openssl', ['dgst', '-sha256', '-hmac', key, '-binary'], { input: body }).stdout.toString(
    'base64',
  );

async function shop(client: Client, product: string, limit?: number) {
  const nftId = await newTemplate(client);
  const patch: Record<string, unknown> = { title: `Ticket ${product}`, woocomerce_item_id: product };
  if (limit !== undefined) patch.limit = limit;
  for (const [field, value] of Object.entries(patch)) {
    const put = await client.call('PUT', `/json/ganache/nft/${nftId}`, { [field]: value });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
  const { value: token, secret } = (await client.call('GET', '/woo_commmerce_access_token')).body as {
    value: string;
    secret: string;
  };
  const deliver = async (id: number, quantity: number) => {
    const body = JSON.stringify({
      id,
      status: 'processing',
      billing: { email: 'bea.buyer@example.org' },
      line_items: [{ id: 1, product_id: Number(product), quantity }],
    });
    const res = await fetch(`${stack.url}/woocommerce-webhook?access_token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': sign(body, secret) },
      body,
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { nftId, deliver };
}

test("an order above the template's open places makes only links that can mint, and says so", async () => {
  const hana = await account();
  const { nftId, deliver } = await shop(hana, '301', 3);
  const reply = await deliver(9001, 5);
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  assert.equal(reply.body.links, 3);
  assert.equal(reply.body.refused, 2);
  const note =
    'line 1: 3 of 5 link(s) made, 2 refused: the template "Ticket 301" (limit 3) has 3 place(s) left';
  assert.deepEqual(reply.body.notes, [note]);
  assert.equal(await linkCount(hana, nftId), 3);
  const log = (await hana.call('GET', '/json/shop/deliveries')).body.items as {
    detail: string;
    linksCreated: number;
  }[];
  assert.ok(log[0]!.detail.startsWith(note), log[0]!.detail);
  assert.equal(log[0]!.linksCreated, 3);

  // the 3 waiting links hold the 3 places: a second order makes none
  const second = await deliver(9002, 1);
  assert.equal(second.body.links, 0);
  assert.equal(second.body.refused, 1);
  assert.equal(await linkCount(hana, nftId), 3);
  // a redelivery of the first order makes nothing new either
  assert.equal((await deliver(9001, 5)).body.links, 0);
});

test('shop order links per hour: the excess of an order is refused with a note; another tenant is not affected', async () => {
  const ivan = await account();
  const { nftId, deliver } = await shop(ivan, '302');
  const reply = await deliver(9101, 6);
  assert.equal(reply.body.links, 4);
  assert.equal(reply.body.refused, 2);
  assert.deepEqual(reply.body.notes, [
    'line 1: 4 of 6 link(s) made, 2 refused: the shop order links quota (QUOTA_WEBHOOK_UNITS_*) leaves 4',
  ]);
  assert.equal(await linkCount(ivan, nftId), 4);
  const jane = await account();
  const other = await shop(jane, '303');
  assert.equal((await other.deliver(9201, 2)).body.links, 2);
});

test('shop order links in total: after the hour the hourly budget is back, the total is not', async () => {
  const kim = await account();
  const { nftId, deliver } = await shop(kim, '304');
  const first = await deliver(9301, 4);
  assert.deepEqual(first.body, { ok: true, links: 4 }, 'within both limits: nothing refused');
  clock.advance(HOUR + 1000);
  // a fresh hour allows 4, but the total of 6 leaves 2
  const second = await deliver(9302, 4);
  assert.deepEqual([second.body.links, second.body.refused], [2, 2], JSON.stringify(second.body));
  assert.deepEqual(second.body.notes, [
    'line 1: 2 of 4 link(s) made, 2 refused: the shop order links quota (QUOTA_WEBHOOK_UNITS_*) leaves 2',
  ]);
  clock.advance(HOUR + 1000);
  const third = await deliver(9303, 1);
  assert.deepEqual([third.body.links, third.body.refused], [0, 1], JSON.stringify(third.body));
  assert.deepEqual(third.body.notes, [
    'line 1: 0 of 1 link(s) made, 1 refused: the shop order links quota (QUOTA_WEBHOOK_UNITS_*) leaves 0',
  ]);
  assert.equal(await linkCount(kim, nftId), 6);
  const log = (await kim.call('GET', '/json/shop/deliveries')).body.items as { detail: string }[];
  assert.ok(log[0]!.detail.includes('leaves 0'), log[0]!.detail);
  // another tenant's total is its own
  const lee = await account();
  assert.equal((await (await shop(lee, '305')).deliver(9401, 4)).body.links, 4);
});
