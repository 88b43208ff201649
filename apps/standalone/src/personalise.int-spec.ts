import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  batchChipKeys,
  openBureauPackage,
  parseFormTap,
  verifySun,
  type BureauPackageFile,
} from '@metatag/chips';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { chipSecrets, newTemplate, superAdmin } from './testing/chips.fixture.js';

// Issue #27 on the real stack: `npm run chip -- personalise --batch B` reads the batch (URL template,
// mode, TagTamper, key version, keys) from the chip batches API, writes software NTAG 424 DNA chips
// (their own secure messaging, ChangeKey, ChangeFileSettings and SUN mirroring), registers them in the
// batch, and the taps those chips produced are accepted on the batch's one URL (then refused when
// replayed). The bureau package (item 5) is the owner's only, and opens with an independent reader.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const secrets = chipSecrets();
const PASSWORD = 'personalise-password';
let stack: TestStack;
let owner: { client: Client; name: string };
let other: { client: Client; name: string };
let nftId: number;

async function admin(boss: Client) {
  const name = `pers${randomBytes(4).toString('hex')}`;
  const created = await boss.call('POST', '/json/users', { address: name });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  await boss.call('POST', '/json/users/set-password', { id: created.body.id, password: PASSWORD });
  const client = new Client(stack.url);
  assert.equal((await client.call('POST', '/password-login', { name, password: PASSWORD })).status, 200);
  return { client, name };
}

before(async () => {
  stack = await startTestStack({ env: secrets });
  const boss = await superAdmin(stack.url);
  owner = await admin(boss);
  other = await admin(boss);
  nftId = await newTemplate(owner.client);
});
after(() => stack?.stop());

const personalise = (as: { name: string }, ...args: string[]) => chip(as, 'personalise', ...args);

/** The CLI as a child process; a new DATA_DIR unless `run` names one (and extra env). */
function chip(
  as: { name: string },
  command: string | { command: string; dataDir?: string; env?: NodeJS.ProcessEnv },
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string; dataDir: string }> {
  const run = typeof command === 'string' ? { command } : command;
  const dataDir = run.dataDir ?? mkdtempSync(join(tmpdir(), 'personalise-'));
  // no CHIP_MASTER_KEY: a batch's keys come from the API
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...run.env };
  delete env.CHIP_MASTER_KEY;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--conditions=source',
        '--import',
        './tools/register.mjs',
        'tools/chip-cli.ts',
        run.command,
        '--url',
        stack.url,
        '--name',
        as.name,
        '--password',
        PASSWORD,
        ...args,
      ],
      { cwd: ROOT, env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr, dataDir }));
  });
}

async function newBatch(
  mode: 'aes' | 'lrp',
  tt: boolean,
  masterKey?: Buffer,
  scheme: 'an10922' | 'sdm-backend' = 'an10922',
): Promise<string> {
  const created = await owner.client.call('POST', '/json/chip-batches', {
    nftId,
    name: `${mode}${tt ? ' TT' : ''}`,
    scheme,
    ...(masterKey ? { masterKey: masterKey.toString('hex') } : {}),
    mode,
    urlForm: {
      template: `${stack.url}/tag?picc_data={PICC}&cmac={MAC}${tt ? '&tt={TT}' : ''}`,
      macInputFrom: 'MAC',
    },
    tagTamper: tt,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  return created.body.id as string;
}

const batchTap = (url: URL) =>
  new Client(stack.url).call('POST', '/json/check-batch-tap', { path: `${url.pathname}${url.search}` });

for (const { mode, tt, scheme } of [
  { mode: 'aes', tt: false, scheme: 'an10922' },
  { mode: 'lrp', tt: false, scheme: 'an10922' },
  { mode: 'aes', tt: true, scheme: 'an10922' },
  { mode: 'aes', tt: false, scheme: 'sdm-backend' },
] as const) {
  test(`personalise --batch (${mode}${tt ? ' TagTamper' : ''}, ${scheme}): chips registered in the batch, their taps authenticate on its one URL`, async () => {
    const batch = await newBatch(mode, tt, scheme === 'sdm-backend' ? randomBytes(16) : undefined, scheme);
    const run = await personalise(owner, '--batch', batch, '--reader', 'software', '--count', '2');
    assert.equal(run.status, 0, run.stderr + run.stdout);
    const lines = run.stdout.trim().split('\n');
    assert.match(
      lines.at(-1)!,
      /^personalised 2, resumed 0, skipped 0, refused 0, interrupted 0 in [\d.]+ s \(\d+ APDUs\)$/,
    );
    const taps = lines.slice(0, -1).map((line) => {
      const match = line.match(/^\[\d\/2\] (04[0-9A-F]{12}) personalised \(\d+ APDUs, \d+ ms\) (\S+)$/);
      assert.ok(match, line);
      return { uid: match[1], url: new URL(match[2]) };
    });
    const chips = await owner.client.call('GET', `/json/chip-batches/${batch}/chips`);
    assert.deepEqual(
      (chips.body.items as { uid: string }[]).map((c) => c.uid).sort(),
      taps.map((t) => t.uid).sort(),
      'both chips registered in the batch',
    );
    for (const { uid, url } of taps) {
      if (tt) assert.equal(url.searchParams.get('tt'), 'CC');
      const accepted = await batchTap(url);
      assert.equal(accepted.body.ok, true, `${mode} ${uid}: ${JSON.stringify(accepted.body)}`);
      if (tt) assert.equal(accepted.body.tamper, 'CC');
      assert.equal((await batchTap(url)).body.ok, false, 'replayed');
    }
    // no key in clear in the data dir (the journal is sealed): neither the batch's master nor a chip key
    const journal = readFileSync(join(run.dataDir, 'personalise-journal'), 'utf8');
    assert.doesNotMatch(journal, /04[0-9A-F]{12}|"uid"/i, 'the journal is sealed');
  });
}

test('a run cut mid-chip (the chip left the reader) resumes on the next runs: the chip is registered once and its tap authenticates', async () => {
  const batch = await newBatch('aes', false);
  const dataDir = mkdtempSync(join(tmpdir(), 'personalise-cut-'));
  const runCut = (cutAfter?: number) =>
    chip(
      owner,
      {
        command: 'personalise',
        dataDir,
        env: cutAfter === undefined ? {} : { CHIP_SOFTWARE_CUT_AFTER_APDUS: String(cutAfter) },
      },
      '--batch',
      batch,
      '--reader',
      'software',
    );
  const registered = async () =>
    (await owner.client.call('GET', `/json/chip-batches/${batch}/chips`)).body.items as {
      id: string;
      uid: string;
    }[];
  // an AES batch's chip (personalise-chip.spec.ts counts them): 14 APDUs to key 0's session and the
  // check that keys 1..4 are the factory's (11), the NDEF file and SUN settings (to 25), keys 1..4 at
  // 26..29, key 0 at 30, then the proof. Cut after 27: keys 1 and 2 changed, 3, 4 and 0 still factory.
  const first = await runCut(27);
  assert.equal(first.status, 1, first.stderr + first.stdout);
  const [line, summary] = first.stdout.trim().split('\n');
  const uid = line.match(
    /^\[1\/1\] (04[0-9A-F]{12}) left the reader after step settings: interrupted, run the same command again to resume it/,
  )?.[1];
  assert.ok(uid, first.stdout);
  assert.match(summary, /^personalised 0, resumed 0, skipped 0, refused 0, interrupted 1 in /);
  assert.match(first.stderr, /a chip left the reader mid-way: run the same command again to resume it/);
  assert.deepEqual(await registered(), [], 'not registered before its proof');
  // the same chip is still on the software reader: the resume checks keys 3 and 4 (7 APDUs more than a
  // chip with none to check), changes them and key 0 (APDUs 22..24), then the cut falls in the proof
  const second = await runCut(27);
  assert.equal(second.status, 1, second.stderr + second.stdout);
  assert.match(second.stdout, new RegExp(`^\\[1/1\\] ${uid} left the reader after step key0: interrupted`));
  assert.deepEqual(await registered(), []);
  // run again: the chip holds the batch's keys, so it is recognised, proven and registered, once
  const third = await runCut();
  assert.equal(third.status, 0, third.stderr + third.stdout);
  const [done, total] = third.stdout.trim().split('\n');
  const tap = done.match(
    new RegExp(
      `^\\[1/1\\] ${uid} skipped \\(\\d+ APDUs, \\d+ ms\\) already personalised for this batch, taps (\\S+)$`,
    ),
  )?.[1];
  assert.ok(tap, done);
  assert.match(total, /^personalised 0, resumed 0, skipped 1, refused 0, interrupted 0 in /);
  const chips = await registered();
  assert.deepEqual(
    chips.map((c) => c.uid),
    [uid],
    'registered once',
  );
  const accepted = await batchTap(new URL(tap));
  assert.equal(accepted.body.ok, true, JSON.stringify(accepted.body));
  assert.equal(accepted.body.chipId, chips[0].id, 'the tap names the registered chip');
  // nothing left on the software reader, and nothing of the chip in clear in the data dir
  assert.deepEqual(readdirSync(dataDir).sort(), ['personalise-journal']);
  assert.doesNotMatch(readFileSync(join(dataDir, 'personalise-journal'), 'utf8'), new RegExp(uid, 'i'));
});

test('bad input gets clear errors: no batch, a batch of another owner, a reader that is not there', async () => {
  const batch = await newBatch('aes', false);
  const none = await personalise(owner, '--reader', 'software');
  assert.equal(none.status, 1);
  assert.match(none.stderr, /--batch B is needed/);
  const stolen = await personalise(other, '--batch', batch, '--reader', 'software');
  assert.equal(stolen.status, 1);
  assert.match(stolen.stderr, /the API refused: 404 Chip batch not found/);
  const perChip = await owner.client.call('POST', '/json/chip-batches', {
    nftId,
    name: 'per-chip',
    scheme: 'an10922',
    mode: 'aes',
  });
  const noUrl = await personalise(owner, '--batch', perChip.body.id as string, '--reader', 'software');
  assert.match(noUrl.stderr, /has per-chip URLs: give it a URL template/);
  // a GS1 serial per chip ({SERIAL}): one URL for all would give every chip the same serial
  const gs1 = await owner.client.call('POST', '/json/chip-batches', {
    nftId,
    name: 'gs1 serials',
    scheme: 'an10922',
    mode: 'aes',
    urlForm: { template: `${stack.url}/01/09506000134352/21/{SERIAL}?e={PICC}&c={MAC}`, macInputFrom: 'MAC' },
  });
  assert.equal(gs1.status, 201, JSON.stringify(gs1.body));
  const serials = await personalise(owner, '--batch', gs1.body.id as string, '--reader', 'software');
  assert.equal(serials.status, 1);
  assert.match(serials.stderr, /carries each chip's GS1 serial \(\{SERIAL\}\)/);
  // without pyscard/pcscd (this machine) or without a reader, the command says what to do
  const real = await personalise(owner, '--batch', batch);
  assert.equal(real.status, 1);
  assert.match(real.stderr, /apt-get install -y pcscd python3-pyscard|no PC\/SC reader is connected/);
});

test("the bureau package: the owner's only, sealed under the passphrase, opened and its keys derived by an independent reader", async () => {
  const master = randomBytes(16);
  const batch = await newBatch('lrp', true, master);
  const passphrase = 'correct horse battery staple';
  const path = `/json/chip-batches/${batch}/package`;
  // another owner: the batch does not exist for them; a short passphrase is a 400 that does not echo it
  const stolen = await other.client.call('POST', path, { passphrase });
  assert.equal(stolen.status, 404);
  assert.equal(stolen.body.errorMessage, 'Chip batch not found');
  assert.equal((await new Client(stack.url).call('POST', path, { passphrase })).status, 401);
  const short = await owner.client.call('POST', path, { passphrase: 'short-pass' });
  assert.equal(short.status, 400);
  assert.equal(short.body.errorMessage, 'The passphrase needs at least 12 characters');

  const sealed = await owner.client.call('POST', path, { passphrase });
  assert.equal(sealed.status, 200, JSON.stringify(sealed.body));
  const file = sealed.body as unknown as BureauPackageFile;
  assert.doesNotMatch(JSON.stringify(file), new RegExp(master.toString('hex'), 'i'), 'no key in clear');
  await assert.rejects(openBureauPackage(file, 'wrong horse battery staple'), /wrong passphrase/);

  // a chip of the batch (personalised through the CLI), its keys from the package's stated inputs
  const run = await personalise(owner, '--batch', batch, '--reader', 'software', '--count', '1');
  assert.equal(run.status, 0, run.stderr);
  const uid = run.stdout.match(/\] (04[0-9A-F]{12}) personalised/)![1];
  const independent = JSON.parse(
    execFileSync('python3', [join(ROOT, 'libs/chips/scripts/open-bureau-package.py')], {
      input: JSON.stringify({ file, passphrase, uid }),
    }).toString(),
  ) as {
    package: { url: { template: string }; sdm: Record<string, unknown>; keys: { masterKey: string } };
    keys: string[];
    check: boolean;
  };
  assert.equal(independent.check, true, "python's AN10922 gives the package's check keys");
  assert.equal(independent.package.keys.masterKey, master.toString('hex').toUpperCase());
  assert.equal(independent.package.url.template, `${stack.url}/tag?picc_data={PICC}&cmac={MAC}&tt={TT}`);
  assert.equal(typeof independent.package.sdm.piccDataOffset, 'number');
  assert.equal(typeof independent.package.sdm.ttStatusOffset, 'number');
  // `chip -- template --batch B` prints the same SDM settings (from the batch, no key involved)
  const template = await chip(owner, 'template', '--batch', batch);
  assert.equal(template.status, 0, template.stderr);
  assert.deepEqual(JSON.parse(template.stdout), independent.package.sdm);
  // the chip holds those keys: the tap it wrote verifies with them (and they are the server's)
  const tap = run.stdout.match(/ personalised \(\d+ APDUs, \d+ ms\) (\S+)/)![1];
  const form = { template: independent.package.url.template, macInputFrom: 'MAC' as const };
  const verdict = verifySun(parseFormTap(form, tap, 'lrp')!.message, {
    metaReadKey: Buffer.from(independent.keys[1], 'hex'),
    fileReadKey: Buffer.from(independent.keys[2], 'hex'),
  });
  assert.equal(verdict.ok, true, 'the chip taps under the keys python derived');
  const server = batchChipKeys(master, uid, 'an10922');
  assert.equal(independent.keys[1], server.metaReadKey.toString('hex').toUpperCase(), 'key 1 (meta read)');
  assert.equal(independent.keys[2], server.fileReadKey.toString('hex').toUpperCase(), 'key 2 (file read)');
});
