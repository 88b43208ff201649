import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { SunLayout, SunMode } from '@metatag/chips';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  chipSecrets,
  newAdmin,
  newTemplate,
  provisionChip,
  randomUid,
  SimulatedChip,
  superAdmin,
} from './testing/chips.fixture.js';

// Issue #12 through the real gateway and chiplinks service on PostgreSQL: every SUN mode and URL
// layout on check-tag (fast path and body shapes), key schemes, UID-bound counters across delete,
// re-add and moves, the factory-key refusal and the admin's tap URL check.
const secrets = chipSecrets();
let stack: TestStack;
let owner: Client;
let other: Client;
let boss: Client;
let nftId: number;

before(async () => {
  stack = await startTestStack({ env: secrets });
  boss = await superAdmin(stack.url);
  owner = (await newAdmin(stack.url, boss)).client;
  other = (await newAdmin(stack.url, boss)).client;
  nftId = await newTemplate(owner);
});
after(() => stack?.stop());

const checkTag = (body: Record<string, string>) =>
  new Client(stack.url).call('POST', '/json/check-tag', body);

const combos: { mode: SunMode; layout: SunLayout; file: boolean }[] = [];
for (const layout of ['auth', 'e', 'picc'] as SunLayout[])
  for (const mode of ['aes', 'lrp'] as SunMode[])
    for (const file of [false, true]) combos.push({ mode, layout, file });
combos.push({ mode: 'plain', layout: 'plain', file: false });

test('check-tag accepts every mode and layout, as the raw query and as the layout parameters', async () => {
  for (const { mode, layout, file } of combos) {
    const fileData = file ? Buffer.from('NT1xxxxxxxxxxxxxxxxxxxxxxxxxxxx!') : undefined;
    const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY, undefined, undefined, 0, {
      mode,
      layout,
      fileData,
    });
    const id = await provisionChip(owner, nftId, chip);
    const what = `${mode} ${layout} ${file ? 'file data' : ''}`;
    // the page's way: the exact query string
    const query = chip.tapQuery();
    const ok = await checkTag({ tag: id, query: `?${query}` });
    assert.equal(ok.status, 200, what);
    assert.equal(ok.body.ok, true, `${what}: ${JSON.stringify(ok.body)}`);
    assert.equal(ok.body.fileData, fileData ? fileData.toString('hex') : null, what);
    assert.equal((await checkTag({ tag: id, query })).body.ok, false, `${what}: replayed`);
    // an API caller's way: the layout's own parameters
    const params = Object.fromEntries(new URLSearchParams(chip.tapQuery()));
    assert.equal((await checkTag({ tag: id, ...params })).body.ok, true, `${what} as parameters`);
    // the decrypted file data is kept with the scan
    const scans = (await owner.call('GET', `/scans?uid=${id}`)).body.items as { fileData: string | null }[];
    assert.equal(scans.length, 2, what);
    assert.deepEqual(
      scans.map((s) => s.fileData),
      [0, 1].map(() => fileData?.toString('hex') ?? null),
      what,
    );
  }
});

test('file data: the MAC covers the URL text, so reordered or renamed parameters are Not Authentic', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY, undefined, undefined, 0, {
    layout: 'picc',
    fileData: Buffer.alloc(16, 0x41),
  });
  const id = await provisionChip(owner, nftId, chip);
  const query = chip.tapQuery();
  assert.equal((await checkTag({ tag: id, query: query.replace('&cmac=', '&x=&cmac=') })).body.ok, false);
  assert.equal((await checkTag({ tag: id, query })).body.ok, true);
});

test('sdm-backend fleets: chips keep the keys its verifier gave them (its own vectors, through the gateway)', async () => {
  const vectors = JSON.parse(
    readFileSync(
      new URL('../../../libs/chips/src/fixtures/sdm-backend-vectors.json', import.meta.url),
      'utf8',
    ),
  ) as {
    messages: { scheme: string; masterKey: string; query: string; uid: string; fileData: string | null }[];
  };
  for (const v of vectors.messages.slice(0, 10)) {
    const template = await newTemplate(owner);
    const id = await provisionChip(owner, template, new SimulatedChip(secrets.CHIP_MASTER_KEY, v.uid), {
      scheme: v.scheme,
      masterKey: v.masterKey,
    });
    const res = await checkTag({ tag: id, query: v.query });
    assert.equal(res.body.ok, true, `${v.scheme} ${v.query}`);
    assert.equal(res.body.fileData, v.fileData);
  }
});

test('chips provisioned before AN10922 was followed exactly (legacy) keep working; an10922 keys differ', async () => {
  const legacy = new SimulatedChip(secrets.CHIP_MASTER_KEY, undefined, undefined, 0, { scheme: 'legacy' });
  const id = await provisionChip(owner, nftId, legacy, { scheme: 'legacy' });
  assert.equal((await checkTag({ tag: id, auth: legacy.tap() })).body.ok, true);
  const an10922 = new SimulatedChip(secrets.CHIP_MASTER_KEY, legacy.uid);
  assert.equal((await checkTag({ tag: id, auth: an10922.at(50) })).body.ok, false);
});

test('factory and published keys are refused at import, with the reason', async () => {
  const zero = '00000000000000000000000000000000';
  const imported = await owner.call('POST', `/json/qrlink/chip/${nftId}`, {
    uid: randomUid(),
    keys: { metaReadKey: zero, fileReadKey: randomBytes(16).toString('hex') },
  });
  assert.equal(imported.status, 400);
  assert.match(
    imported.body.errorMessage as string,
    /metaReadKey is the all-zero factory default key: anyone can forge/,
  );
  const fleet = await owner.call('POST', `/json/qrlink/chip/${nftId}`, {
    uid: randomUid(),
    scheme: 'sdm-backend',
    masterKey: zero,
  });
  assert.equal(fleet.status, 400);
  assert.match(fleet.body.errorMessage as string, /masterKey is the all-zero factory default key/);
  const badScheme = await owner.call('POST', `/json/qrlink/chip/${nftId}`, {
    uid: randomUid(),
    scheme: 'des',
  });
  assert.equal(badScheme.status, 400);
});

test('delete, re-add and replay: the chip comes back with its id, scans and counter; old URLs stay Not Authentic', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const old = chip.tap();
  assert.equal((await checkTag({ tag: id, auth: old })).body.ok, true);
  const unused = chip.tap(); // produced by the chip, never presented
  assert.equal((await checkTag({ tag: id, auth: chip.tap() })).body.ok, true);
  assert.equal((await owner.call('DELETE', `/json/qrlink/chip/${nftId}/${id}`)).status, 200);
  assert.equal((await checkTag({ tag: id, auth: chip.tap() })).body.ok, false, 'a deleted chip');

  const again = await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: chip.uid });
  assert.equal(again.status, 201, JSON.stringify(again.body));
  assert.equal((again.body.item as { id: string }).id, id, 'restored under the id the chip carries');
  for (const replay of [old, unused])
    assert.equal((await checkTag({ tag: id, auth: replay })).body.ok, false, 'an old URL after re-adding');
  assert.equal((await checkTag({ tag: id, auth: chip.tap() })).body.ok, true, 'the next tap works');
  assert.equal(
    ((await owner.call('GET', `/scans?uid=${id}`)).body.items as unknown[]).length,
    3,
    'history kept',
  );
  assert.equal((await owner.call('POST', `/json/qrlink/chip/${nftId}`, { uid: chip.uid })).status, 409);
});

test('moving a chip to another template keeps its counter; another owner re-adding the UID gets a new id, same counter', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  const old = chip.tap();
  assert.equal((await checkTag({ tag: id, auth: old })).body.ok, true);
  await owner.call('DELETE', `/json/qrlink/chip/${nftId}/${id}`);
  const second = await newTemplate(owner);
  const moved = await owner.call('POST', `/json/qrlink/chip/${second}`, { uid: chip.uid });
  assert.equal(moved.status, 201);
  assert.deepEqual(
    [(moved.body.item as { id: string }).id, (moved.body.item as { nftId: number }).nftId],
    [id, second],
  );
  assert.equal((await checkTag({ tag: id, auth: old })).body.ok, false, 'replay after the move');
  const tapped = await checkTag({ tag: id, auth: chip.tap() });
  assert.deepEqual([tapped.body.ok, tapped.body.nftId], [true, second]);
  const firstList = (await owner.call('GET', `/json/qrlink/chip/${nftId}`)).body.items as { id: string }[];
  assert.ok(!firstList.some((i) => i.id === id));

  await owner.call('DELETE', `/json/qrlink/chip/${second}/${id}`);
  const stranger = await newTemplate(other);
  const taken = await other.call('POST', `/json/qrlink/chip/${stranger}`, { uid: chip.uid });
  assert.equal(taken.status, 201);
  const newId = (taken.body.item as { id: string }).id;
  assert.notEqual(newId, id, "someone else's deleted chip is not handed over");
  assert.equal(
    (await checkTag({ tag: newId, auth: chip.at(1) })).body.ok,
    false,
    'the UID keeps its counter',
  );
  assert.equal((await checkTag({ tag: newId, auth: chip.tap() })).body.ok, true);
});

test('re-adding with new keys: the scan path drops its cached keys and the new ones work at once', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY);
  const id = await provisionChip(owner, nftId, chip);
  assert.equal((await checkTag({ tag: id, auth: chip.tap() })).body.ok, true); // keys now cached
  await owner.call('DELETE', `/json/qrlink/chip/${nftId}/${id}`);
  const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
  const rekeyed = new SimulatedChip(secrets.CHIP_MASTER_KEY, chip.uid, keys, chip.counter);
  const res = await owner.call('POST', `/json/qrlink/chip/${nftId}`, {
    uid: chip.uid,
    keys: { metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') },
  });
  assert.equal(res.status, 201);
  assert.equal((await checkTag({ tag: id, auth: chip.tap() })).body.ok, false, 'the old keys');
  assert.equal(
    (await checkTag({ tag: id, auth: rekeyed.at(chip.counter + 1) })).body.ok,
    true,
    'the new keys',
  );
});

test('check a tap URL: what it carries, without consuming it; for the owner and super admins only', async () => {
  const chip = new SimulatedChip(secrets.CHIP_MASTER_KEY, undefined, undefined, 0, {
    mode: 'lrp',
    layout: 'picc',
    fileData: Buffer.alloc(16, 0x7a),
  });
  const id = await provisionChip(owner, nftId, chip);
  const url = `${stack.url}/tag/${id}?${chip.tapQuery()}`;
  const checked = await owner.call('POST', '/json/check-tap-url', { url });
  assert.equal(checked.status, 200, JSON.stringify(checked.body));
  assert.deepEqual(checked.body, {
    ok: true,
    chip: { id, nftId, deleted: false, scheme: 'an10922' },
    batch: { id: `default-${nftId}`, name: 'Default batch', mode: 'any' },
    layout: 'picc',
    mode: 'lrp',
    uid: chip.uid,
    counter: 1,
    fileData: '7a'.repeat(16),
    tamper: null,
    macValid: true,
    counterAccepted: true,
    lastCounter: -1,
    fault: null,
    problem: null,
  });
  assert.equal((await boss.call('POST', '/json/check-tap-url', { url })).status, 200);
  assert.equal((await other.call('POST', '/json/check-tap-url', { url })).status, 404);
  assert.equal((await new Client(stack.url).call('POST', '/json/check-tap-url', { url })).status, 401);
  // nothing was consumed: the tap still authenticates, after which the doctor says it would be refused
  assert.equal((await checkTag({ tag: id, query: url.split('?')[1] })).body.ok, true);
  const later = (await owner.call('POST', '/json/check-tap-url', { url })).body;
  assert.deepEqual([later.macValid, later.counterAccepted, later.lastCounter], [true, false, 1]);
  const forged = (
    await owner.call('POST', '/json/check-tap-url', {
      url: url.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
    })
  ).body;
  assert.deepEqual([forged.macValid, forged.counterAccepted], [false, false]);
  const bad = await owner.call('POST', '/json/check-tap-url', { url: 'https://example.com/nothing' });
  assert.equal(bad.status, 400);
  assert.match(bad.body.errorMessage as string, /not a chip tap URL/);
  const noSun = await owner.call('POST', '/json/check-tap-url', { url: `${stack.url}/tag/${id}?x=1` });
  assert.equal(noSun.status, 400);
});

test('the migration turns old rows into legacy chips and their row counters into UID counters', async () => {
  // a fresh database with only the first migration, an old-style chip row, then the new migrations
  const url = new URL(stack.databaseUrl);
  url.pathname = `/metatag_mig_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: stack.databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${url.pathname.slice(1)}`);
  await admin.end();
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  try {
    const sql = (name: string) =>
      readFileSync(new URL(`../../chiplinks/drizzle/${name}`, import.meta.url), 'utf8').split(
        '--> statement-breakpoint',
      );
    for (const statement of sql('0000_init.sql')) await db.query(statement);
    await db.query(
      `INSERT INTO chiplinks.chiplinks (id, type, nft_id, uid, token_to_mint, last_counter, key_source, deleted)
       VALUES ('oldchip001', 'chip', 1, '04AABBCCDDEE01', '1', 41, 0, true),
              ('oldchip002', 'chip', 1, '04AABBCCDDEE01', '2', 7, 0, false),
              ('oldchip003', 'chip', 1, '04AABBCCDDEE03', '3', 5, 1, false)`,
    );
    for (const file of [
      '0001_public-names.sql',
      '0002_public-names-backfill.sql',
      '0003_chip-key-schemes-and-uid-counters.sql',
      '0004_drop-row-counter-and-key-source.sql',
    ])
      for (const statement of sql(file)) await db.query(statement);
    const chips = await db.query('SELECT id, key_scheme FROM chiplinks.chiplinks ORDER BY id');
    assert.deepEqual(chips.rows, [
      { id: 'oldchip001', key_scheme: 'legacy' },
      { id: 'oldchip002', key_scheme: 'legacy' },
      { id: 'oldchip003', key_scheme: 'imported' },
    ]);
    const counters = await db.query('SELECT uid, last_counter FROM chiplinks.chip_counters ORDER BY uid');
    assert.deepEqual(counters.rows, [
      { uid: '04AABBCCDDEE01', last_counter: 41 },
      { uid: '04AABBCCDDEE03', last_counter: 5 },
    ]);
  } finally {
    await db.end();
    const cleanup = new pg.Client({ connectionString: stack.databaseUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${url.pathname.slice(1)} WITH (FORCE)`);
    await cleanup.end();
  }
});
