import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import {
  batchChipKeys,
  parseFormTap,
  pathForm,
  piccOf,
  readyForm,
  simulateFormTap,
  type BatchUrlForm,
  type ChipKeys,
  type FormMode,
} from '@metatag/chips';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, randomUid, superAdmin } from './testing/chips.fixture.js';

// Issue #26 items 1-3 through the real gateway and chiplinks service on PostgreSQL: batches, CSV
// rows with per-row errors, one URL per batch in every ready form (the chip found from the UID in
// its PICC data), per-chip URLs of batch chips, key rotation, tenancy. Every service logs at trace
// level into `logs`, which must never hold a key.
const secrets = chipSecrets();
const logs: string[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logs.push(chunk.toString());
    done();
  },
});
let stack: TestStack;
let owner: Client;
let other: Client;
let nftId: number;

before(async () => {
  stack = await startTestStack({ env: { ...secrets, LOG_LEVEL: 'trace' }, logs: logSink });
  const boss = await superAdmin(stack.url);
  owner = (await newAdmin(stack.url, boss)).client;
  other = (await newAdmin(stack.url, boss)).client;
  nftId = await newTemplate(owner);
});
after(() => stack?.stop());

const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/i, '');
const batchTap = (url: string) =>
  new Client(stack.url).call('POST', '/json/check-batch-tap', { path: pathOf(url) });

interface Batch {
  id: string;
  master: Buffer;
  form: BatchUrlForm;
  mode: FormMode;
}

async function newBatch(
  form: BatchUrlForm,
  mode: FormMode,
  extra: Record<string, unknown> = {},
): Promise<Batch> {
  const master = randomBytes(16);
  const created = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: `batch ${form.template}`,
    scheme: 'an10922',
    masterKey: master.toString('hex'),
    mode,
    urlForm: form,
    ...extra,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return { id: created.body.id as string, master, form, mode };
}

async function addChips(batch: Batch, uids: string[]) {
  const reply = await owner.call('POST', `/json/chip-batches/${batch.id}/chips`, {
    rows: uids.map((uid) => ({ uid })),
  });
  assert.equal(reply.status, 200, JSON.stringify(reply.body));
  return reply.body as { added: number; errors: { row: number; uid: string; error: string }[] };
}

const ORIGIN = 'https://brand.example';
const FORMS: [string, BatchUrlForm, FormMode][] = [
  ['sdm-backend with file data', readyForm('sdm-backend', `${ORIGIN}/tag`, true, 16), 'aes'],
  ['sdm-backend e', readyForm('sdm-backend-e', `${ORIGIN}/tag`), 'lrp'],
  ['ours', readyForm('metatag', `${ORIGIN}/t`), 'aes'],
  ['boltcard', readyForm('boltcard', `${ORIGIN}/ln`), 'aes'],
  ['NXP AN12196', readyForm('nxp', `${ORIGIN}/ntag424`), 'aes'],
  ['plain', readyForm('plain', `${ORIGIN}/p`), 'plain'],
  ['path form', pathForm(`${ORIGIN}/s`, true, 16), 'aes'],
  [
    'GS1 Digital Link, MAC from the URL text',
    { template: `${ORIGIN}/01/09506000134352/21/X?d={PICC}&m={MAC}`, macInputFrom: 'URL' },
    'aes',
  ],
  [
    'MAC from the PICC data',
    { template: `${ORIGIN}/q?d={PICC}&x={ENC}&m={MAC}`, macInputFrom: 'PICC', encLength: 16 },
    'lrp',
  ],
];

test('one URL per batch: three chips in each ready form authenticate, once each, and their pages are their own', async () => {
  for (const [name, form, mode] of FORMS) {
    const batch = await newBatch(form, mode);
    const uids = [randomUid(), randomUid(), randomUid()];
    assert.deepEqual(await addChips(batch, uids), { ok: true, added: 3, errors: [] }, name);
    const chips = (await owner.call('GET', `/json/chip-batches/${batch.id}/chips`)).body.items as {
      id: string;
      uid: string;
    }[];
    for (const uid of uids) {
      const keys: ChipKeys = batchChipKeys(batch.master, uid, 'an10922');
      const fileData = form.template.includes('{ENC}') ? Buffer.from('lot 42 / 2026-11') : undefined;
      const url = simulateFormTap(form, keys, { uid, readCounter: 5, mode, fileData });
      const ok = await batchTap(url);
      assert.equal(ok.body.ok, true, `${name}: ${url} ${JSON.stringify(ok.body)}`);
      assert.equal(ok.body.batchUrl, true, name);
      assert.equal(ok.body.chipId, chips.find((c) => c.uid === uid)!.id, name);
      assert.equal(ok.body.fileData, fileData?.toString('hex') ?? null, name);
      assert.ok(ok.body.continuation, name);
      assert.equal((await batchTap(url)).body.ok, false, `${name}: replayed`);
      // the same chip with another batch's keys is not authentic
      const forged = simulateFormTap(form, batchChipKeys(randomBytes(16), uid, 'an10922'), {
        uid,
        readCounter: 9,
        mode,
        fileData,
      });
      const refused = await batchTap(forged);
      assert.equal(refused.body.ok, false, `${name}: forged`);
      // the URL is still this batch's: the web says "not authentic" for it, not its 404
      assert.equal(refused.body.batchUrl, true, `${name}: forged`);
    }
  }
});

test('two batches on one form and origin: each chip is found in its own batch, the first that holds it', async () => {
  // plain mirroring carries the UID in clear: every plain batch on the form "decrypts" it, so the
  // batch that holds the chip is found by looking, not by the first form that matches
  const form = readyForm('plain', `${ORIGIN}/shared`);
  const [first, second] = [await newBatch(form, 'plain'), await newBatch(form, 'plain')];
  const [a, b] = [randomUid(), randomUid()];
  await addChips(first, [a]);
  await addChips(second, [b]);
  for (const [batch, uid] of [
    [first, a],
    [second, b],
  ] as const) {
    const keys = batchChipKeys(batch.master, uid, 'an10922');
    const reply = await batchTap(simulateFormTap(form, keys, { uid, readCounter: 3, mode: 'plain' }));
    assert.equal(reply.body.ok, true, `${uid}: ${JSON.stringify(reply.body)}`);
  }
  // a UID neither batch holds is refused
  const stranger = randomUid();
  const keys = batchChipKeys(first.master, stranger, 'an10922');
  const refused = await batchTap(
    simulateFormTap(form, keys, { uid: stranger, readCounter: 3, mode: 'plain' }),
  );
  assert.equal(refused.body.ok, false);
});

test("a batch chip still answers its per-chip URL /tag/{id}?…, in boltcard's p/c and NXP's e/c too", async () => {
  // boltcard's and NXP AN12196's MAC parameter is `c`, once the continuation credential's name: such
  // a query on a chip's own page is a tap, verified with the chip's keys (decision 86)
  for (const name of ['sdm-backend', 'boltcard', 'nxp'] as const) {
    const batch = await newBatch(readyForm(name, `${ORIGIN}/tag`), 'aes');
    const uid = randomUid();
    await addChips(batch, [uid]);
    const [chip] = (await owner.call('GET', `/json/chip-batches/${batch.id}/chips`)).body.items as {
      id: string;
    }[];
    const keys = batchChipKeys(batch.master, uid, 'an10922');
    const query = simulateFormTap(batch.form, keys, { uid, readCounter: 1 }).split('?')[1];
    if (name !== 'sdm-backend') assert.match(query, /^[pe]=[0-9A-F]{32}&c=[0-9A-F]{16}$/, name);
    const checkTag = (q: string) =>
      new Client(stack.url).call('POST', '/json/check-tag', { tag: chip.id, query: q });
    const reply = await checkTag(query);
    assert.equal(reply.body.ok, true, `${name}: ${JSON.stringify(reply.body)}`);
    assert.ok(reply.body.continuation, name);
    assert.equal((await checkTag(query)).body.ok, false, `${name}: replayed`);
    // another chip's MAC on this query is refused
    const forged = simulateFormTap(batch.form, batchChipKeys(randomBytes(16), uid, 'an10922'), {
      uid,
      readCounter: 2,
    }).split('?')[1];
    assert.equal((await checkTag(forged)).body.ok, false, `${name}: forged`);
  }
});

test('GS1 Digital Link with a per-chip serial: two chips of one batch under /01/{GTIN}/21/{SERIAL} authenticate, each serial recorded', async () => {
  const form: BatchUrlForm = {
    template: `${ORIGIN}/01/09506000134352/21/{SERIAL}?d={PICC}&m={MAC}`,
    macInputFrom: 'URL',
  };
  const batch = await newBatch(form, 'aes');
  const uids = [randomUid(), randomUid()];
  await addChips(batch, uids);
  const chips = (await owner.call('GET', `/json/chip-batches/${batch.id}/chips`)).body.items as {
    id: string;
    uid: string;
  }[];
  const serials = ['SN-0001', 'SN/0002'];
  for (const [i, uid] of uids.entries()) {
    const keys = batchChipKeys(batch.master, uid, 'an10922');
    const url = simulateFormTap(form, keys, { uid, readCounter: 4, mode: 'aes', serial: serials[i] });
    assert.match(pathOf(url), /^\/01\/09506000134352\/21\/SN(-|%2F)000\d\?d=[0-9A-F]{32}&m=[0-9A-F]{16}$/);
    const ok = await batchTap(url);
    assert.equal(ok.body.ok, true, `${url} ${JSON.stringify(ok.body)}`);
    const chipId = chips.find((c) => c.uid === uid)!.id;
    assert.equal(ok.body.chipId, chipId);
    // the owner sees the serial with the scan
    const scans = await owner.call('GET', `/scans?uid=${chipId}`);
    assert.equal(scans.status, 200, JSON.stringify(scans.body));
    assert.equal((scans.body.items as { serial: string | null }[])[0].serial, serials[i]);
    // the serial is in the MAC input (from the URL text): another serial on this chip's tap is refused
    const next = simulateFormTap(form, keys, { uid, readCounter: 5, mode: 'aes', serial: serials[i] });
    const swapped = next.replace(encodeURIComponent(serials[i]), 'SN-9999');
    assert.equal((await batchTap(swapped)).body.ok, false);
  }
});

test('GS1 Digital Link: a GTIN with a wrong check digit is a 400 with the reason, in a tap and in a template', async () => {
  const tap = await batchTap(`${ORIGIN}/01/09506000134353/21/A1?d=${'0'.repeat(32)}&m=${'0'.repeat(16)}`);
  assert.equal(tap.status, 400, JSON.stringify(tap.body));
  assert.match(
    JSON.stringify(tap.body),
    /GTIN 09506000134353 in the GS1 Digital Link has a wrong check digit/,
  );
  const created = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'bad GTIN',
    scheme: 'an10922',
    mode: 'aes',
    urlForm: { template: `${ORIGIN}/01/09506000134353/21/{SERIAL}?d={PICC}&m={MAC}`, macInputFrom: 'MAC' },
  });
  assert.equal(created.status, 400, JSON.stringify(created.body));
  assert.match(JSON.stringify(created.body), /wrong check digit/);
});

test('CSV rows: bad UIDs, duplicates and chips linked elsewhere are reported by row, the rest are added', async () => {
  const batch = await newBatch(readyForm('sdm-backend', `${ORIGIN}/tag`), 'aes');
  const linked = randomUid();
  await addChips(batch, [linked]);
  const good = [randomUid(), randomUid()];
  const reply = await owner.call('POST', `/json/chip-batches/${batch.id}/chips`, {
    firstRow: 2,
    rows: [
      { uid: good[0] },
      { uid: 'XYZ' },
      { uid: good[0] },
      { uid: linked },
      { uid: good[1] },
      { uid: good[1], fileReadKey: '00'.repeat(16) },
    ],
  });
  assert.deepEqual(
    (reply.body.errors as { row: number }[]).map((e) => e.row),
    [3, 4, 5, 7],
  );
  assert.equal(reply.body.added, 2);
  assert.equal((await owner.call('GET', `/json/chip-batches/${batch.id}`)).body.chips, 3);
});

test('rotation: a re-personalised chip moves to the new key version with its counter, then its old keys are refused', async () => {
  const batch = await newBatch(readyForm('sdm-backend', `${ORIGIN}/tag`), 'aes');
  const uid = randomUid();
  await addChips(batch, [uid]);
  const old = batchChipKeys(batch.master, uid, 'an10922');
  const tap = (keys: ChipKeys, counter: number) =>
    batchTap(simulateFormTap(batch.form, keys, { uid, readCounter: counter }));
  assert.equal((await tap(old, 1)).body.ok, true);
  const master2 = randomBytes(16);
  const rotated = await owner.call('POST', `/json/chip-batches/${batch.id}/rotate`, {
    masterKey: master2.toString('hex'),
  });
  assert.equal(rotated.body.keyVersion, 2, JSON.stringify(rotated.body));
  // not yet re-personalised: the old keys still work
  assert.equal((await tap(old, 2)).body.ok, true);
  const next = batchChipKeys(master2, uid, 'an10922');
  assert.equal((await tap(next, 2)).body.ok, false, 'the counter is kept across the move');
  assert.equal((await tap(next, 3)).body.ok, true, 're-personalised: moves to version 2');
  assert.equal((await tap(old, 4)).body.ok, false, 'the old version is refused once the chip moved');
  assert.equal((await tap(next, 5)).body.ok, true);
  const [chip] = (await owner.call('GET', `/json/chip-batches/${batch.id}/chips`)).body.items as {
    keyVersion: number;
    lastCounter: number;
  }[];
  assert.deepEqual([chip.keyVersion, chip.lastCounter], [2, 5]);
});

/**
 * A tap of `keys` whose PICC data also passes the tag-byte check under `otherMeta` (a wrong key does, one
 * time in 256): the random padding differs from tap to tap, so a few hundred simulated taps find one.
 */
function tapAlsoOpenedBy(
  form: BatchUrlForm,
  keys: ChipKeys,
  otherMeta: Buffer,
  uid: string,
  counter: number,
) {
  for (let attempt = 0; attempt < 20_000; attempt += 1) {
    const url = simulateFormTap(form, keys, { uid, readCounter: counter });
    const parsed = parseFormTap(form, url, 'aes');
    if (parsed && piccOf(parsed.message, { metaReadKey: otherMeta })) return url;
  }
  throw new Error('no tap whose PICC data opens under the other meta key');
}

test('a rotated batch tries each key version: a tap that also opens under the other version’s meta key is found', async () => {
  // the clean-clone run on c29d36f refused a genuine tap of a rotated batch once: the first meta key
  // that "opened" the PICC data ended the batch's turn, though it was the wrong version's (the tag byte
  // matched by chance)
  const batch = await newBatch(readyForm('sdm-backend', `${ORIGIN}/rotated`), 'aes');
  const uid = randomUid();
  await addChips(batch, [uid]);
  const old = batchChipKeys(batch.master, uid, 'an10922');
  assert.equal((await batchTap(simulateFormTap(batch.form, old, { uid, readCounter: 1 }))).body.ok, true);
  const master2 = randomBytes(16);
  const rotated = await owner.call('POST', `/json/chip-batches/${batch.id}/rotate`, {
    masterKey: master2.toString('hex'),
  });
  assert.equal(rotated.body.keyVersion, 2, JSON.stringify(rotated.body));
  const next = batchChipKeys(master2, uid, 'an10922');
  // not re-personalised yet: the old keys' tap, whose PICC data the new meta key also "opens"
  const oldTap = tapAlsoOpenedBy(batch.form, old, next.metaReadKey, uid, 2);
  // the tap checker finds the chip the same way: no fault
  const checked = await owner.call('POST', '/json/check-tap-url', { url: oldTap });
  assert.deepEqual([checked.status, checked.body.fault], [200, null], JSON.stringify(checked.body));
  assert.equal((await batchTap(oldTap)).body.ok, true, 'the old version is tried after the new');
  // re-personalised: the new keys' tap, whose PICC data the old meta key also "opens"
  const newTap = tapAlsoOpenedBy(batch.form, next, old.metaReadKey, uid, 3);
  assert.equal((await batchTap(newTap)).body.ok, true, 'the new version is tried after the old');
});

test("rotation of an sdm-backend batch (the fleet's new master) and an imported one (a CSV of new keys): chips move, old keys refused", async () => {
  // sdm-backend: the fleet's master, sealed like the old one; the batch cannot make one up
  const fleet1 = randomBytes(16);
  const form = readyForm('sdm-backend', `${ORIGIN}/fleet`);
  const made = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'sdm-backend fleet',
    scheme: 'sdm-backend',
    masterKey: fleet1.toString('hex'),
    mode: 'aes',
    urlForm: form,
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const sdm = { id: made.body.id as string, form };
  const uid = randomUid();
  await owner.call('POST', `/json/chip-batches/${sdm.id}/chips`, { rows: [{ uid }] });
  const tap = (f: BatchUrlForm, keys: ChipKeys, u: string, counter: number) =>
    batchTap(simulateFormTap(f, keys, { uid: u, readCounter: counter }));
  const old = batchChipKeys(fleet1, uid, 'sdm-backend');
  assert.equal((await tap(form, old, uid, 1)).body.ok, true);
  const noMaster = await owner.call('POST', `/json/chip-batches/${sdm.id}/rotate`, {});
  assert.equal(noMaster.status, 400);
  assert.match(JSON.stringify(noMaster.body), /fleet's new masterKey/);
  const fleet2 = randomBytes(16);
  const rotated = await owner.call('POST', `/json/chip-batches/${sdm.id}/rotate`, {
    masterKey: fleet2.toString('hex'),
  });
  assert.equal(rotated.body.keyVersion, 2, JSON.stringify(rotated.body));
  assert.equal((await tap(form, old, uid, 2)).body.ok, true, 'not yet re-personalised');
  const next = batchChipKeys(fleet2, uid, 'sdm-backend');
  assert.equal((await tap(form, next, uid, 3)).body.ok, true, 're-personalised: moves to version 2');
  assert.equal(
    (await tap(form, old, uid, 4)).body.ok,
    false,
    'the old master is refused once the chip moved',
  );
  assert.equal((await tap(form, next, uid, 5)).body.ok, true);

  // imported: the new keys per chip from a CSV's rows, the new common meta key with one URL
  const iform = readyForm('nxp', `${ORIGIN}/imported`);
  const meta1 = randomBytes(16);
  const imp = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'imported keys',
    scheme: 'imported',
    metaReadKey: meta1.toString('hex'),
    mode: 'aes',
    urlForm: iform,
  });
  assert.equal(imp.status, 201, JSON.stringify(imp.body));
  const [a, b] = [randomUid(), randomUid()];
  const first = { metaReadKey: meta1, fileReadKey: randomBytes(16) };
  const firstB = { metaReadKey: meta1, fileReadKey: randomBytes(16) };
  await owner.call('POST', `/json/chip-batches/${imp.body.id}/chips`, {
    rows: [
      { uid: a, fileReadKey: first.fileReadKey.toString('hex') },
      { uid: b, fileReadKey: firstB.fileReadKey.toString('hex') },
    ],
  });
  assert.equal((await tap(iform, first, a, 1)).body.ok, true);
  const meta2 = randomBytes(16);
  const second = { metaReadKey: meta2, fileReadKey: randomBytes(16) };
  // a bad row rotates nothing and is named
  const bad = await owner.call('POST', `/json/chip-batches/${imp.body.id}/rotate`, {
    metaReadKey: meta2.toString('hex'),
    chips: [
      { uid: a, fileReadKey: second.fileReadKey.toString('hex') },
      { uid: randomUid(), fileReadKey: randomBytes(16).toString('hex') },
    ],
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /No key rotated: row 2 .*no live chip of this batch has this UID/);
  const withMaster = await owner.call('POST', `/json/chip-batches/${imp.body.id}/rotate`, {
    masterKey: randomBytes(16).toString('hex'),
  });
  assert.equal(withMaster.status, 400);
  const ok = await owner.call('POST', `/json/chip-batches/${imp.body.id}/rotate`, {
    metaReadKey: meta2.toString('hex'),
    chips: [{ uid: a, fileReadKey: second.fileReadKey.toString('hex') }],
  });
  assert.equal(ok.body.keyVersion, 2, JSON.stringify(ok.body));
  assert.equal((await tap(iform, second, a, 2)).body.ok, true, 'moves to the new keys');
  assert.equal((await tap(iform, first, a, 3)).body.ok, false, 'its old keys are refused');
  // the chip not in the file keeps its keys (under the old meta key) and its version
  assert.equal((await tap(iform, firstB, b, 1)).body.ok, true);
  const versions = (await owner.call('GET', `/json/chip-batches/${imp.body.id}/chips`)).body.items as {
    uid: string;
    keyVersion: number;
  }[];
  assert.deepEqual(
    [a, b].map((u) => versions.find((c) => c.uid === u)!.keyVersion),
    [2, 1],
  );
});

test('tenants stay apart: another admin neither sees nor fills nor rotates a batch; bad input is a 4xx', async () => {
  const batch = await newBatch(readyForm('nxp', `${ORIGIN}/n`), 'aes');
  for (const [method, path, body] of [
    ['GET', `/json/chip-batches/${batch.id}`, undefined],
    ['POST', `/json/chip-batches/${batch.id}/chips`, { rows: [{ uid: randomUid() }] }],
    ['POST', `/json/chip-batches/${batch.id}/rotate`, {}],
    ['GET', `/json/chip-batches?nftId=${nftId}`, undefined],
  ] as const)
    assert.equal((await other.call(method, path, body)).status, 404, `${method} ${path}`);
  // the owner's list names the chip page on the configured public origin: a new batch's default URL
  const listed = await owner.call('GET', `/json/chip-batches?nftId=${nftId}`);
  assert.ok((listed.body.items as { id: string }[]).some((b) => b.id === batch.id));
  assert.match(listed.body.tapUrl as string, /^https?:\/\/[^/?#]+\/tag$/);
  const bad = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'x',
    scheme: 'an10922',
    mode: 'aes',
    urlForm: { template: `${ORIGIN}/x?p={PICC}`, macInputFrom: 'MAC' },
  });
  assert.equal(bad.status, 400);
  assert.match(JSON.stringify(bad.body), /needs \{MAC\}/);
  const sdmZero = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'x',
    scheme: 'sdm-backend',
    masterKey: '00'.repeat(16),
    mode: 'aes',
  });
  assert.equal(sdmZero.status, 400, 'the all-zero factory master is refused');
  const nowhere = await batchTap(`${ORIGIN}/nowhere?e=00&c=11`);
  assert.deepEqual([nowhere.body.ok, nowhere.body.batchUrl], [false, false], 'no batch has this path');
});

test('no key in clear in the log: creating, tapping and rotating batches of every scheme logs ids and versions only', async () => {
  const from = logs.length;
  const keys: Buffer[] = [];
  const tapOf = (form: BatchUrlForm, k: ChipKeys, uid: string, counter: number) =>
    batchTap(simulateFormTap(form, k, { uid, readCounter: counter }));
  // an10922: our own master, sealed by the server; rotated to a new one
  const an = await newBatch(readyForm('boltcard', `${ORIGIN}/logged`), 'aes');
  const uid = randomUid();
  await addChips(an, [uid]);
  const anKeys = batchChipKeys(an.master, uid, 'an10922');
  assert.equal((await tapOf(an.form, anKeys, uid, 1)).body.ok, true, 'an10922');
  const an2 = randomBytes(16);
  const rotated = await owner.call('POST', `/json/chip-batches/${an.id}/rotate`, {
    masterKey: an2.toString('hex'),
  });
  assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
  const anKeys2 = batchChipKeys(an2, uid, 'an10922');
  assert.equal((await tapOf(an.form, anKeys2, uid, 2)).body.ok, true, 'an10922 rotated');
  keys.push(an.master, an2, anKeys.metaReadKey, anKeys.fileReadKey, anKeys2.metaReadKey, anKeys2.fileReadKey);
  // sdm-backend: the fleet's master (32 bytes here), then its new one
  const [fleet1, fleet2] = [randomBytes(32), randomBytes(32)];
  const form = readyForm('nxp', `${ORIGIN}/logged-sdm`);
  const sdm = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'logged sdm-backend',
    scheme: 'sdm-backend',
    masterKey: fleet1.toString('hex'),
    mode: 'aes',
    urlForm: form,
  });
  assert.equal(sdm.status, 201, JSON.stringify(sdm.body));
  const suid = randomUid();
  await owner.call('POST', `/json/chip-batches/${sdm.body.id}/chips`, { rows: [{ uid: suid }] });
  const sdmKeys = batchChipKeys(fleet1, suid, 'sdm-backend');
  assert.equal((await tapOf(form, sdmKeys, suid, 1)).body.ok, true, 'sdm-backend');
  const sdmRotated = await owner.call('POST', `/json/chip-batches/${sdm.body.id}/rotate`, {
    masterKey: fleet2.toString('hex'),
  });
  assert.equal(sdmRotated.status, 200, JSON.stringify(sdmRotated.body));
  keys.push(fleet1, fleet2, sdmKeys.metaReadKey, sdmKeys.fileReadKey);
  // imported: the keys of a CSV's rows, then new ones
  const [meta1, file1, meta2, file2] = [randomBytes(16), randomBytes(16), randomBytes(16), randomBytes(16)];
  const iform = readyForm('sdm-backend', `${ORIGIN}/logged-imported`);
  const imp = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: 'logged imported',
    scheme: 'imported',
    metaReadKey: meta1.toString('hex'),
    mode: 'aes',
    urlForm: iform,
  });
  assert.equal(imp.status, 201, JSON.stringify(imp.body));
  const iuid = randomUid();
  await owner.call('POST', `/json/chip-batches/${imp.body.id}/chips`, {
    rows: [{ uid: iuid, fileReadKey: file1.toString('hex') }],
  });
  assert.equal(
    (await tapOf(iform, { metaReadKey: meta1, fileReadKey: file1 }, iuid, 1)).body.ok,
    true,
    'imported',
  );
  const impRotated = await owner.call('POST', `/json/chip-batches/${imp.body.id}/rotate`, {
    metaReadKey: meta2.toString('hex'),
    chips: [{ uid: iuid, fileReadKey: file2.toString('hex') }],
  });
  assert.equal(impRotated.status, 200, JSON.stringify(impRotated.body));
  keys.push(meta1, file1, meta2, file2);

  const text = logs.slice(from).join('');
  // the log was captured: it names the rotations by batch and version
  for (const id of [an.id, sdm.body.id as string, imp.body.id as string])
    assert.match(text, new RegExp(`"batch":"${id}"[^\\n]*chip batch keys rotated`), id);
  const lower = text.toLowerCase();
  for (const key of keys) {
    assert.ok(!lower.includes(key.toString('hex')), `key ${key.toString('hex')} is in the log`);
    assert.ok(!text.includes(key.toString('base64')), `key ${key.toString('base64')} is in the log (base64)`);
  }
});
