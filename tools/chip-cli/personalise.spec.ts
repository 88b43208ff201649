import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diversifyKey, parseSunQuery, PcscError, SoftwareNtag424, verifySun } from '@metatag/chips';
import { Journal } from './journal.js';
import type { BatchSettings } from './batch-source.js';
import { PyscardPcsc } from './pcsc-bridge.js';
import { choosePort, failureMessage, runPersonalise } from './personalise.js';
import { CUT_ENV, SoftwareReader } from './software-reader.js';
import { SoftwareCardHost, STAND_IN_PYSCARD, type ReaderState } from './fixtures/software-card-host.js';

// Bad reader states, in the words the CLI prints (`failureMessage` is what main writes on stderr). The
// real bridge (pcsc-bridge.py, our TS side) runs against the stand-in pyscard (fixtures/pyscard) whose
// readers are a SoftwareCardHost's: the selection, the bridge's mapping of pyscard's exceptions (their
// words as pyscard 2.0.5 builds them) and the CLI's words are ours. A chip through the same bridge below.
const ACR = 'ACS ACR122U PICC Interface 00 00';
const IDENTIV = 'Identiv uTrust 3700 F CL Reader 01 00';

const master = randomBytes(16);
const batch: BatchSettings = {
  id: 'b1',
  form: { template: 'https://m.example/tag?picc_data={PICC}&cmac={MAC}', macInputFrom: 'MAC' },
  mode: 'aes',
  tt: false,
  keyVersion: 1,
  keysFor: (uid) => [0, 1, 2, 3, 4].map((k) => diversifyKey(master, uid, k)),
  journalKey: randomBytes(32),
};

/** `chip personalise [--reader wanted]` with these readers connected: what it prints on stderr. */
async function cli(readers: { name: string; state: ReaderState }[], wanted?: string): Promise<string> {
  const host = await SoftwareCardHost.start(Object.fromEntries(readers.map((r) => [r.name, r.state])));
  const open = () => PyscardPcsc.open('/usr/bin/python3', host.env());
  try {
    const { port, reader, close } = await choosePort(wanted, batch, open);
    try {
      const journal = await new Journal(join(mkdtempSync(join(tmpdir(), 'j-')), 'journal'), master).load();
      await runPersonalise({ port, reader, count: 1, batch, journal, log: () => {}, timeoutMs: 1000 });
    } finally {
      await close();
    }
  } catch (error) {
    assert.ok(error instanceof PcscError, String(error));
    return failureMessage(error)!;
  } finally {
    await host.close();
  }
  assert.fail('personalise went through');
}

test('several readers and no --reader: the error lists them and asks for --reader', async () => {
  assert.equal(
    await cli([
      { name: ACR, state: 'ok' },
      { name: IDENTIV, state: 'ok' },
    ]),
    `chip personalise: 2 readers are connected: choose one with --reader ("${ACR}", "${IDENTIV}")`,
  );
});

test('an unknown --reader name: the error lists the connected readers', async () => {
  assert.equal(
    await cli(
      [
        { name: ACR, state: 'ok' },
        { name: IDENTIV, state: 'ok' },
      ],
      'ACR1252',
    ),
    `chip personalise: no reader named "ACR1252"; connected: "${ACR}", "${IDENTIV}" (name one with --reader, or --reader software)`,
  );
});

test('a reader another program holds, or one that went away: said so at once, not waited on as "no card"', async () => {
  assert.equal(
    await cli([{ name: ACR, state: 'busy' }]),
    `chip personalise: the reader "${ACR}" is in use by another program (Unable to connect with protocol: T0 or T1. Sharing violation.): ` +
      'close it (another personalise, pcsc_scan, a smart-card middleware) and run again',
  );
  assert.equal(
    await cli(
      [
        { name: IDENTIV, state: 'gone' },
        { name: ACR, state: 'ok' },
      ],
      IDENTIV,
    ),
    `chip personalise: the reader "${IDENTIV}" is not available any more (Unable to connect with protocol: T0 or T1. Reader is unavailable.): ` +
      'plug it back in (pcsc_scan lists the readers) and run again',
  );
  // no reader at all; and an empty reader is only a wait for a chip (here the 1 s timeout)
  assert.match(await cli([]), /^chip personalise: no PC\/SC reader is connected: plug one in/);
  assert.equal(await cli([{ name: ACR, state: 'ok' }]), `chip personalise: no card on ${ACR}`);
});

test('the stand-in pyscard says what pyscard says (compared with python3-pyscard when installed)', (t) => {
  const contract = join(STAND_IN_PYSCARD, '..', 'pyscard-contract.py');
  const run = (env: NodeJS.ProcessEnv) =>
    spawnSync('/usr/bin/python3', [contract], {
      env: { PATH: process.env.PATH, PYTHONDONTWRITEBYTECODE: '1', ...env },
      encoding: 'utf8',
    });
  const standIn = run({ PYTHONPATH: STAND_IN_PYSCARD });
  assert.equal(standIn.status, 0, standIn.stderr);
  const real = run({});
  if (/No module named 'smartcard'/.test(real.stderr))
    return t.skip('python3-pyscard is not installed here (apt-get install -y python3-pyscard): not compared');
  assert.equal(real.status, 0, real.stderr);
  assert.deepEqual(JSON.parse(standIn.stdout), JSON.parse(real.stdout));
});

test('no pcscd: the bridge says what to install', async () => {
  const open = () =>
    PyscardPcsc.open('/usr/bin/python3', {
      ...process.env,
      PYTHONPATH: STAND_IN_PYSCARD,
      PYTHONDONTWRITEBYTECODE: '1',
      METATAG_PCSC_HOST: '',
    });
  await assert.rejects(choosePort(undefined, batch, open), (error: PcscError) => {
    assert.match(
      failureMessage(error)!,
      /^chip personalise: pcscd is not running \(rc 8010001d\): .*apt-get install -y pcscd python3-pyscard/,
    );
    return true;
  });
});

test('a bridge that dies, before its first word or mid-run: said so at once, never waited on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'bridge-'));
  // a "python" that crashes silently, and one that says ready and then dies (a segfault in pcsc-lite)
  const silent = join(dir, 'silent');
  writeFileSync(silent, '#!/bin/sh\nexit 3\n', { mode: 0o755 });
  const dies = join(dir, 'dies');
  writeFileSync(dies, '#!/bin/sh\necho \'{"ready": true}\'\necho "Segmentation fault" >&2\nexit 139\n', {
    mode: 0o755,
  });
  await assert.rejects(PyscardPcsc.open(silent), (error: PcscError) => {
    assert.match(
      failureMessage(error)!,
      /^chip personalise: the PC\/SC bridge \(.*silent\) exited with 3: .*apt-get install/,
    );
    return true;
  });
  const port = await PyscardPcsc.open(dies);
  try {
    await assert.rejects(port.readers(), (error: PcscError) => {
      assert.equal(error.code, 'reader-error');
      assert.match(error.message, /the PC\/SC bridge \(.*dies\) exited with 139: Segmentation fault/);
      return true;
    });
  } finally {
    await port.close();
  }
});

test('APDUs through the real bridge: a chip pulled mid-write (its ChangeKey done, the answer lost) and put back is resumed', async () => {
  const host = await SoftwareCardHost.start({ [ACR]: 'ok' });
  const blank = host.put(new SoftwareNtag424());
  host.removeAfter(26, { lose: true }); // APDU 27 is ChangeKey 2: done by the chip, its answer lost
  const lines: string[] = [];
  let taken: SoftwareNtag424 | undefined;
  const { port, reader, close } = await choosePort(undefined, batch, () =>
    PyscardPcsc.open('/usr/bin/python3', host.env()),
  );
  try {
    const journal = await new Journal(join(mkdtempSync(join(tmpdir(), 'j-')), 'journal'), master).load();
    const summary = await runPersonalise({
      port,
      reader,
      count: 1,
      batch,
      journal,
      timeoutMs: 20_000,
      log: (line) => {
        lines.push(line);
        // the person at the reader does what the run asks
        if (line.includes('put it back')) host.putBack();
        if (line.includes('take the chip off')) taken = host.take();
      },
    });
    assert.deepEqual([summary.personalised, summary.resumed], [0, 1], lines.join('\n'));
  } finally {
    await close();
    await host.close();
  }
  const uid = blank.uid;
  assert.deepEqual(lines.slice(0, 3), [
    `[1/1] put a chip on ${ACR}`,
    `[1/1] ${uid} left the reader after step settings: put it back to resume it (the journal knows its state)`,
    `[1/1] put a chip on ${ACR}`,
  ]);
  assert.match(
    lines[3],
    new RegExp(`^\\[1/1\\] ${uid} resumed \\(\\d+ APDUs, \\d+ ms\\) https://m\\.example/tag\\?picc_data=`),
  );
  assert.equal(lines[4], '[1/1] take the chip off the reader');
  // the chip that went through the bridge holds the batch's keys and taps under them
  assert.deepEqual(taken?.keyVersions, [1, 1, 1, 1, 1]);
  const keys = batch.keysFor(uid);
  const tap = parseSunQuery(taken!.tapUrl()!.split('?')[1])!;
  assert.equal(verifySun(tap, { metaReadKey: keys[1], fileReadKey: keys[2] }, uid).ok, true);
  assert.ok(host.apdus > 30, `${host.apdus} APDUs went through the bridge`);
});

test(`the software reader keeps a chip cut by ${CUT_ENV} (sealed) for the next run, and forgets it once done`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'software-reader-'));
  const cut = await SoftwareReader.open(dataDir, batch, { [CUT_ENV]: '27' });
  const journal = await new Journal(join(dataDir, 'journal'), master).load();
  const run = (r: SoftwareReader) =>
    runPersonalise({ port: r.port, reader: r.reader, feed: r.feed, count: 1, batch, journal, log: () => {} });
  const first = await run(cut);
  await cut.close();
  assert.deepEqual([first.interrupted, first.outcomes.length], [1, 0]);
  const file = join(dataDir, 'software-reader-b1');
  assert.doesNotMatch(readFileSync(file, 'utf8'), /"uid"|"keys"|04[0-9A-F]{12}/i, 'sealed');
  const again = await SoftwareReader.open(dataDir, batch, {});
  const uid = again.heldUid;
  assert.match(uid ?? '', /^04[0-9A-F]{12}$/);
  assert.equal(journal.last(uid!)?.step, 'settings', 'the journal knows the cut chip');
  const second = await run(again);
  again.finished();
  await again.close();
  assert.deepEqual([second.resumed, second.interrupted], [1, 0]);
  assert.equal(second.outcomes[0].uid, uid);
  assert.equal(existsSync(file), false);
  // a run that stopped on an error (here before its end) keeps the chip on the reader for the next one
  const stopped = await SoftwareReader.open(dataDir, batch, {});
  stopped.feed();
  await stopped.close();
  assert.match((await SoftwareReader.open(dataDir, batch, {})).heldUid ?? '', /^04[0-9A-F]{12}$/);
});
