import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  batchChipKeys,
  parseFormTap,
  piccOf,
  readyForm,
  simulateFormTap,
  type BatchUrlForm,
  type ChipKeys,
  type FormMode,
} from '@metatag/chips';
import { scanFlagsTotal } from '@metatag/nest-kit';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newAdmin, newTemplate, randomUid, superAdmin } from './testing/chips.fixture.js';

// Issue #26 items 5-7 and the mode pin through the real gateway and chiplinks service on PostgreSQL:
// TagTamper seals recorded with the scan and shown to the owner, analytics and the utility site;
// counter jumps accepted but flagged; file data per scan, per chip and signed for the utility site;
// the tap checker naming the part that fails; a batch's mode pin on per-chip URLs too.
const secrets = chipSecrets();
let stack: TestStack;
let owner: Client;
let nftId: number;

before(async () => {
  stack = await startTestStack({ env: secrets });
  const boss = await superAdmin(stack.url);
  owner = (await newAdmin(stack.url, boss)).client;
  nftId = await newTemplate(owner);
});
after(() => stack?.stop());

const ORIGIN = 'https://brand.example';
const pathOf = (url: string) => url.replace(/^[a-z]+:\/\/[^/]+/i, '');
const anonymous = () => new Client(stack.url);
const batchTap = (url: string) => anonymous().call('POST', '/json/check-batch-tap', { path: pathOf(url) });
/** Whether `url` (a tap of `form`) passes the tag-byte check under `metaReadKey`. */
const piccOfForm = (form: BatchUrlForm, url: string, metaReadKey: Buffer) => {
  const parsed = parseFormTap(form, url, 'aes');
  return parsed !== undefined && piccOf(parsed.message, { metaReadKey }) !== undefined;
};
const doctor = (url: string) => owner.call('POST', '/json/check-tap-url', { url });

interface Batch {
  id: string;
  master: Buffer;
  form: BatchUrlForm;
  chips: { id: string; uid: string; keys: ChipKeys }[];
}

async function newBatch(
  form: BatchUrlForm,
  mode: FormMode,
  extra: Record<string, unknown> = {},
  count = 1,
): Promise<Batch> {
  const master = randomBytes(16);
  const created = await owner.call('POST', '/json/chip-batches', {
    nftId,
    name: `fleet ${form.template}`,
    scheme: 'an10922',
    masterKey: master.toString('hex'),
    mode,
    urlForm: form,
    ...extra,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const id = created.body.id as string;
  const uids = Array.from({ length: count }, randomUid);
  const added = await owner.call('POST', `/json/chip-batches/${id}/chips`, {
    rows: uids.map((uid) => ({ uid })),
  });
  assert.equal(added.body.added, count, JSON.stringify(added.body));
  const items = (await owner.call('GET', `/json/chip-batches/${id}/chips`)).body.items as {
    id: string;
    uid: string;
  }[];
  return {
    id,
    master,
    form,
    chips: uids.map((uid) => ({
      id: items.find((c) => c.uid === uid)!.id,
      uid,
      keys: batchChipKeys(master, uid, 'an10922'),
    })),
  };
}

interface Scan {
  fileData: string | null;
  tamper: string | null;
  counterJump: boolean;
}
const scansOf = async (id: string) => (await owner.call('GET', `/scans?uid=${id}`)).body.items as Scan[];
const chipItem = async (id: string) =>
  ((await owner.call('GET', `/json/qrlink/chip/${nftId}`)).body.items as Record<string, unknown>[]).find(
    (c) => c.id === id,
  )!;
const flagCount = async (flag: string) =>
  (await scanFlagsTotal.get()).values.find((v) => v.labels.flag === flag)?.value ?? 0;

test('TagTamper: an open loop is recorded with the scan and reaches the page, the owner, analytics and the utility site', async () => {
  const form: BatchUrlForm = {
    template: `${ORIGIN}/tt?picc_data={PICC}&tt={TT}&cmac={MAC}`,
    macInputFrom: 'MAC',
  };
  const batch = await newBatch(form, 'aes', { tagTamper: true }, 2);
  const [sealed, opened] = batch.chips;
  const openBefore = await flagCount('tamper_open');

  const intact = await batchTap(
    simulateFormTap(form, sealed.keys, { uid: sealed.uid, readCounter: 1, tamper: 'CC' }),
  );
  assert.equal(intact.body.ok, true, JSON.stringify(intact.body));
  assert.equal(intact.body.tamper, 'CC');

  const open = await batchTap(
    simulateFormTap(form, opened.keys, { uid: opened.uid, readCounter: 1, tamper: 'OO' }),
  );
  assert.equal(open.body.ok, true, 'a tampered chip is still genuine');
  assert.equal(open.body.tamper, 'OO');
  assert.equal(await flagCount('tamper_open'), openBefore + 1, 'the metric counts it');

  // the chip page continues the visit with the continuation credential: the seal comes along
  const continued = await anonymous().call('POST', '/json/check-tag/continue', {
    tag: open.body.chipId,
    c: open.body.continuation,
  });
  assert.equal(continued.body.ok, true, JSON.stringify(continued.body));
  assert.equal(continued.body.tamper, 'OO');

  // the owner's scans list, chips table and analytics
  assert.equal((await scansOf(opened.id))[0].tamper, 'OO');
  assert.equal((await chipItem(opened.id)).tamper, 'OO');
  assert.equal((await chipItem(sealed.id)).tamper, 'CC');
  const analytics = (await owner.call('GET', `/json/analytics/template/${nftId}`)).body as {
    totals: { tamperedChips: number };
    flaggedChips: unknown;
  };
  assert.ok(analytics.totals.tamperedChips >= 1, JSON.stringify(analytics.totals));
  assert.ok(
    (analytics.flaggedChips as { chiplinkId: string; tamper: string }[]).some(
      (c) => c.chiplinkId === opened.id && c.tamper === 'OO',
    ),
  );
  // the batch's chips list too
  const batchChips = (await owner.call('GET', `/json/chip-batches/${batch.id}/chips`)).body.items as {
    id: string;
    tamper: string | null;
  }[];
  assert.equal(batchChips.find((c) => c.id === opened.id)!.tamper, 'OO');

  // the utility site verifies the token and reads the seal, as signed
  const verified = await anonymous().call('GET', `/json/utility-token/verify?token=${open.body.jwt}`);
  assert.equal(verified.body.ok, true);
  assert.equal(verified.body.tamper, 'OO');
  assert.equal(verified.body.chipId, opened.id);
});

test("TagTamper inside the file data (sdm-backend's /tagtt layout) is read from its first two bytes", async () => {
  const form = readyForm('sdm-backend', `${ORIGIN}/tagtt`, true, 16);
  const batch = await newBatch(form, 'aes', { tagTamper: true });
  const [chip] = batch.chips;
  const fileData = Buffer.from('OClot 9'.padEnd(16, '\0'), 'latin1');
  const reply = await batchTap(simulateFormTap(form, chip.keys, { uid: chip.uid, readCounter: 3, fileData }));
  assert.equal(reply.body.ok, true, JSON.stringify(reply.body));
  assert.equal(reply.body.tamper, 'OC');
  assert.equal((await scansOf(chip.id))[0].tamper, 'OC');
});

test('counter jumps above the batch threshold are accepted but flagged; the first scan and small steps are not', async () => {
  const form = readyForm('sdm-backend', `${ORIGIN}/jump`);
  const batch = await newBatch(form, 'aes', {}, 2);
  assert.equal(
    (await owner.call('GET', `/json/chip-batches/${batch.id}`)).body.counterJump,
    1000,
    'default threshold',
  );
  const [chip, other] = batch.chips;
  const tap = (c: Batch['chips'][number], readCounter: number) =>
    batchTap(simulateFormTap(form, c.keys, { uid: c.uid, readCounter }));
  const before = await flagCount('counter_jump');
  assert.equal((await tap(chip, 5000)).body.ok, true, 'a first scan has nothing to jump from');
  assert.equal((await tap(chip, 5006)).body.ok, true);
  assert.equal((await tap(chip, 6006)).body.ok, true, 'exactly the threshold is no jump');
  assert.equal((await tap(chip, 1_000_000)).body.ok, true, 'a jump is accepted');
  assert.equal((await tap(chip, 1_000_001)).body.ok, true);
  const scans = await scansOf(chip.id);
  assert.deepEqual(
    scans.map((s) => s.counterJump),
    [false, true, false, false, false],
    'newest first: only the jump is flagged',
  );
  assert.equal((await chipItem(chip.id)).counterJumps, 1);
  assert.equal(await flagCount('counter_jump'), before + 1);

  // a batch without a threshold never flags
  const off = await owner.call('PUT', `/json/chip-batches/${batch.id}`, { counterJump: null });
  assert.equal(off.status, 200, JSON.stringify(off.body));
  await new Promise((resolve) => setTimeout(resolve, 5_100)); // the scan path's batch cache
  assert.equal((await tap(other, 1)).body.ok, true);
  assert.equal((await tap(other, 900_000)).body.ok, true);
  assert.equal((await chipItem(other.id)).counterJumps, 0);
});

test('file data: per scan, per chip, and signed for the utility site', async () => {
  const form = readyForm('sdm-backend', `${ORIGIN}/fd`, true, 16);
  const batch = await newBatch(form, 'aes');
  const [chip] = batch.chips;
  const fileData = Buffer.from('lot 42 / 2026-11');
  const reply = await batchTap(simulateFormTap(form, chip.keys, { uid: chip.uid, readCounter: 2, fileData }));
  assert.equal(reply.body.ok, true);
  assert.equal(reply.body.fileData, fileData.toString('hex'));
  assert.equal((await scansOf(chip.id))[0].fileData, fileData.toString('hex'));
  assert.equal((await chipItem(chip.id)).fileData, fileData.toString('hex'));
  const continued = await anonymous().call('POST', '/json/check-tag/continue', {
    tag: chip.id,
    c: reply.body.continuation,
  });
  assert.equal(continued.body.fileData, fileData.toString('hex'));
  const verified = await anonymous().call('GET', `/json/utility-token/verify?token=${reply.body.jwt}`);
  assert.equal(verified.body.fileData, fileData.toString('hex'));
  assert.equal(verified.body.tamper, null);
  // a token whose claims were changed is refused: the file data is signed
  const [h, claims, sig] = (reply.body.jwt as string).split('.');
  const forged = JSON.parse(Buffer.from(claims, 'base64url').toString());
  forged.fd = Buffer.from('lot 99 / 2026-11').toString('hex');
  const token = `${h}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${sig}`;
  assert.deepEqual((await anonymous().call('GET', `/json/utility-token/verify?token=${token}`)).body, {
    ok: false,
  });
});

test('the tap checker names the part that fails, for batch URLs and per-chip URLs', async () => {
  const form = readyForm('sdm-backend', `${ORIGIN}/doc`, true, 16);
  const batch = await newBatch(form, 'aes', {}, 2);
  const [chip, removed] = batch.chips;
  const fileData = Buffer.from('lot 1'.padEnd(16));
  const url = (
    keys: ChipKeys,
    uid: string,
    readCounter: number,
    f: BatchUrlForm = form,
    mode: FormMode = 'aes',
  ) => simulateFormTap(f, keys, { uid, readCounter, fileData, mode });
  const check = async (u: string) => {
    const reply = await doctor(u);
    assert.equal(reply.status, 200, JSON.stringify(reply.body));
    return reply.body as {
      fault: string | null;
      problem: string | null;
      lastCounter: number;
      counterAccepted: boolean;
    };
  };

  const good = url(chip.keys, chip.uid, 5);
  assert.deepEqual(
    [(await check(good)).fault, (await check(good)).counterAccepted],
    [null, true],
    'genuine and unused',
  );
  // another fleet's meta key: the PICC data does not decrypt (one such tap in 256 passes the tag-byte
  // check under the batch's own key by chance: take one that does not)
  const otherKeys = batchChipKeys(randomBytes(16), chip.uid, 'an10922');
  let foreign = url(otherKeys, chip.uid, 6);
  for (let i = 0; i < 20 && piccOfForm(form, foreign, chip.keys.metaReadKey); i += 1)
    foreign = url(otherKeys, chip.uid, 6);
  const wrongMeta = await check(foreign);
  assert.equal(wrongMeta.fault, 'picc');
  assert.match(wrongMeta.problem!, /does not decrypt to a valid tag byte/);
  // the chip MACs over nothing, the batch says from the file data
  const overNothing = await check(url(chip.keys, chip.uid, 6, { ...form, macInputFrom: 'MAC' }));
  assert.equal(overNothing.fault, 'mac-offset');
  assert.match(overNothing.problem!, /MAC \(over nothing\)|over nothing/);
  // the right meta key, a wrong file key
  const wrongFile = await check(
    url({ metaReadKey: chip.keys.metaReadKey, fileReadKey: randomBytes(16) }, chip.uid, 6),
  );
  assert.equal(wrongFile.fault, 'mac');
  // an LRP tap of an AES batch
  const lrp = await check(url(chip.keys, chip.uid, 6, form, 'lrp'));
  assert.equal(lrp.fault, 'wrong-mode');
  assert.match(lrp.problem!, /LRP.*pins AES/);
  // a UID the batch does not have (same fleet keys)
  const stranger = randomUid();
  const unknown = await check(url(batchChipKeys(batch.master, stranger, 'an10922'), stranger, 1));
  assert.equal(unknown.fault, 'unknown-uid');
  assert.match(unknown.problem!, new RegExp(stranger));
  // accepted once: the same tap is now behind, with the last accepted counter
  assert.equal((await batchTap(good)).body.ok, true);
  const behind = await check(good);
  assert.deepEqual([behind.fault, behind.lastCounter], ['counter-behind', 5]);
  assert.match(behind.problem!, /last accepted one \(5\)/);
  // a removed chip is inactive
  assert.equal((await owner.call('DELETE', `/json/qrlink/chip/${nftId}/${removed.id}`)).status, 200);
  const inactive = await check(url(removed.keys, removed.uid, 1));
  assert.equal(inactive.fault, 'inactive');

  // per-chip URL of a batch chip: the batch's mode pin holds there too
  const perChip = (u: string) => `${stack.url}/tag/${chip.id}?${u.split('?')[1]}`;
  const lrpPerChip = perChip(url(chip.keys, chip.uid, 9, form, 'lrp'));
  assert.equal((await check(lrpPerChip)).fault, 'wrong-mode');
  assert.equal((await check(perChip(url(otherKeys, chip.uid, 9)))).fault, 'picc');
  assert.equal((await check(perChip(url(chip.keys, chip.uid, 5)))).fault, 'counter-behind');
  assert.equal((await check(perChip(url(chip.keys, chip.uid, 9)))).fault, null);
});

test('mode pin: a per-chip URL tap in another mode than the batch pins is refused', async () => {
  const form = readyForm('sdm-backend', `${ORIGIN}/pin`);
  const batch = await newBatch(form, 'aes');
  const [chip] = batch.chips;
  const checkTag = (u: string) =>
    anonymous().call('POST', '/json/check-tag', { tag: chip.id, query: u.split('?')[1] });
  const lrp = simulateFormTap(form, chip.keys, { uid: chip.uid, readCounter: 1, mode: 'lrp' });
  assert.equal((await checkTag(lrp)).body.ok, false, 'LRP on an AES batch');
  assert.equal((await batchTap(lrp)).body.ok, false, 'and through the batch URL');
  const aes = simulateFormTap(form, chip.keys, { uid: chip.uid, readCounter: 2 });
  assert.equal((await checkTag(aes)).body.ok, true, 'its own mode passes');
});
