import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
    form: 'sdm-backend',
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

test("tap with keys of its own writes no key to DATA_DIR/chip-cli.json, and drops an older file's keys (#26)", () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'chip-cli-'));
  const stale = '0f'.repeat(16);
  writeFileSync(
    join(dataDir, 'chip-cli.json'),
    JSON.stringify({
      old: { uid: '04AABBCCDDEEFF', counter: 2, keys: { metaReadKey: stale, fileReadKey: stale } },
    }),
  );
  const run = spawnSync(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      './tools/register.mjs',
      'tools/chip-cli.ts',
      'tap',
      '--tag',
      'imported1',
      '--uid',
      '04958CAA5C5E80',
      '--meta-key',
      '1'.repeat(32),
      '--file-key',
      '2'.repeat(32),
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } },
  );
  assert.equal(run.status, 0, run.stderr);
  const state = readFileSync(join(dataDir, 'chip-cli.json'), 'utf8');
  assert.doesNotMatch(state, /[0-9a-f]{32}/i, state);
  assert.deepEqual(JSON.parse(state), {
    old: { uid: '04AABBCCDDEEFF', counter: 2 },
    imported1: { uid: '04958CAA5C5E80', counter: 1 },
  });
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

// NXP AN12196's worked examples through `chip -- apdu` (section numbers of Rev. 2.0).
test('apdu auth follows AN12196 6.6 step by step (with and without status words)', () => {
  const args = [
    'apdu',
    'auth',
    '--key',
    zero,
    '--key-no',
    '0',
    '--rnd-a',
    '13C5DB8A5930439FC3DEF9A4C675360F',
  ];
  assert.deepEqual(JSON.parse(chip(...args).out), { cmd1: '9071000002000000' });
  const first = chip(...args, '--card', 'A04C124213C186F22399D33AC2A3021591AF');
  assert.deepEqual(JSON.parse(first.out), {
    cmd1: '9071000002000000',
    cmd2: '90AF00002035C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D00',
    kSesAuthEnc: '1309C877509E5A215007FF0ED19CA564',
    kSesAuthMac: '4C6626F5E72EA694202139295C7A7FC7',
  });
  const both = chip(
    ...args,
    '--card',
    'A04C124213C186F22399D33AC2A30215',
    '--card',
    '3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663',
  );
  assert.equal(
    both.out,
    '{"cmd1":"9071000002000000","cmd2":"90AF00002035C3E05A752E0144BAC0DE51C1F22C56B34408A23D8AEA266CAB947EA8E0118D00","ti":"9D00C4DF","kSesAuthEnc":"1309C877509E5A215007FF0ED19CA564","kSesAuthMac":"4C6626F5E72EA694202139295C7A7FC7"}',
  );
  const wrongKey = chip(
    'apdu',
    'auth',
    '--key',
    'FF'.repeat(16),
    '--key-no',
    '0',
    '--rnd-a',
    '13C5DB8A5930439FC3DEF9A4C675360F',
    '--card',
    'A04C124213C186F22399D33AC2A30215',
    '--card',
    '3FA64DB5446D1F34CD6EA311167F5E4985B89690C04A05F17FA7AB2F08120663',
  );
  assert.equal(wrongKey.code, 1);
});

test('apdu wrap and unwrap give AN12196 5.3 (MAC), 6.12 (FULL command) and 7.3 (FULL response)', () => {
  const keys612 = [
    '--enc',
    '7A93D6571E4B180FCA6AC90C9A7488D4',
    '--mac',
    'FC4AF159B62E549B5812394CAB1918CC',
    '--ti',
    '7614281A',
    '--counter',
    '0',
  ];
  assert.equal(
    chip(
      'apdu',
      'wrap',
      '--mode',
      'full',
      ...keys612,
      '--header-len',
      '7',
      '--apdu',
      '908D000011030000000A00000102030405060708090A00',
    ).out,
    '{"apdu":"908D00001F030000000A00006B5E6804909962FC4E3FF5522CF0F8436C0C53315B9C73AA00"}',
  );
  assert.equal(
    chip('apdu', 'unwrap', '--mode', 'full', ...keys612, '--response', 'C26D236E4A7C046D9100').out,
    '{"ok":true,"sw":"9100","data":""}',
  );
  const keys53 = [
    '--enc',
    zero,
    '--mac',
    '8248134A386E86EB7FAF54A52E536CB6',
    '--ti',
    '7A21085E',
    '--counter',
    '0',
  ];
  assert.equal(
    chip('apdu', 'wrap', '--mode', 'mac', ...keys53, '--header-len', '1', '--apdu', '90F50000010200').out,
    '{"apdu":"90F5000009026597A457C8CD442C00"}',
  );
  assert.equal(
    chip(
      'apdu',
      'unwrap',
      '--mode',
      'mac',
      ...keys53,
      '--response',
      '0040EEEE000100D1FE001F00004400004400002000006A00002A474282E7A479869100',
    ).out,
    '{"ok":true,"sw":"9100","data":"0040EEEE000100D1FE001F00004400004400002000006A0000"}',
  );
  const keys73 = [
    '--enc',
    '2B4D963C014DC36F24F69A50A394F875',
    '--mac',
    '379D32130CE61705DD5FD8C36B95D764',
    '--ti',
    'DF055522',
  ];
  assert.equal(
    chip(
      'apdu',
      'wrap',
      '--mode',
      'full',
      ...keys73,
      '--counter',
      '0',
      '--header-len',
      '0',
      '--apdu',
      '9051000000',
    ).out,
    '{"apdu":"90510000088E2C155ADDA99BE300"}',
  );
  assert.equal(
    chip(
      'apdu',
      'unwrap',
      '--mode',
      'full',
      ...keys73,
      '--counter',
      '0',
      '--response',
      '70756055688505B52A5E26E59E329CD6595F672298EA41B79100',
    ).out,
    '{"ok":true,"sw":"9100","data":"04958CAA5C5E80"}',
  );
  // the same response read at another counter: its MAC does not hold
  const stale = chip(
    'apdu',
    'unwrap',
    '--mode',
    'full',
    ...keys73,
    '--counter',
    '1',
    '--response',
    '70756055688505B52A5E26E59E329CD6595F672298EA41B79100',
  );
  assert.deepEqual(
    { code: stale.code, out: JSON.parse(stale.out) },
    { code: 1, out: { ok: false, sw: '9100', data: '' } },
  );
  const bad = chip(
    'apdu',
    'wrap',
    '--mode',
    'full',
    ...keys73,
    '--counter',
    'x',
    '--header-len',
    '0',
    '--apdu',
    '9051000000',
  );
  assert.equal(bad.code, 1);
});

test("template gives the NDEF file and SDM settings of AN12196 5.8/5.9 for the note's URL (our key numbers)", () => {
  const run = chip(
    'template',
    '--url-template',
    'https://choose.url.com/ntag424?e={PICC}&c={MAC}',
    '--mac-input-from',
    'MAC',
  );
  assert.equal(run.code, 0);
  const out = JSON.parse(run.out);
  assert.equal(
    out.ndef,
    '0051D1014D550463686F6F73652E75726C2E636F6D2F6E7461673432343F653D' +
      '30'.repeat(32) +
      '26633D' +
      '30'.repeat(16),
  );
  // the note's CmdData is 4000E0C1F121200000430000430000 with MetaRead 2, FileRead 1, CtrRet 1; ours: 1, 2, F
  assert.equal(out.changeFileSettings, '4000E0C1FF12200000430000430000');
  assert.deepEqual(
    [out.piccDataOffset, out.macInputOffset, out.macOffset, out.encOffset],
    [32, 67, 67, null],
  );
  const refused = chip(
    'template',
    '--url-template',
    'https://x.example/?p={PICC}',
    '--mac-input-from',
    'MAC',
  );
  assert.equal(refused.code, 1);
});

test('verify detects boltcard (p, c) and NXP AN12196 (e, c) forms, takes --params and --tt, and names what fails', () => {
  // boltcard/boltcard docs/TEST_VECTORS.md
  const bolt = chip(
    'verify',
    '--url',
    'lnurlw://card.example/ln?p=4E2E289D945A66BB13377A728884E867&c=E19CCB1FED8892CE',
    '--meta-key',
    '0c3b25d92b38ae443229dd59ad34b85d',
    '--file-key',
    'b45775776cb224c75bcde7ca3704e933',
  );
  assert.equal(bolt.code, 0, bolt.out);
  assert.deepEqual(JSON.parse(bolt.out), {
    ok: true,
    form: 'boltcard',
    uid: '04996C6A926980',
    counter: 3,
    mode: 'aes',
    fileData: null,
  });
  // NXP AN12196 section 3.4: its example URL
  const nxp = chip(
    'verify',
    '--url',
    'https://choose.url.com/ntag424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086',
    '--meta-key',
    zero,
    '--file-key',
    zero,
    '--tt',
  );
  assert.equal(nxp.code, 0, nxp.out);
  assert.deepEqual(JSON.parse(nxp.out), {
    ok: true,
    form: 'nxp',
    uid: '04DE5F1EACC040',
    counter: 61,
    mode: 'aes',
    fileData: null,
    tamper: null,
  });
  // custom names: the same AN12196 tap under other parameter names
  const custom = chip(
    'verify',
    '--url',
    'https://x.example/a?d=FD91EC264309878BE6345CBE53BADF40&x=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6',
    '--params',
    'd=PICC,x=ENC,cmac=MAC,from=ENC',
    '--meta-key',
    zero,
    '--file-key',
    zero,
  );
  // the MAC covers "CEE9…&cmac=", which these names keep: it holds
  assert.equal(custom.code, 0, custom.out);
  assert.equal(JSON.parse(custom.out).form, 'custom');
  // a wrong MAC-input offset is named
  const offset = chip(
    'verify',
    '--url',
    'https://x.example/a?d=FD91EC264309878BE6345CBE53BADF40&x=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6',
    '--params',
    'd=PICC,x=ENC,cmac=MAC,from=PICC',
    '--meta-key',
    zero,
    '--file-key',
    zero,
  );
  assert.equal(offset.code, 1);
  assert.match(JSON.parse(offset.out).error, /SDMMACInputOffset at \{ENC\}/);
  // a wrong meta key is named
  const meta = chip(
    'verify',
    '--url',
    'https://choose.url.com/ntag424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086',
    '--meta-key',
    '11'.repeat(16),
    '--file-key',
    zero,
  );
  assert.equal(meta.code, 1);
  assert.match(JSON.parse(meta.out).error, /PICC data does not decrypt/);
});
