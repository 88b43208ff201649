import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  batchChipKeys,
  batchMetaKey,
  detectReadyForm,
  formProblem,
  gs1PathProblem,
  parseFormTap,
  pathForm,
  readyForm,
  simulateFormTap,
  tamperVerdict,
  verifySun,
  type BatchUrlForm,
  type ChipKeys,
} from './index.js';

const zero: ChipKeys = { metaReadKey: Buffer.alloc(16), fileReadKey: Buffer.alloc(16) };
const keys = (meta: string, file: string): ChipKeys => ({
  metaReadKey: Buffer.from(meta, 'hex'),
  fileReadKey: Buffer.from(file, 'hex'),
});

/** Published taps, each in the URL form its source writes (values only cited from the sources). */
const KNOWN: {
  source: string;
  url: string;
  keys: ChipKeys;
  form: string;
  uid: string;
  counter: number;
  fileData: string | null;
}[] = [
  {
    source: 'NXP AN12196 rev. 2.0 section 3.4, page 12 (its example URL: e and c, MAC over nothing)',
    url: 'https://choose.url.com/ntag424?e=EF963FF7828658A599F3041510671E88&c=94EED9EE65337086',
    keys: zero,
    form: 'nxp',
    uid: '04DE5F1EACC040',
    counter: 61,
    fileData: null,
  },
  {
    source: 'NXP AN12196 page 12 as sdm-backend tests/test_libsdm.py reads it (picc_data, cmac)',
    url: 'https://sdm.nfcdeveloper.com/tag?picc_data=EF963FF7828658A599F3041510671E88&cmac=94EED9EE65337086',
    keys: zero,
    form: 'sdm-backend',
    uid: '04DE5F1EACC040',
    counter: 61,
    fileData: null,
  },
  {
    source: 'NXP AN12196 page 18, SDMENCFileData (sdm-backend picc_data/enc/cmac, MAC from the file data)',
    url: 'https://sdm.nfcdeveloper.com/tag?picc_data=FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=ECC1E7F6C6C73BF6',
    keys: zero,
    form: 'sdm-backend',
    uid: '04958CAA5C5E80',
    counter: 8,
    fileData: '78787878787878787878787878787878',
  },
  {
    source: 'boltcard/boltcard docs/TEST_VECTORS.md (p under K1, c under K2 over nothing)',
    url: 'lnurlw://card.example/ln?p=4E2E289D945A66BB13377A728884E867&c=E19CCB1FED8892CE',
    keys: keys('0c3b25d92b38ae443229dd59ad34b85d', 'b45775776cb224c75bcde7ca3704e933'),
    form: 'boltcard',
    uid: '04996C6A926980',
    counter: 3,
    fileData: null,
  },
  {
    source:
      'sdm-backend tests/test_libsdm.py test_sun3_custom (one e parameter, MAC over the file data text)',
    url: 'https://sdm.nfcdeveloper.com/tag?e=8ACADDEF0A9B62CDAE39A16B83FC14DEB8436E11F627BB7F543FCC0C1E0D1A89238B2543A8DEBAD8',
    keys: keys('42aff114f2cb3b6141be6dc95dfc5416', 'b62a9baf092439bd43c62aee96b970c5'),
    form: 'sdm-backend-e',
    uid: '041D3C8A2D6B80',
    counter: 291,
    fileData: '4e545858716e6f5f6f42467077792d56',
  },
  {
    source: 'sdm-backend tests/test_libsdm.py test_plain_sdm (plain mirroring)',
    url: 'https://sdm.nfcdeveloper.com/tagpt?uid=041E3C8A2D6B80&ctr=000006&cmac=4B00064004B0B3D3',
    keys: zero,
    form: 'plain',
    uid: '041E3C8A2D6B80',
    counter: 6,
    fileData: null,
  },
  {
    source: 'sdm-backend tests/test_libsdm.py test_sdm_lrp1 (LRP, picc_data/enc/cmac)',
    url: 'https://sdm.nfcdeveloper.com/tag?picc_data=07D9CA2545881D4BFDD920BE1603268C0714420DD893A497&enc=D6E921C47DB4C17C56F979F81559BB83&cmac=F9481AC7D855BDB6',
    keys: zero,
    form: 'sdm-backend',
    uid: '049B112A2F7080',
    counter: 4,
    fileData: null, // checked below only for authenticity
  },
];

test('every ready form is detected from its parameter names and its published tap verifies', () => {
  for (const k of KNOWN) {
    const found = detectReadyForm(k.url);
    assert.ok(found, k.source);
    assert.equal(found.name, k.form, k.source);
    const tap = parseFormTap(found.form, k.url, found.mode);
    assert.ok(tap, k.source);
    const verdict = verifySun(tap.message, k.keys);
    assert.equal(verdict.ok, true, k.source);
    if (!verdict.ok) continue;
    assert.equal(verdict.picc.uid, k.uid, k.source);
    assert.equal(verdict.picc.readCounter, k.counter, k.source);
    if (k.fileData) assert.equal(verdict.fileData?.toString('hex'), k.fileData, k.source);
  }
});

test('the MAC input follows the form: the same published tap fails at another SDMMACInputOffset', () => {
  const url = KNOWN[2].url;
  const base = 'https://sdm.nfcdeveloper.com/tag?picc_data={PICC}&enc={ENC}&cmac={MAC}';
  const at = (macInputFrom: BatchUrlForm['macInputFrom']) => {
    const tap = parseFormTap({ template: base, macInputFrom }, url, 'aes');
    assert.ok(tap);
    return { input: tap.message.macInput.toString('ascii'), ok: verifySun(tap.message, zero).ok };
  };
  assert.deepEqual(at('ENC'), { input: 'CEE9A53E3E463EF1F459635736738962&cmac=', ok: true });
  assert.equal(at('MAC').input, '');
  assert.equal(at('MAC').ok, false);
  assert.equal(
    at('PICC').input,
    'FD91EC264309878BE6345CBE53BADF40&enc=CEE9A53E3E463EF1F459635736738962&cmac=',
  );
  assert.equal(at('PICC').ok, false);
  // 'URL': from the text after the NDEF prefix byte (https:// is prefix 04h)
  assert.ok(at('URL').input.startsWith('sdm.nfcdeveloper.com/tag?picc_data=FD91'));
});

test('simulated taps in every form, mode and MAC-input offset verify, and only in their own form', () => {
  const forms: BatchUrlForm[] = [
    readyForm('metatag', 'https://b.example/tag', true),
    readyForm('sdm-backend', 'https://b.example/tag', true, 32),
    readyForm('sdm-backend-e', 'https://b.example/tag'),
    readyForm('boltcard', 'https://b.example/ln'),
    readyForm('nxp', 'https://www.b.example/ntag424'),
    pathForm('https://b.example/t', true),
    pathForm('https://b.example/t'),
    {
      template: 'https://b.example/01/09506000134352/21/X1?d={PICC}&x={ENC}&m={MAC}',
      macInputFrom: 'PICC',
      encLength: 16,
    },
    { template: 'http://b.example/a?d={PICC}&tt={TT}&m={MAC}', macInputFrom: 'URL' },
    { template: 'https://b.example/a?u={UID}&n={CTR}&m={MAC}', macInputFrom: 'UID' },
    { template: 'https://b.example/a?u={UID}&n={CTR}&m={MAC}', macInputFrom: 'URL' },
  ];
  for (const form of forms) {
    assert.equal(formProblem(form), undefined, form.template);
    const plain = form.template.includes('{UID}');
    for (const mode of plain ? (['plain'] as const) : (['aes', 'lrp'] as const)) {
      const master = randomBytes(16);
      const uid = `04${randomBytes(6).toString('hex')}`.toUpperCase();
      const chip = batchChipKeys(master, uid, 'an10922');
      const fileData = form.template.includes('{ENC}') ? randomBytes(form.encLength ?? 32) : undefined;
      const url = simulateFormTap(form, chip, { uid, readCounter: 77, mode, fileData, tamper: 'OC' });
      const tap = parseFormTap(form, url, mode);
      assert.ok(tap, url);
      const verdict = verifySun(tap.message, chip, uid);
      assert.equal(verdict.ok, true, `${form.template} ${mode}`);
      if (verdict.ok) assert.deepEqual(verdict.fileData ?? undefined, fileData);
      if (form.template.includes('{TT}')) assert.equal(tap.tamper, 'OC');
      // the batch's common meta key decrypts it (one URL for the whole batch)
      assert.ok(batchMetaKey(master, 'an10922').equals(chip.metaReadKey));
      // a MAC computed at another offset does not hold
      const other: BatchUrlForm = { ...form, macInputFrom: form.macInputFrom === 'URL' ? 'MAC' : 'URL' };
      const moved = parseFormTap(other, url, mode);
      assert.ok(moved);
      assert.equal(verifySun(moved.message, chip, uid).ok, false, `${form.template} at another offset`);
    }
  }
});

test('forms a chip cannot write are refused with the reason', () => {
  assert.match(
    formProblem({ template: 'https://x.example/?p={PICC}', macInputFrom: 'MAC' })!,
    /needs \{MAC\}/,
  );
  assert.match(
    formProblem({ template: 'https://x.example/?m={MAC}&p={PICC}', macInputFrom: 'PICC' })!,
    /before/,
  );
  assert.match(
    formProblem({ template: 'https://x.example/?p={PICC}&m={MAC}&q={FOO}', macInputFrom: 'MAC' })!,
    /FOO/,
  );
  assert.match(formProblem({ template: '/x?p={PICC}&m={MAC}', macInputFrom: 'MAC' })!, /host/);
  assert.match(
    formProblem({
      template: 'https://x.example/?p={PICC}&e={ENC}&m={MAC}',
      macInputFrom: 'ENC',
      encLength: 20,
    })!,
    /multiple of 16/,
  );
});

test('TagTamper status letters: permanent then current', () => {
  assert.equal(tamperVerdict('CC'), 'secure');
  assert.equal(tamperVerdict('OC'), 'opened');
  assert.equal(tamperVerdict('OO'), 'open');
  assert.equal(tamperVerdict('II'), 'invalid');
  assert.equal(tamperVerdict(null), null);
});

test("TagTamper status in the file data (sdm-backend's /tagtt): its first two bytes, when they are status letters", async () => {
  const { tamperFromFileData } = await import('./index.js');
  assert.equal(tamperFromFileData(Buffer.from('OClot 9\0\0\0\0\0\0\0\0\0', 'latin1')), 'OC');
  assert.equal(tamperFromFileData(Buffer.from('CC')), 'CC');
  assert.equal(tamperFromFileData(Buffer.from('lot 9')), null);
  assert.equal(tamperFromFileData(Buffer.from('O')), null);
  assert.equal(tamperFromFileData(null), null);
});

test('the doctor names the part that failed: meta key, MAC offset, file key, UID', async () => {
  const { diagnoseTap } = await import('./index.js');
  const master = randomBytes(16);
  const uid = '04A1B2C3D4E5F6';
  const chip = batchChipKeys(master, uid, 'an10922');
  const form = readyForm('sdm-backend', 'https://b.example/tag', true, 16);
  const url = simulateFormTap(form, chip, { uid, readCounter: 3, fileData: Buffer.alloc(16, 0x61) });
  const meta = batchMetaKey(master, 'an10922');
  const keysFor = (u: string) => (u === uid ? chip : undefined);
  assert.equal(diagnoseTap(form, url, 'aes', meta, keysFor).ok, true);
  assert.equal((diagnoseTap(form, url, 'aes', randomBytes(16), keysFor) as { fault: string }).fault, 'picc');
  assert.equal((diagnoseTap(form, url, 'lrp', meta, keysFor) as { fault: string }).fault, 'not-in-form');
  const wrongOffset = diagnoseTap({ ...form, macInputFrom: 'PICC' }, url, 'aes', meta, keysFor);
  assert.deepEqual([wrongOffset.ok, (wrongOffset as { fault: string }).fault], [false, 'mac-offset']);
  assert.match((wrongOffset as { error: string }).error, /\{ENC\}/);
  const wrongFile = diagnoseTap(form, url, 'aes', meta, () => ({ ...chip, fileReadKey: randomBytes(16) }));
  assert.equal((wrongFile as { fault: string }).fault, 'mac');
  assert.equal(
    (diagnoseTap(form, url, 'aes', meta, () => undefined) as { fault: string }).fault,
    'unknown-uid',
  );
});

test('GS1 Digital Link with a per-chip serial: /01/{GTIN}/21/{SERIAL} is read with GS1 SDK, the MAC over the serial too', () => {
  const form: BatchUrlForm = {
    template: 'https://brand.example/01/09506000134352/21/{SERIAL}?d={PICC}&m={MAC}',
    macInputFrom: 'URL',
  };
  assert.equal(formProblem(form), undefined);
  const master = randomBytes(16);
  for (const serial of ['A1', 'LOT-7/42']) {
    const uid = '04A1B2C3D4E5F6';
    const keys = batchChipKeys(master, uid, 'an10922');
    const url = simulateFormTap(form, keys, { uid, readCounter: 3, mode: 'aes', serial });
    const tap = parseFormTap(form, url, 'aes');
    assert.ok(tap, url);
    assert.deepEqual(tap.gs1, { gtin: '09506000134352', serial, stem: '' });
    // the serial is in the MAC input (from the URL text): the chip's URL with another serial is not its tap
    assert.ok(tap.urlText.startsWith('brand.example/01/09506000134352/21/'));
  }
  // a literal serial still reads as GS1
  const literal = parseFormTap(
    { template: 'https://brand.example/01/09506000134352/21/X?d={PICC}&m={MAC}', macInputFrom: 'MAC' },
    `https://brand.example/01/09506000134352/21/X?d=${'0'.repeat(32)}&m=${'0'.repeat(16)}`,
    'aes',
  );
  assert.equal(literal?.gs1?.serial, 'X');
  // a serial outside GS1 set 82 (or over 20 characters) is no tap of the form
  const long = `https://brand.example/01/09506000134352/21/${'1'.repeat(21)}?d=${'0'.repeat(32)}&m=${'0'.repeat(16)}`;
  assert.equal(parseFormTap(form, long, 'aes'), undefined);
});

test('GS1 templates: a GTIN with a wrong check digit and a misplaced {SERIAL} are refused with the reason', () => {
  assert.match(
    formProblem({
      template: 'https://b.example/01/09506000134353/21/{SERIAL}?d={PICC}&m={MAC}',
      macInputFrom: 'MAC',
    })!,
    /GTIN 09506000134353 .* wrong check digit/,
  );
  assert.match(
    formProblem({ template: 'https://b.example/tag/{SERIAL}?d={PICC}&m={MAC}', macInputFrom: 'MAC' })!,
    /\{SERIAL\} goes in a GS1 Digital Link path/,
  );
  assert.match(
    formProblem({
      template: 'https://b.example/01/09506000134352/21/{SERIAL}/{SERIAL}?d={PICC}&m={MAC}',
      macInputFrom: 'MAC',
    })!,
    /\{SERIAL\}/,
  );
  assert.equal(
    gs1PathProblem('/01/09506000134353/21/A1?d=00'),
    'The GTIN 09506000134353 in the GS1 Digital Link has a wrong check digit',
  );
  assert.equal(gs1PathProblem('/tag?picc_data=00'), undefined);
});
