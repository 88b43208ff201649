import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';

// Chips, links and the scan path through the real gateway, chiplinks and templates services on a real
// PostgreSQL. The chain is not needed here (see chips-chain.int-spec.ts for mint data and lock).
const secrets = chipSecrets();
/** Absolute URLs (CSV, QR codes) come from PUBLIC_URL, not from the address the test calls. */
const PUBLIC_ORIGIN = 'https://chips.metatag.test';
let stack: TestStack;
let owner: Client;
let other: Client;
let boss: Client;
let nftId: number;

before(async () => {
  stack = await startTestStack({ env: { ...secrets, PUBLIC_URL: PUBLIC_ORIGIN } });
  boss = await superAdmin(stack.url);
  owner = (await newAdmin(stack.url, boss)).client;
  other = (await newAdmin(stack.url, boss)).client;
  nftId = await newTemplate(owner);
});
after(() => stack?.stop());

const checkTag = (tag: string, auth: string) =>
  new Client(stack.url).call('POST', '/json/check-tag', { tag, auth });

test('links: one, a batch, the first 30 with the total, removal, and batch bounds', async () => {
  const template = await newTemplate(owner);
  const one = await owner.call('POST', `/json/qrlink/link/${template}`, {});
  assert.equal(one.status, 201, JSON.stringify(one.body));
  const item = one.body.item as { id: string; uid: string; type: string; tokenToMint: string };
  assert.match(item.id, /^[0-9A-Za-z]{14}$/);
  assert.match(item.uid, /^[0-9A-F]{24}$/, 'a link uid carries 96 bits (#28, decision 107)');
  assert.equal(item.type, 'link');
  const batch = await owner.call('POST', `/json/qrlink/link/${template}?batch=34`, {});
  assert.equal(batch.status, 201);
  assert.equal((batch.body.items as unknown[]).length, 34);
  const list = await owner.call('GET', `/json/qrlink/link/${template}`);
  assert.equal(list.status, 200);
  assert.equal(list.body.ok, true);
  assert.equal((list.body.items as unknown[]).length, 30);
  assert.equal(list.body.total, 35);
  assert.equal((list.body.items as { id: string }[])[0].id, item.id, 'oldest first');

  const csv = await fetch(`${stack.url}/json/qrlink/link/${template}/links.csv`, {
    headers: { cookie: owner.cookie! },
  });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get('content-disposition') ?? '', /attachment; filename="links.csv"/);
  assert.match(csv.headers.get('content-type') ?? '', /text\/csv/);
  const lines = (await csv.text()).trim().split('\r\n');
  assert.equal(lines[0], 'id,type,uid,url,scans,mints,tokenToMint,locked,created');
  assert.equal(lines.length, 36, 'a header and 35 rows');
  assert.ok(
    lines[1].startsWith(
      `${item.id},link,${item.uid},${PUBLIC_ORIGIN}/link/${item.id},0,0,${item.tokenToMint},false,`,
    ),
  );

  const removed = await owner.call('DELETE', `/json/qrlink/link/${template}/${item.id}`);
  assert.deepEqual([removed.status, removed.body], [200, { ok: true }]);
  assert.equal((await owner.call('GET', `/json/qrlink/link/${template}`)).body.total, 34);
  assert.equal((await owner.call('DELETE', `/json/qrlink/link/${template}/${item.id}`)).status, 404);
  const gone = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${item.id}?type=link`);
  assert.deepEqual([gone.status, gone.body.errorMessage], [404, 'Link is not valid']);

  for (const bad of ['-1', '0', '10001', 'x', '1.5']) {
    const res = await owner.call('POST', `/json/qrlink/link/${template}?batch=${bad}`, {});
    assert.equal(res.status, 400, `batch=${bad}`);
  }
  assert.equal((await owner.call('GET', `/json/qrlink/link/${template}`)).body.total, 34, 'nothing made');

  // the templates service keeps the template's counts from chiplinks' events
  const counts = async () => {
    const { body } = await owner.call('GET', '/json/ganache/nfts');
    const row = (body.items as { id: number; chips: number; links: number }[]).find((t) => t.id === template);
    return row && { chips: row.chips, links: row.links };
  };
  for (let i = 0; i < 50 && (await counts())?.links !== 34; i++) await new Promise((r) => setTimeout(r, 100));
  assert.deepEqual(await counts(), { chips: 0, links: 34 });
});

test('a CSV of many rows is complete (paged through the service)', async () => {
  const template = await newTemplate(owner);
  assert.equal((await owner.call('POST', `/json/qrlink/link/${template}?batch=2500`, {})).status, 201);
  const csv = await fetch(`${stack.url}/json/qrlink/link/${template}/links.csv`, {
    headers: { cookie: owner.cookie! },
  });
  const lines = (await csv.text()).trim().split('\r\n');
  assert.equal(lines.length, 2501);
  assert.equal(new Set(lines.slice(1).map((l) => l.split(',')[0])).size, 2500);
});

test('QR codes point at the public page, as SVG and PNG', async () => {
  const link = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { id: string };
  const svg = await fetch(`${stack.url}/json/qrlink/${link.id}/qr.svg`);
  assert.equal(svg.status, 200);
  assert.match(svg.headers.get('content-type') ?? '', /image\/svg\+xml/);
  assert.match(await svg.text(), /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  const png = await fetch(`${stack.url}/json/qrlink/${link.id}/qr.png`);
  assert.equal(png.headers.get('content-type'), 'image/png');
  const bytes = Buffer.from(await png.arrayBuffer());
  assert.deepEqual([...bytes.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.equal((await fetch(`${stack.url}/json/qrlink/NoSuchLink123/qr.svg`)).status, 404);
});

test('chips: the UID is required, unique among live chips, and never shown publicly', async () => {
  const empty = await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: '' });
  assert.deepEqual([empty.status, empty.body.errorMessage], [400, 'Chip id is required']);
  assert.equal((await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: 'zz' })).status, 400);
  assert.equal(
    (await owner.call('POST', `/json/qrlink/chip/${nftId}?batch=2`, { uid: '04AABBCCDDEEFF' })).status,
    400,
  );
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const again = await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: chip.uid.toLowerCase() });
  assert.equal(again.status, 409);
  const page = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${id}?type=chip`);
  assert.equal(page.status, 200);
  const body = page.body as {
    chiplink: Record<string, unknown>;
    nft: Record<string, unknown>;
    isNfcNft: boolean;
  };
  assert.equal(body.chiplink.uid, null);
  assert.equal(body.isNfcNft, false);
  assert.ok(!JSON.stringify(page.body).includes(chip.uid), 'the UID appears nowhere');
  assert.equal(body.nft.id, nftId);
  assert.equal(body.nft.owner, undefined, 'no owner id on a public page');
  const unknown = await new Client(stack.url).call('GET', '/json/nft-by-chiplink/Unknown12345?type=chip');
  assert.deepEqual([unknown.status, unknown.body.errorMessage], [404, 'Tag is not connected yet']);
  const wrongType = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${id}?type=link`);
  assert.equal(wrongType.status, 404);
});

test('check-tag: a fresh URL authenticates once; replays and lower counters are Not Authentic', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const first = chip.tap();
  const ok = await checkTag(id, first);
  assert.equal(ok.status, 200);
  assert.equal(ok.body.ok, true, JSON.stringify(ok.body));
  assert.match(ok.body.jwt as string, /^[\w-]+\.[\w-]+\.[\w-]+$/);
  assert.equal(ok.body.chain, 'ganache');
  assert.equal(ok.body.nftId, nftId);
  assert.equal(ok.body.url, null, 'no utility url set');
  for (const key of [
    'pendingTransactionData',
    'pendingTransactionValue',
    'transactionDataToRelayer',
    'relayer',
    'redirectUrl',
  ])
    assert.equal(ok.body[key], null, key);

  const failed = {
    ok: false,
    fileData: null,
    url: null,
    jwt: null,
    scanToken: null,
    continuation: null,
    chain: null,
    nftId: null,
    pendingTransactionData: null,
    pendingTransactionValue: null,
    transactionDataToRelayer: null,
    relayer: null,
    redirectUrl: null,
    tamper: null,
  };
  assert.deepEqual((await checkTag(id, first)).body, failed, 'replayed');
  assert.deepEqual((await checkTag(id, first.toLowerCase())).body, failed, 'replayed, other case');
  assert.equal((await checkTag(id, chip.at(5))).body.ok, true, 'a skip ahead is fine');
  assert.deepEqual((await checkTag(id, chip.at(3))).body, failed, 'lower than the last accepted');
  assert.deepEqual((await checkTag(id, chip.at(5))).body, failed, 'equal to the last accepted');
  const tampered = chip.at(6).replace(/.$/, (c) => (c === '0' ? '1' : '0'));
  assert.deepEqual((await checkTag(id, tampered)).body, failed, 'one hex digit of the MAC changed');
  assert.deepEqual((await checkTag(id, 'nothex')).body, failed);
  assert.deepEqual((await checkTag('Unknown12345', chip.at(7))).body, failed, 'unknown chip');
  assert.equal((await checkTag(id, chip.at(7))).body.ok, true, 'the real next tap still works');
  assert.equal((await new Client(stack.url).call('POST', '/json/check-tag', {})).status, 400);
});

test('check-tag edge: bad bodies get a clear 400 in the API error shape, on the fast path and off it', async () => {
  const post = (body: string, type = 'application/json') =>
    fetch(`${stack.url}/json/check-tag`, { method: 'POST', headers: { 'content-type': type }, body });
  const cases: [string, string, number, string][] = [
    ['{"auth":"00"}', 'application/json', 400, 'tag is required'],
    ['{"tag":"abc"}', 'application/json', 400, 'auth is required'],
    ['{not json', 'application/json', 400, 'Request body is not valid JSON'],
    ['x'.repeat(5000), 'application/json', 413, 'Request body is too large'],
    // a browser form's type is refused on every state-changing route (issue #13, browser-security.ts)
    [
      'tag=abc',
      'application/x-www-form-urlencoded',
      415,
      'Request body must be application/json or multipart/form-data',
    ],
  ];
  for (const [body, type, status, message] of cases) {
    const res = await post(body, type);
    assert.equal(res.status, status, body.slice(0, 20));
    const reply = (await res.json()) as { error: string; errorMessage: string };
    assert.equal(reply.errorMessage, message, body.slice(0, 20));
    assert.equal(typeof reply.error, 'string');
  }
  const unknown = await post(JSON.stringify({ tag: 'Unknown12345', auth: '0'.repeat(48) }));
  assert.equal(unknown.status, 200);
  assert.equal(((await unknown.json()) as { ok: boolean }).ok, false);
});

test("chip A's URL presented for chip B is Not Authentic", async () => {
  const a = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const b = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const idA = await provisionChip(owner, nftId, a);
  const idB = await provisionChip(owner, nftId, b);
  const urlOfA = a.tap();
  assert.equal((await checkTag(idB, urlOfA)).body.ok, false);
  assert.equal((await checkTag(idA, urlOfA)).body.ok, true, 'it was a genuine URL of A');
});

test('20 concurrent submissions of one fresh URL: exactly one is accepted', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const url = chip.tap();
  const results = await Promise.all(Array.from({ length: 20 }, () => checkTag(id, url)));
  assert.deepEqual(
    results.map((r) => r.status),
    Array(20).fill(200),
  );
  assert.equal(results.filter((r) => r.body.ok === true).length, 1);
  const page = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${id}?type=chip`);
  assert.equal((page.body.chiplink as { scans: number }).scans, 1);
});

test('imported chip keys authenticate; keys diversified from the master key then do not', async () => {
  const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY, undefined, keys);
  const id = await provisionChip(owner, nftId, chip, {
    keys: { metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') },
  });
  const derived = new SimulatedChip(secrets.CHIP_MASTER_KEY, chip.uid);
  assert.equal((await checkTag(id, derived.at(1))).body.ok, false);
  assert.equal((await checkTag(id, chip.tap())).body.ok, true);
});

test('scans: each accepted scan is recorded with time and location, newest first, for the owner only', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  for (let i = 0; i < 3; i++) assert.equal((await checkTag(id, chip.tap())).body.ok, true);
  await checkTag(id, chip.at(1)); // refused: not recorded
  const res = await owner.call('GET', `/scans?uid=${id}`);
  assert.equal(res.status, 200);
  const items = res.body.items as { timestamp: string; city: null; radius: null; country: null }[];
  assert.equal(items.length, 3);
  assert.deepEqual(Object.keys(items[0]).sort(), [
    'city',
    'counterJump',
    'country',
    'fileData',
    'radius',
    'serial',
    'tamper',
    'timestamp',
  ]);
  // a per-chip URL carries no GS1 serial (#26: only a batch URL's /01/{GTIN}/21/{SERIAL} path does)
  assert.equal((items[0] as { serial?: string | null }).serial, null);
  assert.deepEqual(
    [items[0].city, items[0].radius, items[0].country],
    [null, null, null],
    'loopback has no location',
  );
  const times = items.map((i) => Date.parse(i.timestamp));
  assert.deepEqual(
    times,
    [...times].sort((x, y) => y - x),
  );
  assert.equal((await other.call('GET', `/scans?uid=${id}`)).status, 404);
  assert.equal((await boss.call('GET', `/scans?uid=${id}`)).status, 200);
  assert.equal((await new Client(stack.url).call('GET', `/scans?uid=${id}`)).status, 401);

  // behind a proxy on loopback (trust proxy), the scan is placed where the visitor is
  const viaProxy = await new Client(stack.url).call(
    'POST',
    '/json/check-tag',
    { tag: id, auth: chip.tap() },
    {
      'x-forwarded-for': '8.8.8.8',
    },
  );
  assert.equal(viaProxy.body.ok, true);
  const placed = (await owner.call('GET', `/scans?uid=${id}`)).body.items as { country: string | null }[];
  assert.equal(placed.length, 4);
  assert.equal(placed[0].country, 'US', 'the forwarded address, not the proxy, is located');
});

test('opening a link counts as its scan', async () => {
  const link = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as {
    id: string;
    uid: string;
  };
  const page = await new Client(stack.url).call('GET', `/json/nft-by-chiplink/${link.id}?type=link`);
  assert.equal(page.status, 200);
  assert.equal((page.body.chiplink as { uid: string }).uid, link.uid);
  assert.equal((page.body.chiplink as { scans: number }).scans, 1);
  assert.equal(((await owner.call('GET', `/scans?uid=${link.id}`)).body.items as unknown[]).length, 1);
});

test('only the owner of the template or a super admin manages its chips and links', async () => {
  const anonymous = new Client(stack.url);
  assert.equal((await anonymous.call('GET', `/json/qrlink/link/${nftId}`)).status, 401);
  assert.equal((await anonymous.call('POST', `/json/qrlink/link/${nftId}`, {})).status, 401);
  assert.equal((await other.call('GET', `/json/qrlink/link/${nftId}`)).status, 404);
  assert.equal((await other.call('POST', `/json/qrlink/link/${nftId}`, {})).status, 404);
  const item = (await owner.call('POST', `/json/qrlink/link/${nftId}`, {})).body.item as { id: string };
  assert.equal((await other.call('DELETE', `/json/qrlink/link/${nftId}/${item.id}`)).status, 404);
  assert.equal((await other.call('GET', `/json/qrlink/link/${nftId}/links.csv`)).status, 404);
  assert.equal((await boss.call('GET', `/json/qrlink/link/${nftId}`)).status, 200);
  assert.equal(
    (await other.call('GET', `/json/qrlink/link/${nftId}?user=1`)).status,
    403,
    '?user= is for super admins',
  );
  assert.equal((await owner.call('GET', `/json/qrlink/nope/${nftId}`)).status, 404);
});

test('get-mint-data without a fresh scan or without a collection: cannot mint', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const to = `0x${'12'.repeat(20)}`;
  const noProof = await new Client(stack.url).call('GET', `/json/get-mint-data/${id}?to=${to}`);
  // this template has no collection: that refusal comes first and names no cause a buyer could act on
  assert.deepEqual(noProof.body, { ok: false, errorMessage: 'cannot mint' });
  const jwt = (await checkTag(id, chip.tap())).body.scanToken as string;
  const noCollection = await new Client(stack.url).call(
    'GET',
    `/json/get-mint-data/${id}?to=${to}&authtoken=${jwt}`,
  );
  assert.deepEqual(
    noCollection.body,
    { ok: false, errorMessage: 'cannot mint' },
    'the template has no collection',
  );
  assert.equal((await new Client(stack.url).call('GET', `/json/get-mint-data/${id}?to=nope`)).status, 400);
});
