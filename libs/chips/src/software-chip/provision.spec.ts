import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provisionChips, type ChipToLink } from './provision.js';
import { chipStateFile } from './simulated-chips.js';

const UID = '04A1B2C3D4E5F6';

test('each row is linked through the caller and recorded without its keys; refused rows are named by line', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'provision-'));
  const asked: { template: string; chip: ChipToLink }[] = [];
  const result = await provisionChips(
    dataDir,
    [
      { uid: UID },
      { uid: '04000000000001', template: '9' },
      { uid: '04000000000002', metaReadKey: '00'.repeat(16), fileReadKey: '11'.repeat(16) },
      { uid: 'bad' },
    ],
    { template: '7' },
    async (template, chip) => {
      asked.push({ template, chip });
      if (chip.uid === 'bad') throw new Error('The UID must be 7 bytes in hex (14 digits)');
      return { id: `c${asked.length}`, uid: chip.uid };
    },
  );
  assert.deepEqual(result.linked, [
    { id: 'c1', uid: UID },
    { id: 'c2', uid: '04000000000002' },
  ]);
  assert.deepEqual(result.refused, [
    'line 3: template 9 is not --template 7; skipped',
    'line 5: bad: The UID must be 7 bytes in hex (14 digits)',
  ]);
  assert.deepEqual(
    asked.map((a) => a.template),
    ['7', '7', '7'],
  );
  assert.deepEqual(asked[1].chip.keys, { metaReadKey: '00'.repeat(16), fileReadKey: '11'.repeat(16) });
  const file = chipStateFile(dataDir);
  const state = JSON.parse(await readFile(file, 'utf8'));
  // a chip of derived keys taps with its scheme; an imported one with the keys a tap is given
  assert.deepEqual(state, {
    c1: { uid: UID, counter: 0, scheme: 'an10922' },
    c2: { uid: '04000000000002', counter: 0 },
  });
  assert.doesNotMatch(await readFile(file, 'utf8'), /0{32}|1{32}/);
  assert.equal((await stat(file)).mode & 0o777, 0o600);
});

test('a row without a template anywhere is refused; a chip provisioned again keeps its counter', async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'provision-'));
  const link = async (_template: string, chip: ChipToLink) => ({ id: 'same', uid: chip.uid });
  const none = await provisionChips(dataDir, [{ uid: UID }], {}, link);
  assert.deepEqual(none.refused, ['line 2: no template (pass --template or a template column)']);
  await provisionChips(dataDir, [{ uid: UID, template: '3', scheme: 'legacy' }], {}, link);
  const state = JSON.parse(await readFile(chipStateFile(dataDir), 'utf8'));
  state.same.counter = 41;
  await writeFile(chipStateFile(dataDir), JSON.stringify(state));
  await provisionChips(dataDir, [{ uid: UID, template: '3', scheme: 'legacy' }], {}, link);
  const again = JSON.parse(await readFile(chipStateFile(dataDir), 'utf8'));
  assert.deepEqual(again.same, { uid: UID, counter: 41, scheme: 'legacy' });
});
