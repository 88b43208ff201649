import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  aesCmac,
  an10922Diversify,
  an10922Input,
  cmacSubkeys,
  deriveChipKeys,
  parseSunQuery,
  simulateTapQuery,
  verifySun,
  SUN_LAYOUTS,
  type ChipKeys,
  type SunLayout,
  type SunMode,
} from './index.js';

const hex = (s: string) => Buffer.from(s, 'hex');
const fixture = <T>(name: string): T =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as T;

test('AES-CMAC matches RFC 4493 examples', () => {
  const key = hex('2b7e151628aed2a6abf7158809cf4f3c');
  assert.equal(aesCmac(key, Buffer.alloc(0)).toString('hex'), 'bb1d6929e95937287fa37d129b756746');
  assert.equal(
    aesCmac(key, hex('6bc1bee22e409f96e93d7e117393172a')).toString('hex'),
    '070a16b46b4d4144f79bdd9dd04a287c',
  );
  const m40 = hex('6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e5130c81c46a35ce411');
  assert.equal(aesCmac(key, m40).toString('hex'), 'dfa66747de9ae63030ca32611497c827');
});

test('AN10922 section 2.2.1: the AES-128 example, step by step', () => {
  const master = hex('00112233445566778899AABBCCDDEEFF');
  // steps 2-4: CMAC subkeys
  const { k0, k1, k2 } = cmacSubkeys(master);
  assert.equal(k0.toString('hex').toUpperCase(), 'FDE4FBAE4A09E020EFF722969F83832B');
  assert.equal(k1.toString('hex').toUpperCase(), 'FBC9F75C9413C041DFEE452D3F0706D1');
  assert.equal(k2.toString('hex').toUpperCase(), 'F793EEB928278083BFDC8A5A7E0E0D25');
  // step 8: M = UID 04782E21801D80 ‖ AID 3042F5 ‖ system identifier "NXP Abu"
  const m = hex('04782E21801D803042F54E585020416275');
  // steps 9-12: D = 01h ‖ M ‖ 80h 00h.., 32 bytes
  assert.equal(
    an10922Input(m).toString('hex').toUpperCase(),
    `0104782E21801D803042F54E585020416275${'80'}${'00'.repeat(13)}`,
  );
  // step 14: the diversified key
  assert.equal(an10922Diversify(master, m).toString('hex').toUpperCase(), 'A8DD63A3B89D54B37CA802473FDA9175');
});

test('AN10922 pads every M shorter than 31 bytes to 32 bytes of input: a plain CMAC differs for M up to 15 bytes', () => {
  const master = randomBytes(16);
  for (let length = 1; length <= 31; length++) {
    const m = randomBytes(length);
    const plain = aesCmac(master, Buffer.concat([hex('01'), m]));
    const same = length >= 16; // 01h ‖ M is then past one block, and CMAC's own padding reaches 32 bytes
    assert.equal(an10922Diversify(master, m).equals(plain), same, `M of ${length} bytes`);
  }
  assert.throws(() => an10922Diversify(master, Buffer.alloc(0)));
  assert.throws(() => an10922Diversify(master, Buffer.alloc(32)));
});

test("MetaTag's chip keys: M = UID ‖ key number ‖ 'MetaTag' (15 bytes), the legacy scheme kept apart", () => {
  const master = randomBytes(16);
  const uid = '04AABBCCDDEEFF';
  const keys = deriveChipKeys(master, uid);
  const m = (keyNo: number) => Buffer.concat([hex(uid), Buffer.from([keyNo]), Buffer.from('MetaTag')]);
  assert.deepEqual(keys, {
    metaReadKey: an10922Diversify(master, m(1)),
    fileReadKey: an10922Diversify(master, m(2)),
  });
  assert.deepEqual(deriveChipKeys(master, uid, 'legacy'), {
    metaReadKey: aesCmac(master, Buffer.concat([hex('01'), m(1)])),
    fileReadKey: aesCmac(master, Buffer.concat([hex('01'), m(2)])),
  });
  assert.notDeepEqual(deriveChipKeys(master, uid, 'legacy'), keys);
  assert.notDeepEqual(deriveChipKeys(master, '04AABBCCDDEEFE'), keys);
});

interface SunVector {
  source: string;
  query: string;
  metaReadKey?: string;
  fileReadKey?: string;
  scheme?: 'sdm-backend' | 'sdm-backend-legacy';
  masterKey?: string;
  expect: { mode: SunMode; uid: string; readCounter: number; fileData: string | null };
}

function keysOf(
  v: Pick<SunVector, 'metaReadKey' | 'fileReadKey' | 'scheme' | 'masterKey'>,
  uid: string,
): ChipKeys {
  if (v.scheme) return deriveChipKeys(hex(v.masterKey!), uid, v.scheme);
  return { metaReadKey: hex(v.metaReadKey!), fileReadKey: hex(v.fileReadKey!) };
}

const asVerdict = (e: SunVector['expect']) => ({
  ok: true,
  picc: { uid: e.uid, readCounter: e.readCounter },
  mode: e.mode,
  fileData: e.fileData === null ? null : hex(e.fileData),
});

test('published SUN messages (AN12196 with and without file data, plain, LRP) verify', () => {
  const { vectors } = fixture<{ vectors: SunVector[] }>('sun-vectors.json');
  assert.ok(vectors.length >= 8);
  for (const v of vectors) {
    const message = parseSunQuery(v.query);
    assert.ok(message, v.source);
    assert.equal(message.mode, v.expect.mode, v.source);
    const keys = keysOf(v, v.expect.uid);
    assert.deepEqual(verifySun(message, keys, v.expect.uid), asVerdict(v.expect), v.source);
    // the same message with its MAC's last digit changed fails
    const forged = v.query.replace(/.$/, (c) => (c === '0' ? '1' : '0'));
    assert.deepEqual(verifySun(parseSunQuery(forged)!, keys), { ok: false }, v.source);
  }
});

test("sdm-backend's own code: its key derivation and messages it accepts", () => {
  const data = fixture<{
    kdf: {
      scheme: 'sdm-backend' | 'sdm-backend-legacy';
      masterKey: string;
      uid: string;
      metaReadKey: string;
      fileReadKey: string;
    }[];
    messages: (Omit<SunVector, 'expect' | 'source'> & SunVector['expect'])[];
  }>('sdm-backend-vectors.json');
  for (const k of data.kdf) {
    const keys = deriveChipKeys(hex(k.masterKey), k.uid, k.scheme);
    assert.equal(keys.metaReadKey.toString('hex'), k.metaReadKey);
    assert.equal(keys.fileReadKey.toString('hex'), k.fileReadKey);
  }
  const modes = new Set<string>();
  for (const m of data.messages) {
    const message = parseSunQuery(m.query);
    assert.ok(message, m.query);
    modes.add(`${m.mode}/${message.layout}/${m.fileData ? 'file' : 'no file'}`);
    assert.deepEqual(verifySun(message, keysOf(m, m.uid), m.uid), asVerdict(m), m.query);
  }
  assert.ok(modes.size >= 7, [...modes].join(', '));
});

test('AN12304 LRP: plaintexts, updated keys, EvalLRP, CMAC_LRP subkeys and CMAC_LRP known answers', async () => {
  const { Lrp } = await import('./lrp.js');
  const lrp = new Lrp(hex('567826B8DA8E768432A9548DBE4AA3A0'));
  assert.equal(lrp.plaintexts[0].toString('hex').toUpperCase(), 'AC20D39F5341FE98DFCA21DA86BA7914');
  assert.equal(lrp.plaintexts[15].toString('hex').toUpperCase(), '71B444AF257A93215311D758DD333247');
  assert.equal(lrp.updatedKeys[0].toString('hex').toUpperCase(), '163D14ED24ED935373568EC521E96CF4');
  assert.equal(lrp.updatedKeys[2].toString('hex').toUpperCase(), 'FE30AB50467E61783BFE6B5E0560160E');
  const vectors = fixture<{
    eval: { key: string; x: string; final: boolean; updatedKey: number; result: string }[];
    cmac: { key: string; kx: string; message: string; mac: string }[];
  }>('an12304-lrp.json');
  assert.equal(vectors.eval.length, 50);
  for (const v of vectors.eval) {
    const out = new Lrp(hex(v.key)).eval(v.updatedKey, v.x, v.final);
    assert.equal(out.toString('hex').toUpperCase(), v.result, `EvalLRP ${v.key} ${v.x}`);
  }
  assert.equal(vectors.cmac.length, 50);
  for (const v of vectors.cmac) {
    const l = new Lrp(hex(v.key));
    // the vectors' Kx is the subkey the last block used: K1 for whole blocks, K2 after padding
    const complete = v.message.length > 0 && v.message.length % 32 === 0;
    assert.equal(l.subkeys(0)[complete ? 0 : 1].toString('hex').toUpperCase(), v.kx, `Kx of ${v.key}`);
    assert.equal(l.cmac(hex(v.message)).toString('hex').toUpperCase(), v.mac, `CMAC_LRP ${v.key}`);
  }
});

test('AN12304 LRICB: the published encryption example, both ways', async () => {
  const { Lrp } = await import('./lrp.js');
  const lrp = new Lrp(hex('E0C4935FF0C254CD2CEF8FDDC32460CF'));
  const ct = lrp.encrypt(0, hex('C3315DBF'), hex('012D7F1653CAF6503C6AB0C1010E8CB0'), true);
  assert.equal(
    ct.toString('hex').toUpperCase(),
    'FCBBACAA4F29182464F99DE41085266F480E863E487BAAF687B43ED1ECE0D623',
  );
  assert.equal(
    lrp.decrypt(0, hex('C3315DBF'), ct, true).toString('hex').toUpperCase(),
    '012D7F1653CAF6503C6AB0C1010E8CB0',
  );
});

test('an LRP SUN message step by step (sdm-backend tests/test_lrp_sdm.py): PICC data and the session key', async () => {
  const { Lrp } = await import('./lrp.js');
  const zero = new Lrp(Buffer.alloc(16));
  const plain = zero.decrypt(0, hex('AAE1508939ECF6FF'), hex('26BCE407959AB1A5EC022819A35CD293'));
  assert.equal(plain.toString('hex'), 'c7042e1d222a63806a000016e2ca89d1');
  const sv = Buffer.concat([hex('00010080'), plain.subarray(1, 11), hex('1EE1')]);
  assert.equal(zero.cmac(sv).toString('hex'), '99c2fd9c885c2ca3c9089c20057310c0');
});

const modesAndLayouts: { mode: SunMode; layout: SunLayout; file: boolean }[] = [];
for (const layout of SUN_LAYOUTS)
  for (const mode of ['aes', 'lrp', 'plain'] as SunMode[])
    for (const file of [false, true])
      if (
        (layout === 'plain') === (mode === 'plain') &&
        !(mode === 'plain' && file) &&
        // boltcard's and NXP's example forms carry no file data (their MAC is over nothing)
        !((layout === 'boltcard' || layout === 'nxp') && file)
      )
        modesAndLayouts.push({ mode, layout, file });

test('simulate then verify round-trips in every mode and layout, with and without file data', () => {
  assert.equal(modesAndLayouts.length, 17);
  for (const { mode, layout, file } of modesAndLayouts) {
    for (let i = 0; i < 10; i++) {
      const uid = randomBytes(7).toString('hex').toUpperCase();
      const readCounter = Math.floor(Math.random() * 0xffffff);
      const keys = deriveChipKeys(randomBytes(16), uid);
      const fileData = file ? randomBytes(16 * (1 + (i % 3))) : undefined;
      const query = simulateTapQuery(keys, { uid, readCounter, mode, fileData }, layout);
      const message = parseSunQuery(`?${query}`);
      assert.ok(message, query);
      assert.equal(message.layout, layout);
      const verdict = verifySun(message, keys, uid);
      assert.deepEqual(
        verdict,
        { ok: true, picc: { uid, readCounter }, mode, fileData: fileData ?? null },
        `${mode} ${layout} ${file}`,
      );
    }
  }
});

test('a plain message MACed by an LRP chip verifies too', () => {
  const uid = '04112233445566';
  const keys = deriveChipKeys(randomBytes(16), uid);
  const query = simulateTapQuery(keys, { uid, readCounter: 9, mode: 'plain' }, 'plain', { plainMac: 'lrp' });
  assert.equal(verifySun(parseSunQuery(query)!, keys, uid).ok, true);
});

test('any changed character, a wrong key or another chip never verify, and say nothing more', () => {
  const uid = '04AABBCCDDEEFF';
  const keys = deriveChipKeys(hex('000102030405060708090a0b0c0d0e0f'), uid);
  for (const { mode, layout, file } of modesAndLayouts) {
    const query = simulateTapQuery(
      keys,
      { uid, readCounter: 5, mode, fileData: file ? randomBytes(32) : undefined },
      layout,
    );
    for (let at = 0; at < query.length; at++) {
      if (!/[0-9A-F]/.test(query[at])) continue;
      const changed = query.slice(0, at) + (query[at] === 'A' ? 'B' : 'A') + query.slice(at + 1);
      const message = parseSunQuery(changed);
      assert.deepEqual(
        message && verifySun(message, keys, uid),
        message && { ok: false },
        `${layout} ${mode} at ${at}`,
      );
    }
    const message = parseSunQuery(query)!;
    assert.deepEqual(
      verifySun(message, deriveChipKeys(randomBytes(16), uid), uid),
      { ok: false },
      'wrong key',
    );
    assert.deepEqual(
      verifySun(message, keys, '04000000000001'),
      { ok: false },
      'chip A presented for chip B',
    );
  }
});

test('file data is MACed as the URL text: another parameter name or order in between fails', () => {
  const uid = '04AABBCCDDEEFF';
  const keys = deriveChipKeys(randomBytes(16), uid);
  const query = simulateTapQuery(keys, { uid, readCounter: 7, fileData: Buffer.alloc(16, 0x78) }, 'picc');
  assert.equal(verifySun(parseSunQuery(query)!, keys, uid).ok, true);
  assert.equal(verifySun(parseSunQuery(query.replace('&cmac=', '&x=1&cmac='))!, keys, uid).ok, false);
  assert.equal(verifySun(parseSunQuery(query.toLowerCase())!, keys, uid).ok, false);
  const [picc, enc, cmac] = query.split('&');
  assert.equal(
    parseSunQuery([picc, cmac, enc].join('&')),
    undefined,
    'the MAC input never starts after the MAC',
  );
});

test('query parsing is strict', () => {
  const good = 'EF963FF7828658A599F3041510671E8894EED9EE65337086';
  assert.equal(parseSunQuery(`auth=${good}`)?.mode, 'aes');
  assert.equal(parseSunQuery(`auth=${good.toLowerCase()}`)?.mode, 'aes');
  for (const bad of [
    '',
    `auth=${good.slice(1)}`,
    `auth=ZZ${good.slice(2)}`,
    `auth=${good}&auth=${good}`,
    `auth=${good}&e=${good}`,
    `auth=${good.slice(0, 40)}`,
    'picc_data=EF963FF7828658A599F3041510671E88',
    'picc_data=EF963FF7828658A599F3041510671E&cmac=94EED9EE65337086',
    'picc_data=EF963FF7828658A599F3041510671E88&enc=00&cmac=94EED9EE65337086',
    'uid=04DE5F1EACC040&ctr=3D&cmac=94EED9EE65337086',
    'uid=04DE5F1EACC040&cmac=94EED9EE65337086',
    `auth=${'A'.repeat(2000)}`,
  ])
    assert.equal(parseSunQuery(bad), undefined, bad);
});
