import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { batchChipKeys, readyForm, simulateFormTap, type ChipKeys } from '@metatag/chips';
import { MetaTag } from '@metatag/sdk';
import { chipSecrets, randomUid } from './testing/chips.fixture.js';
import { ADMIN_PASSWORD, Client, startTestStack, type TestStack } from './testing/stack.fixture.js';

// Issue #26 item 1e: `npm run chip -- batch …` and @metatag/sdk's batch calls against the whole
// stack, as an owner scripts a fleet: create, import a CSV (a bad row named by its line), list the
// chips, export them as CSV (never a key), rotate. The export is read as the admin's tools read it.
const secrets = chipSecrets();
let stack: TestStack;
let origin: string;
let nftId: number;
const dataDir = mkdtempSync(join(tmpdir(), 'chip-batch-cli-'));
const BRAND = 'https://brand.example';
const HEADER = 'id,uid,url,keyVersion,pendingVersion,scans,lastCounter,tamper,counterJumps,deleted,created';

before(async () => {
  stack = await startTestStack({ env: secrets });
  const metatag = await signedIn();
  nftId = (await metatag.createTemplate('ganache')).id;
  // the chip page's origin the export names: the configured public origin (PUBLIC_URL), never a Host
  origin = (await metatag.batches(nftId)).tapUrl.replace(/\/tag$/, '');
});
after(() => stack?.stop());

async function signedIn(): Promise<MetaTag> {
  const metatag = new MetaTag({ baseUrl: stack.url, validateReplies: true });
  await metatag.signInWithPassword('admin', ADMIN_PASSWORD);
  return metatag;
}

/** `npm run chip -- batch …` as a child process (the stack it calls runs in this process). */
function batchCli(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const auth = ['--url', stack.url, '--name', 'admin', '--password', ADMIN_PASSWORD];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '-s', 'chip', '--', 'batch', ...args, ...auth], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const tap = (template: string, keys: ChipKeys, uid: string, readCounter: number) =>
  new Client(stack.url).call('POST', '/json/check-batch-tap', {
    path: simulateFormTap({ template, macInputFrom: 'MAC' }, keys, { uid, readCounter }).replace(BRAND, ''),
  });

/** The export's rows by column; asserts the header and that no cell could be a key. */
function exportedRows(text: string, keys: Buffer[]): Record<string, string>[] {
  const [header, ...lines] = text.trimEnd().split('\r\n');
  assert.equal(header, HEADER);
  const lower = text.toLowerCase();
  for (const key of keys) assert.ok(!lower.includes(key.toString('hex')), 'a key is in the export');
  const rows = lines.map((line) =>
    Object.fromEntries(line.split(',').map((v, i) => [HEADER.split(',')[i], v])),
  );
  for (const row of rows)
    for (const [column, value] of Object.entries(row))
      assert.doesNotMatch(value, /^[0-9a-f]{32}([0-9a-f]{32})?$/i, `${column} looks like a key`);
  return rows;
}

test('npm run chip -- batch create, import, chips, export, rotate: a fleet scripted end to end, no key in the export', async () => {
  const [master, master2] = [randomBytes(16), randomBytes(16)];
  const created = await batchCli(
    'create',
    '--template',
    String(nftId),
    '--batch-name',
    'CLI fleet',
    '--scheme',
    'an10922',
    '--master-key',
    master.toString('hex'),
    '--mode',
    'aes',
    '--form',
    'boltcard',
    '--base',
    `${BRAND}/ln`,
  );
  assert.equal(created.status, 0, created.stderr);
  const batch = JSON.parse(created.stdout) as { id: string; scheme: string; urlForm: { template: string } };
  assert.equal(batch.scheme, 'an10922');
  assert.equal(batch.urlForm.template, `${BRAND}/ln?p={PICC}&c={MAC}`);
  assert.doesNotMatch(created.stdout, new RegExp(master.toString('hex'), 'i'));

  // a CSV of three UIDs and a bad row (line 4): three added, the bad line named, exit code 1
  const uids = [randomUid(), randomUid(), randomUid()];
  const csv = join(dataDir, 'uids.csv');
  writeFileSync(csv, `uid\n${uids[0]}\n${uids[1]}\nNOT-A-UID\n${uids[2]}\n`);
  const imported = await batchCli('import', '--batch', batch.id, '--csv', csv);
  assert.equal(imported.status, 1, imported.stderr);
  assert.deepEqual(
    { ...(JSON.parse(imported.stdout) as object), seconds: 0 },
    { added: 3, errors: 1, seconds: 0 },
  );
  assert.match(imported.stderr, /^line 4: NOT-A-UID: The UID must be 7 bytes in hex/m);
  assert.match(imported.stderr, /^4\/4 rows$/m);

  // one chip taps its batch URL; the chips listing and the export show its scan and counter
  const template = batch.urlForm.template;
  assert.equal((await tap(template, batchChipKeys(master, uids[1], 'an10922'), uids[1], 7)).body.ok, true);
  const chips = await batchCli('chips', '--batch', batch.id);
  assert.equal(chips.status, 0, chips.stderr);
  // (a line ends in a tab when the chip has no tamper letters: only the last newline goes)
  const listed = chips.stdout
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => line.split('\t'));
  assert.deepEqual(listed.map((c) => c[1]).sort(), [...uids].sort());
  assert.deepEqual(listed.find((c) => c[1] === uids[1])!.slice(2), ['v1', '7', '']);

  const out = join(dataDir, 'fleet.csv');
  const exported = await batchCli('export', '--batch', batch.id, '--out', out);
  assert.equal(exported.status, 0, exported.stderr);
  const keys = [master, master2, ...uids.flatMap((u) => Object.values(batchChipKeys(master, u, 'an10922')))];
  const rows = exportedRows(readFileSync(out, 'utf8'), keys);
  assert.deepEqual(rows.map((r) => r.uid).sort(), [...uids].sort());
  for (const row of rows) {
    assert.equal(row.url, `${origin}/tag/${row.id}`);
    assert.equal(row.id, listed.find((c) => c[1] === row.uid)![0]);
    assert.deepEqual([row.keyVersion, row.pendingVersion, row.deleted], ['1', 'false', 'false']);
  }
  const tapped = rows.find((r) => r.uid === uids[1])!;
  assert.deepEqual([tapped.scans, tapped.lastCounter], ['1', '7']);

  // rotate to a new master: every chip waits for its re-personalisation; one moves on its next tap
  const rotated = await batchCli('rotate', '--batch', batch.id, '--master-key', master2.toString('hex'));
  assert.equal(rotated.status, 0, rotated.stderr);
  assert.equal((JSON.parse(rotated.stdout) as { keyVersion: number }).keyVersion, 2);
  assert.equal((await tap(template, batchChipKeys(master2, uids[1], 'an10922'), uids[1], 8)).body.ok, true);
  const after = exportedRows((await batchCli('export', '--batch', batch.id)).stdout, keys);
  assert.deepEqual(
    after.map((r) => [r.uid, r.keyVersion, r.pendingVersion, r.lastCounter]).sort(),
    [
      // never tapped: last counter -1, quoted against spreadsheet formulas as every cell starting with -
      [uids[0], '1', 'true', "'-1"],
      [uids[1], '2', 'false', '8'],
      [uids[2], '1', 'true', "'-1"],
    ].sort(),
  );
  // nothing the CLI wrote holds a key
  for (const file of readdirSync(dataDir)) {
    const text = readFileSync(join(dataDir, file), 'utf8').toLowerCase();
    for (const key of keys) assert.ok(!text.includes(key.toString('hex')), `${file} holds a key`);
  }
});

test("@metatag/sdk's batch calls: createBatch, importBatchChips, batchChips, batchChipsCsv, rotateBatch on an imported batch", async () => {
  const metatag = await signedIn();
  const [meta, meta2] = [randomBytes(16), randomBytes(16)];
  const form = readyForm('nxp', `${BRAND}/ntag424`);
  const batch = await metatag.createBatch({
    nftId,
    name: 'SDK fleet',
    scheme: 'imported',
    metaReadKey: meta.toString('hex'),
    mode: 'aes',
    urlForm: form,
  });
  assert.equal(batch.scheme, 'imported');
  const uids = [randomUid(), randomUid()];
  const fileKeys = [randomBytes(16), randomBytes(16)];
  const progress: string[] = [];
  const result = await metatag.importBatchChips(
    batch.id,
    [...uids.map((uid, i) => ({ uid, fileReadKey: fileKeys[i].toString('hex') })), { uid: uids[0] }],
    { chunk: 2, firstRow: 2, onProgress: (done, total) => progress.push(`${done}/${total}`) },
  );
  assert.equal(result.added, 2);
  assert.deepEqual(
    result.errors.map((e) => [e.row, e.uid]),
    [[4, uids[0]]],
  );
  assert.deepEqual(progress, ['2/3', '3/3']);
  const keysOf = (i: number): ChipKeys => ({ metaReadKey: meta, fileReadKey: fileKeys[i] });
  assert.equal((await tap(form.template, keysOf(0), uids[0], 3)).body.ok, true);

  const page = await metatag.batchChips(batch.id);
  assert.deepEqual(page.items.map((c) => c.uid).sort(), [...uids].sort());
  const csv = await metatag.batchChipsCsv(batch.id);
  const rows = exportedRows(String(csv), [meta, meta2, ...fileKeys]);
  assert.deepEqual(
    rows.map((r) => [r.uid, r.scans, r.lastCounter]).sort(),
    [
      [uids[0], '1', '3'],
      [uids[1], '0', "'-1"],
    ].sort(),
  );

  const newFile = randomBytes(16);
  const rotated = await metatag.rotateBatch(batch.id, {
    metaReadKey: meta2.toString('hex'),
    chips: [{ uid: uids[0], fileReadKey: newFile.toString('hex') }],
  });
  assert.equal(rotated.keyVersion, 2);
  const moved = { metaReadKey: meta2, fileReadKey: newFile };
  assert.equal((await tap(form.template, moved, uids[0], 4)).body.ok, true, 'moves to its new keys');
  assert.equal((await tap(form.template, keysOf(0), uids[0], 5)).body.ok, false, 'old keys refused');
  assert.ok(!String(await metatag.batchChipsCsv(batch.id)).includes(newFile.toString('hex')));
});
