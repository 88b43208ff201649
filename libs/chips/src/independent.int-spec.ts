import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  an10922Diversify,
  batchChipKeys,
  deriveChipKeys,
  pathForm,
  readyForm,
  simulateFormTap,
  type BatchUrlForm,
  parseFormTap,
  parseSunQuery,
  piccOf,
  simulateTapQuery,
  verifySun,
  type SunLayout,
  type SunMode,
} from './index.js';

// An implementation that is not ours: Python's `cryptography` package for AES and CMAC, the rest
// written from the NXP notes (scripts/independent-sun.py). Random inputs both ways.
const script = fileURLToPath(new URL('../scripts/independent-sun.py', import.meta.url));
const python = <T>(request: unknown): T =>
  JSON.parse(execFileSync('python3', [script], { input: JSON.stringify(request) }).toString()) as T;

test('AN10922: the published example and M of every length 1..31 bytes agree with Python cryptography', () => {
  const cases = [{ master: '00112233445566778899aabbccddeeff', m: '04782e21801d803042f54e585020416275' }];
  for (let length = 1; length <= 31; length++)
    for (let i = 0; i < 4; i++)
      cases.push({ master: randomBytes(16).toString('hex'), m: randomBytes(length).toString('hex') });
  const { an10922 } = python<{ an10922: string[] }>({ an10922: cases });
  assert.equal(an10922[0], 'a8dd63a3b89d54b37ca802473fda9175');
  cases.forEach((c, i) =>
    assert.equal(
      an10922Diversify(Buffer.from(c.master, 'hex'), Buffer.from(c.m, 'hex')).toString('hex'),
      an10922[i],
      `M of ${c.m.length / 2} bytes`,
    ),
  );
});

const combos: { mode: SunMode; layout: SunLayout; file: boolean }[] = [];
for (const layout of ['auth', 'e', 'picc'] as SunLayout[])
  for (const mode of ['aes', 'lrp'] as SunMode[])
    for (const file of [false, true]) combos.push({ mode, layout, file });
combos.push({ mode: 'plain', layout: 'plain', file: false });

function randomChip() {
  const uid = `04${randomBytes(6).toString('hex')}`.toUpperCase();
  return { uid, keys: deriveChipKeys(randomBytes(16), uid), counter: randomInt(0, 0xffffff) };
}

test('Python verifies the taps we simulate, in every mode and layout', () => {
  const cases = combos.flatMap((c) =>
    Array.from({ length: 4 }, () => {
      const chip = randomChip();
      const fileData = c.file ? randomBytes(16 * randomInt(1, 4)) : undefined;
      const query = simulateTapQuery(
        chip.keys,
        { uid: chip.uid, readCounter: chip.counter, mode: c.mode, fileData },
        c.layout,
      );
      return { ...c, chip, fileData, query };
    }),
  );
  const { verify } = python<{
    verify: { ok: boolean; uid: string; counter: number; mode: string; fileData: string | null }[];
  }>({
    verify: cases.map((c) => ({
      meta: c.chip.keys.metaReadKey.toString('hex'),
      file: c.chip.keys.fileReadKey.toString('hex'),
      query: c.query,
    })),
  });
  cases.forEach((c, i) =>
    assert.deepEqual(
      verify[i],
      {
        ok: true,
        uid: c.chip.uid,
        counter: c.chip.counter,
        mode: c.mode,
        fileData: c.fileData?.toString('hex') ?? null,
      },
      c.query,
    ),
  );
});

test('we verify the taps Python makes, in every mode and layout', () => {
  const cases = combos.flatMap((c) =>
    Array.from({ length: 4 }, () => ({
      ...c,
      chip: randomChip(),
      fileData: c.file ? randomBytes(16 * randomInt(1, 4)) : undefined,
    })),
  );
  const { make } = python<{ make: string[] }>({
    make: cases.map((c) => ({
      meta: c.chip.keys.metaReadKey.toString('hex'),
      file: c.chip.keys.fileReadKey.toString('hex'),
      uid: c.chip.uid,
      counter: c.chip.counter,
      mode: c.mode,
      layout: c.layout,
      fileData: c.fileData?.toString('hex'),
    })),
  });
  cases.forEach((c, i) => {
    const message = parseSunQuery(make[i]);
    assert.ok(message, make[i]);
    assert.equal(message.layout, c.layout);
    assert.deepEqual(
      verifySun(message, c.chip.keys, c.chip.uid),
      {
        ok: true,
        picc: { uid: c.chip.uid, readCounter: c.chip.counter },
        mode: c.mode,
        fileData: c.fileData ?? null,
      },
      make[i],
    );
  });
});

/** Every ready form, the path form, and MAC input from the PICC data, the UID, the URL text and the MAC (issue #26). */
const FORMS: BatchUrlForm[] = [
  readyForm('metatag', 'https://b.example/tag', true),
  readyForm('sdm-backend', 'https://b.example/tag', true),
  readyForm('sdm-backend', 'https://b.example/tag'),
  readyForm('boltcard', 'https://b.example/ln'),
  readyForm('nxp', 'https://www.b.example/ntag424'),
  pathForm('https://b.example/t', true),
  { template: 'https://b.example/01/09506000134352/21/X?d={PICC}&x={ENC}&m={MAC}', macInputFrom: 'PICC' },
  { template: 'https://b.example/01/09506000134352/21/X?d={PICC}&x={ENC}&m={MAC}', macInputFrom: 'URL' },
  { template: 'http://b.example/a?d={PICC}&tt={TT}&m={MAC}', macInputFrom: 'URL' },
  { template: 'https://b.example/a?u={UID}&n={CTR}&m={MAC}', macInputFrom: 'UID' },
  { template: 'https://b.example/a?u={UID}&n={CTR}&tt={TT}&m={MAC}', macInputFrom: 'URL' },
];

test('Python reads our batch URL forms at every SDMMACInputOffset, random fleets (issue #26)', () => {
  const cases = FORMS.flatMap((form) =>
    (form.template.includes('{UID}') ? (['plain'] as const) : (['aes', 'lrp'] as const)).flatMap((mode) =>
      Array.from({ length: 3 }, () => {
        const uid = `04${randomBytes(6).toString('hex')}`.toUpperCase();
        const keys = batchChipKeys(randomBytes(16), uid, randomInt(2) ? 'an10922' : 'sdm-backend');
        const fileData = form.template.includes('{ENC}') ? randomBytes(16 * randomInt(1, 3)) : undefined;
        const counter = randomInt(0, 0xffffff);
        const tamper = ['CC', 'OC', 'OO'][randomInt(3)];
        const url = simulateFormTap(form, keys, { uid, readCounter: counter, mode, fileData, tamper });
        return { form, mode, uid, keys, fileData, counter, tamper, url };
      }),
    ),
  );
  const { verifyForm } = python<{ verifyForm: Record<string, unknown>[] }>({
    verifyForm: cases.map((c) => ({
      meta: c.keys.metaReadKey.toString('hex'),
      file: c.keys.fileReadKey.toString('hex'),
      template: c.form.template,
      macInputFrom: c.form.macInputFrom,
      url: c.url,
      mode: c.mode,
    })),
  });
  cases.forEach((c, i) =>
    assert.deepEqual(
      verifyForm[i],
      {
        ok: true,
        uid: c.uid,
        counter: c.counter,
        mode: c.mode,
        fileData: c.fileData?.toString('hex') ?? null,
        tamper: c.form.template.includes('{TT}') ? c.tamper : null,
      },
      c.url,
    ),
  );
});

test('we read and verify the batch URL form taps Python makes, at every SDMMACInputOffset, random fleets (issue #26)', () => {
  const cases = FORMS.flatMap((form) =>
    (form.template.includes('{UID}') ? (['plain'] as const) : (['aes', 'lrp'] as const)).flatMap((mode) =>
      Array.from({ length: 3 }, () => {
        const uid = `04${randomBytes(6).toString('hex')}`.toUpperCase();
        const keys = batchChipKeys(randomBytes(16), uid, randomInt(2) ? 'an10922' : 'sdm-backend');
        const fileData = form.template.includes('{ENC}') ? randomBytes(16 * randomInt(1, 3)) : undefined;
        const tamper = ['CC', 'OC', 'OO'][randomInt(3)];
        return { form, mode, uid, keys, fileData, counter: randomInt(0, 0xffffff), tamper };
      }),
    ),
  );
  const { makeForm } = python<{ makeForm: string[] }>({
    makeForm: cases.map((c) => ({
      meta: c.keys.metaReadKey.toString('hex'),
      file: c.keys.fileReadKey.toString('hex'),
      template: c.form.template,
      macInputFrom: c.form.macInputFrom,
      uid: c.uid,
      counter: c.counter,
      mode: c.mode,
      fileData: c.fileData?.toString('hex'),
      tamper: c.tamper,
      // a plain message does not say which MAC the chip made: both kinds
      plainMac: randomInt(2) ? 'aes' : 'lrp',
    })),
  });
  cases.forEach((c, i) => {
    const url = makeForm[i];
    const tap = parseFormTap(c.form, url, c.mode);
    assert.ok(tap, `${c.form.template}: ${url}`);
    assert.equal(tap.tamper, c.form.template.includes('{TT}') ? c.tamper : null, url);
    // the batch URL's first step: the UID from the PICC data with the meta-read key alone
    assert.equal(piccOf(tap.message, { metaReadKey: c.keys.metaReadKey })?.uid, c.uid, url);
    assert.deepEqual(
      verifySun(tap.message, c.keys, c.uid),
      {
        ok: true,
        picc: { uid: c.uid, readCounter: c.counter },
        mode: c.mode,
        fileData: c.fileData ?? null,
      },
      url,
    );
    // one digit of the MAC changed is refused: the verdict above is not a pass for anything that parses
    const at = url.length - tap.urlText.length + tap.offsets.MAC!;
    const flipped = url.slice(0, at) + (url[at] === '0' ? '1' : '0') + url.slice(at + 1);
    const refused = parseFormTap(c.form, flipped, c.mode);
    assert.ok(refused, flipped);
    assert.equal(verifySun(refused.message, c.keys, c.uid).ok, false, flipped);
  });
});
