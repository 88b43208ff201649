import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The chip doctor offline, on published values: what a person with a real chip runs.
const root = fileURLToPath(new URL('..', import.meta.url));
const zero = '00000000000000000000000000000000';
const chip = (...args: string[]) => {
  const run = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', './tools/register.mjs', 'tools/chip-cli.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATA_DIR: mkdtempSync(join(tmpdir(), 'chip-cli-')) },
    },
  );
  return { code: run.status, out: run.stdout.trim() };
};

test('verify reads AN12196 taps (with file data) and an sdm-backend tap by its master key', () => {
  const withFile = chip(
    'verify',
    '--url',
    'https://example.com/tag/abcdef12?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6',
    '--meta-key',
    zero,
    '--file-key',
    zero,
  );
  assert.equal(withFile.code, 0);
  assert.deepEqual(JSON.parse(withFile.out), {
    ok: true,
    uid: '04958CAA5C5E80',
    counter: 8,
    mode: 'aes',
    fileData: Buffer.from('xxxxxxxxxxxxxxxx').toString('hex'),
  });
  const fleet = chip(
    'verify',
    '--url',
    'https://example.com/tag/abcdef12?e=4F5B914723915D456C038FE658686CD55CE7DCDEA93F5DA7AAA0AADC97485ABFFFCD8DE82AD05289',
    '--master-key',
    '47BBB68AFA73F31310BEEFCE5DDA692DBAD671A03FEAD5A9BBDBCF3CD6D4C521',
    '--scheme',
    'sdm-backend',
  );
  assert.equal(fleet.code, 0, fleet.out);
  assert.equal(JSON.parse(fleet.out).uid, '047D5F2AAA6180');
  const forged = chip(
    'verify',
    '--url',
    'https://x/tag/abcdef12?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337087',
    '--meta-key',
    zero,
    '--file-key',
    zero,
  );
  assert.equal(forged.code, 1);
  assert.equal(JSON.parse(forged.out).ok, false);
});

test('derive gives the AN10922 example key for its raw input, and a chip its keys and inputs M', () => {
  const example = chip(
    'derive',
    '--master-key',
    '00112233445566778899AABBCCDDEEFF',
    '--input',
    '04782E21801D803042F54E585020416275',
  );
  assert.equal(JSON.parse(example.out).key, 'a8dd63a3b89d54b37ca802473fda9175');
  const keys = JSON.parse(
    chip('derive', '--master-key', '000102030405060708090a0b0c0d0e0f', '--uid', '04aabbccddeeff').out,
  );
  assert.equal(keys.metaReadInput, '04AABBCCDDEEFF014D657461546167');
  assert.equal(keys.fileReadInput, '04AABBCCDDEEFF024D657461546167');
  const viaInput = JSON.parse(
    chip('derive', '--master-key', '000102030405060708090a0b0c0d0e0f', '--input', keys.metaReadInput).out,
  );
  assert.equal(viaInput.key, keys.metaReadKey);
});
