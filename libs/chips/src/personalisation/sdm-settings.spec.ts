import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ndefFile, urlOfNdef } from './ndef.js';
import { parseFileSettings, sdmSettings } from './sdm-settings.js';

// AN12196 Rev. 2.0: Table 17 (section 5.8) writes this NDEF message for
// https://choose.url.com/ntag424?e=<PICCData>&c=<MAC>, and Table 18 (section 5.9) step 7 enables SUN on it
// with CmdData 40 00E0 C1 F121 200000 430000 430000 (MetaRead key 2, FileRead key 1, CtrRet key 1, empty MAC input).
test("AN12196 5.8/5.9: the note's URL gives its NDEF bytes and its ChangeFileSettings data", () => {
  const s = sdmSettings(
    { template: 'https://choose.url.com/ntag424?e={PICC}&c={MAC}', macInputFrom: 'MAC' },
    { mode: 'aes', keys: { metaRead: 2, fileRead: 1, ctrRet: 1 } },
  );
  assert.equal(
    s.ndef.toString('hex').toUpperCase(),
    '0051D1014D550463686F6F73652E75726C2E636F6D2F6E7461673432343F653D' +
      '30'.repeat(32) +
      '26633D' +
      '30'.repeat(16),
  );
  assert.equal(s.changeFileSettings.toString('hex').toUpperCase(), '4000E0C1F121200000430000430000');
  assert.deepEqual([s.piccDataOffset, s.macInputOffset, s.macOffset], [0x20, 0x43, 0x43]);
});

test('MAC input from the file data, from the PICC data and from the URL text; LRP PICC data is 48 characters', () => {
  const base = 'https://brand.example/tag?picc_data={PICC}&enc={ENC}&cmac={MAC}';
  const s = sdmSettings({ template: base, macInputFrom: 'ENC', encLength: 32 }, { mode: 'aes' });
  // URL text starts at 7: "brand.example/tag?picc_data=" is 28 characters
  assert.equal(s.piccDataOffset, 7 + 28);
  assert.equal(s.encOffset, 7 + 28 + 32 + 5);
  assert.equal(s.encLength, 64);
  assert.equal(s.macInputOffset, s.encOffset);
  assert.equal(s.macOffset, s.encOffset! + 64 + 6);
  assert.equal(s.sdmOptions, 0xd1);
  assert.deepEqual(parseFileSettings(s.changeFileSettings)?.sdm, {
    options: 0xd1,
    ctrRet: 0xf,
    metaRead: 1,
    fileRead: 2,
    piccDataOffset: s.piccDataOffset,
    macInputOffset: s.macInputOffset,
    encOffset: s.encOffset,
    encLength: 64,
    macOffset: s.macOffset,
  });
  const lrp = sdmSettings({ template: base, macInputFrom: 'PICC', encLength: 16 }, { mode: 'lrp' });
  assert.equal(lrp.macInputOffset, lrp.piccDataOffset);
  assert.equal(lrp.encOffset, lrp.piccDataOffset! + 48 + 5);
  const url = sdmSettings(
    { template: 'https://x.example/{PICC}/{MAC}', macInputFrom: 'URL' },
    { mode: 'aes' },
  );
  assert.equal(url.macInputOffset, 7);
  assert.equal(urlOfNdef(url.ndef), url.url);
});

test('TagTamper status mirroring and plain UID/counter mirroring', () => {
  const tt = sdmSettings(
    { template: 'https://t.example/?p={PICC}&tt={TT}&m={MAC}', macInputFrom: 'MAC' },
    { mode: 'aes', tt: true },
  );
  assert.equal(tt.sdmOptions, 0xc9);
  assert.equal(tt.ttStatusOffset, 7 + 't.example/?p='.length + 32 + '&tt='.length);
  assert.equal(parseFileSettings(tt.changeFileSettings)?.sdm?.ttStatusOffset, tt.ttStatusOffset);
  const plain = sdmSettings(
    { template: 'https://p.example/?uid={UID}&ctr={CTR}&cmac={MAC}', macInputFrom: 'MAC' },
    { mode: 'aes' },
  );
  assert.equal(plain.sdmAccessRights.toString('hex'), 'ffe2');
  assert.deepEqual(
    [plain.uidOffset, plain.readCtrOffset],
    [7 + 'p.example/?uid='.length, 7 + 'p.example/?uid='.length + 14 + '&ctr='.length],
  );
});

test('templates a chip cannot carry are refused with the reason', () => {
  const refuse = (
    template: string,
    macInputFrom: 'MAC' | 'ENC' | 'PICC' | 'URL',
    pattern: RegExp,
    encLength?: number,
    ttFlag?: boolean,
  ) =>
    assert.throws(
      () => sdmSettings({ template, macInputFrom, encLength }, { mode: 'aes', tt: ttFlag }),
      pattern,
    );
  refuse('https://x.example/?p={PICC}', 'MAC', /needs \{MAC\}/);
  refuse('https://x.example/?p={PICC}&m={MAC}&e={ENC}', 'ENC', /before \{MAC\}/, 16);
  refuse('https://x.example/?e={ENC}&p={PICC}&m={MAC}', 'PICC', /inside the MAC input/, 16);
  refuse('https://x.example/?p={PICC}&m={MAC}', 'ENC', /lacks/);
  refuse('https://x.example/?p={PICC}&m={MAC}&q={FOO}', 'MAC', /unknown placeholder/);
  refuse('https://x.example/?p={PICC}&m={MAC}', 'MAC', /\{TT\}/, undefined, true);
  refuse('https://x.example/?p={PICC}&e={ENC}&m={MAC}', 'ENC', /multiple of 16/, 10);
  refuse(`https://x.example/${'a'.repeat(240)}?p={PICC}&m={MAC}`, 'MAC', /too long/);
  assert.throws(() => ndefFile('https://x.example/é'), /ASCII/);
});
