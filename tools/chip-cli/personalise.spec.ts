import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diversifyKey, PcscError } from '@metatag/chips';
import { Journal } from './journal.js';
import type { BatchSettings } from './batch-source.js';
import { PyscardPcsc } from './pcsc-bridge.js';
import { choosePort, failureMessage, runPersonalise } from './personalise.js';
import { CUT_ENV, SoftwareReader } from './software-reader.js';

// Bad reader states, in the words the CLI prints (`failureMessage` is what main writes on stderr). The
// real bridge (pcsc-bridge.py, our TS side) runs against a stand-in pyscard on PYTHONPATH whose readers
// come from FAKE_READERS: the selection, the bridge's mapping of pcsc-lite's errors and the words are ours.
const ACR = 'ACS ACR122U PICC Interface 00 00';
const IDENTIV = 'Identiv uTrust 3700 F CL Reader 01 00';
let fake: string;

const PYSCARD: Record<string, string> = {
  '__init__.py': '',
  'scard.py':
    'SCARD_SCOPE_USER = 0\nSCARD_S_SUCCESS = 0\ndef SCardEstablishContext(scope):\n    return 0, 1\n',
  'Exceptions.py': `class SmartcardException(Exception):
    def __init__(self, message="", hresult=-1):
        super().__init__(message)
        self.hresult = hresult
class NoCardException(SmartcardException): pass
class CardConnectionException(SmartcardException): pass
`,
  // pcsc-lite's hresults come back signed from pyscard (0x8010000B sharing violation, 0x80100017 reader
  // unavailable, 0x8010000C no smart card) with its words in the message
  'System.py': `import json, os
from smartcard.Exceptions import NoCardException, CardConnectionException
class Connection:
    def __init__(self, state): self.state = state
    def connect(self):
        if self.state == "busy": raise CardConnectionException("Unable to connect with protocol: T0 or T1. Sharing violation.", hresult=-2146435061)
        if self.state == "gone": raise CardConnectionException("Unable to connect with protocol: T0 or T1. Reader is unavailable.", hresult=-2146435049)
        if self.state == "empty": raise NoCardException("Unable to connect: No smart card inserted.", hresult=-2146435060)
    def disconnect(self): pass
class Reader:
    def __init__(self, name, state): self.name, self.state = name, state
    def __str__(self): return self.name
    def createConnection(self): return Connection(self.state)
def readers():
    return [Reader(r["name"], r["state"]) for r in json.loads(os.environ["FAKE_READERS"])]
`,
};

before(() => {
  fake = mkdtempSync(join(tmpdir(), 'fake-pyscard-'));
  mkdirSync(join(fake, 'smartcard'));
  for (const [name, text] of Object.entries(PYSCARD)) writeFileSync(join(fake, 'smartcard', name), text);
});

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
async function cli(readers: { name: string; state: string }[], wanted?: string): Promise<string> {
  const open = () =>
    PyscardPcsc.open('/usr/bin/python3', {
      ...process.env,
      PYTHONPATH: fake,
      FAKE_READERS: JSON.stringify(readers),
    });
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
  }
  assert.fail('personalise went through');
}

test('several readers and no --reader: the error lists them and asks for --reader', async () => {
  assert.equal(
    await cli([
      { name: ACR, state: 'empty' },
      { name: IDENTIV, state: 'empty' },
    ]),
    `chip personalise: 2 readers are connected: choose one with --reader ("${ACR}", "${IDENTIV}")`,
  );
});

test('an unknown --reader name: the error lists the connected readers', async () => {
  assert.equal(
    await cli(
      [
        { name: ACR, state: 'empty' },
        { name: IDENTIV, state: 'empty' },
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
        { name: ACR, state: 'empty' },
      ],
      IDENTIV,
    ),
    `chip personalise: the reader "${IDENTIV}" is not available any more (Unable to connect with protocol: T0 or T1. Reader is unavailable.): ` +
      'plug it back in (pcsc_scan lists the readers) and run again',
  );
  // no reader at all; and an empty reader is only a wait for a chip (here the 1 s timeout)
  assert.match(await cli([]), /^chip personalise: no PC\/SC reader is connected: plug one in/);
  assert.equal(await cli([{ name: ACR, state: 'empty' }]), `chip personalise: no card on ${ACR}`);
});

test(`the software reader keeps a chip cut by ${CUT_ENV} (sealed) for the next run, and forgets it once done`, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'software-reader-'));
  const cut = await SoftwareReader.open(dataDir, batch, { [CUT_ENV]: '16' });
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
