import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SoftwareNtag424 } from '@metatag/chips';
// eslint-disable-next-line @nx/enforce-module-boundaries -- tools is no project: the chip CLI's test fixture stands in for pcscd and the reader
import { SoftwareCardHost } from '../../../tools/chip-cli/fixtures/software-card-host.js';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import {
  ADMIN_USER_PASSWORD,
  chipSecrets,
  newAdmin,
  newTemplate,
  superAdmin,
} from './testing/chips.fixture.js';

// Issue #27 through the PC/SC path, not `--reader software`: `npm run chip -- personalise --batch B` as a
// child process spawns the real pcsc-bridge.py, whose pyscard is the stand-in of
// tools/chip-cli/fixtures/pyscard; every APDU goes CLI → bridge (JSON lines) → pyscard → the software
// card host below → a software NTAG 424 DNA, and back. The test is the person at the reader: it puts
// chips on, pulls one mid-write, puts it back and takes chips off when the CLI's progress lines ask.
// What the server holds (the batch's chips, taps accepted on the batch URL) is asserted through the API.
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const ACR = 'ACS ACR122U PICC Interface 00 00';
let stack: TestStack;
let owner: { client: Client; name: string };
let host: SoftwareCardHost;
let batch: string;
const dataDir = mkdtempSync(join(tmpdir(), 'personalise-pcsc-')); // one desk: one journal for the runs
let first: SoftwareNtag424;

before(async () => {
  stack = await startTestStack({ env: chipSecrets() });
  owner = await newAdmin(stack.url, await superAdmin(stack.url));
  const nftId = await newTemplate(owner.client);
  const created = await owner.client.call('POST', '/json/chip-batches', {
    nftId,
    name: 'desk reader',
    scheme: 'an10922',
    mode: 'aes',
    urlForm: { template: `${stack.url}/tag?picc_data={PICC}&cmac={MAC}`, macInputFrom: 'MAC' },
    tagTamper: false,
  });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  batch = created.body.id as string;
  host = await SoftwareCardHost.start({ [ACR]: 'ok' });
});
after(async () => {
  await host?.close();
  await stack?.stop();
});

/** `npm run chip -- personalise --batch B --count N` on the (only) reader; `onLine` acts on each line. */
function personalise(
  count: number,
  onLine: (line: string) => void,
): Promise<{ status: number | null; lines: string[]; stderr: string }> {
  const env = host.env({ ...process.env, DATA_DIR: dataDir });
  delete env.CHIP_MASTER_KEY; // the batch's keys come from the API
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      './tools/register.mjs',
      'tools/chip-cli.ts',
      'personalise',
      '--batch',
      batch,
      '--count',
      String(count),
      '--url',
      stack.url,
      '--name',
      owner.name,
      '--password',
      ADMIN_USER_PASSWORD,
    ],
    { cwd: ROOT, env },
  );
  const lines: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  createInterface({ input: child.stdout }).on('line', (line) => {
    lines.push(line);
    onLine(line);
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, lines, stderr }));
  });
}

const batchChips = async () =>
  (await owner.client.call('GET', `/json/chip-batches/${batch}/chips`)).body.items as {
    id: string;
    uid: string;
  }[];
const batchTap = (url: string) => {
  const { pathname, search } = new URL(url);
  return new Client(stack.url).call('POST', '/json/check-batch-tap', { path: `${pathname}${search}` });
};
const SUMMARY =
  /^personalised (\d+), resumed (\d+), skipped (\d+), refused (\d+), interrupted (\d+) in [\d.]+ s \((\d+) APDUs\)$/;

test('a blank chip on the reader: personalised through the bridge, registered in the batch, its taps accepted', async () => {
  const blank = host.put(new SoftwareNtag424());
  const run = await personalise(1, (line) => {
    if (line === '[1/1] take the chip off the reader') first = host.take()!;
  });
  assert.equal(run.status, 0, run.stderr + run.lines.join('\n'));
  const [ask, done, off, summary] = run.lines;
  assert.equal(ask, `[1/1] put a chip on ${ACR}`);
  const url = done.match(
    new RegExp(`^\\[1/1\\] ${blank.uid} personalised \\((\\d+) APDUs, \\d+ ms\\) (\\S+)$`),
  );
  assert.ok(url, done);
  assert.equal(off, '[1/1] take the chip off the reader');
  assert.deepEqual(summary.match(SUMMARY)?.slice(1, 6), ['1', '0', '0', '0', '0'], summary);
  assert.equal(run.lines.length, 4);
  // what went through the bridge: the run's APDUs, and the chip taken off holds the batch's keys
  assert.equal(Number(summary.match(SUMMARY)![6]), Number(url[1]));
  assert.equal(host.apdus, Number(url[1]));
  assert.deepEqual(first.keyVersions, [1, 1, 1, 1, 1]);

  const chips = await batchChips();
  assert.deepEqual(
    chips.map((c) => c.uid),
    [blank.uid],
    'registered in the batch',
  );
  // the tap the CLI proved, then a new tap of the chip (its own SUN): both accepted on the batch's URL
  const proved = await batchTap(url[2]);
  assert.equal(proved.body.ok, true, JSON.stringify(proved.body));
  const tap = first.tapUrl()!;
  assert.ok(tap.startsWith(`${stack.url}/tag?picc_data=`), tap);
  const accepted = await batchTap(tap);
  assert.equal(accepted.body.ok, true, JSON.stringify(accepted.body));
  assert.equal(accepted.body.chipId, chips[0].id, 'the tap names the registered chip');
  assert.equal((await batchTap(tap)).body.ok, false, 'replayed');
});

test('a chip pulled mid-write and put back is resumed, then the same chips presented again are skipped', async () => {
  const second = host.put(new SoftwareNtag424());
  const uid = second.uid;
  // APDU 27 is ChangeKey 2 (keys 1..4 at 26..29): the chip does it, the reader loses its answer
  host.removeAfter(26, { lose: true });
  const before = host.apdus;
  // the person: puts the pulled chip back when asked, takes each finished chip off, then presents the
  // resumed chip again and then the first run's chip
  let taken: SoftwareNtag424 | undefined;
  let atPull: number[] = [];
  const run = await personalise(3, (line) => {
    if (line.endsWith('put it back to resume it (the journal knows its state)'))
      atPull = [...host.putBack().keyVersions];
    if (line.endsWith('take the chip off the reader')) taken = host.take();
    if (line === `[2/3] put a chip on ${ACR}`) host.put(taken!);
    if (line === `[3/3] put a chip on ${ACR}`) host.put(first);
  });
  assert.equal(run.status, 0, run.stderr + run.lines.join('\n'));
  const lines = run.lines;
  assert.equal(lines[0], `[1/3] put a chip on ${ACR}`);
  assert.equal(
    lines[1],
    `[1/3] ${uid} left the reader after step settings: put it back to resume it (the journal knows its state)`,
  );
  assert.deepEqual(atPull, [0, 1, 1, 0, 0], 'pulled with keys 1 and 2 changed (2 whose answer was lost)');
  assert.equal(lines[2], `[1/3] put a chip on ${ACR}`);
  assert.match(
    lines[3],
    new RegExp(`^\\[1/3\\] ${uid} resumed \\(\\d+ APDUs, \\d+ ms\\) ${stack.url}/tag\\?picc_data=`),
  );
  assert.equal(lines[4], '[1/3] take the chip off the reader');
  assert.equal(lines[5], `[2/3] put a chip on ${ACR}`);
  const skipped = lines[6].match(
    new RegExp(
      `^\\[2/3\\] ${uid} skipped \\(\\d+ APDUs, \\d+ ms\\) already personalised for this batch, taps (\\S+)$`,
    ),
  );
  assert.ok(skipped, lines[6]);
  assert.equal(lines[7], '[2/3] take the chip off the reader');
  assert.equal(lines[8], `[3/3] put a chip on ${ACR}`);
  assert.match(
    lines[9],
    new RegExp(
      `^\\[3/3\\] ${first.uid} skipped \\(\\d+ APDUs, \\d+ ms\\) already personalised for this batch, taps `,
    ),
  );
  assert.equal(lines[10], '[3/3] take the chip off the reader');
  assert.deepEqual(lines[11].match(SUMMARY)?.slice(1, 6), ['0', '1', '2', '0', '0'], lines[11]);
  // the summary counts the chips' APDUs; the 26 answered before the pull went through the bridge too
  assert.equal(Number(lines[11].match(SUMMARY)![6]), host.apdus - before - 26);

  // the server: both chips in the batch, once each; the resumed chip's tap is accepted and names it
  const chips = await batchChips();
  assert.deepEqual(chips.map((c) => c.uid).sort(), [first.uid, uid].sort(), 'registered once each');
  const accepted = await batchTap(skipped[1]);
  assert.equal(accepted.body.ok, true, JSON.stringify(accepted.body));
  assert.equal(accepted.body.chipId, chips.find((c) => c.uid === uid)!.id);
});

test('a chip with a key 0 of its own is refused with the reason, left as it was and not registered', async () => {
  const foreign = new SoftwareNtag424();
  foreign.keys[0] = randomBytes(16); // personalised by some other tool, versions still 0
  host.put(foreign);
  let taken: SoftwareNtag424 | undefined;
  const run = await personalise(1, (line) => {
    if (line.endsWith('take the chip off the reader')) taken = host.take();
  });
  assert.equal(run.status, 1, run.stderr + run.lines.join('\n'));
  assert.match(
    run.lines[1],
    new RegExp(`^\\[1/1\\] ${foreign.uid} refused \\(\\d+ APDUs, \\d+ ms\\) key 0 is not the factory key$`),
  );
  assert.deepEqual(run.lines.at(-1)!.match(SUMMARY)?.slice(1, 6), ['0', '0', '0', '1', '0']);
  assert.deepEqual(taken?.snapshot(), foreign.snapshot(), 'nothing on the chip changed');
  assert.ok(!(await batchChips()).some((c) => c.uid === foreign.uid), 'not registered');
});
