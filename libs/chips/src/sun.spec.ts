import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import {
  aesCmac,
  deriveChipKeys,
  diversifyKey,
  formatAuth,
  parseAuth,
  simulateSun,
  verifySun,
  type ChipKeys,
} from './index.js';

const hex = (s: string) => Buffer.from(s, 'hex');

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

test('AN10922 AES-128 diversification example', () => {
  // NXP AN10922 section 2.2.1: M = UID 04782E21801D80 || AID 3042F5 || system id "NXP Abu"
  const master = hex('00112233445566778899aabbccddeeff');
  const m = hex('04782e21801d803042f54e585020416275');
  assert.equal(
    aesCmac(master, Buffer.concat([hex('01'), m]))
      .toString('hex')
      .toUpperCase(),
    'A8DD63A3B89D54B37CA802473FDA9175',
  );
});

test('the published SUN vector (AN12196, all keys zero) verifies', () => {
  const data = JSON.parse(readFileSync(new URL('./fixtures/sun-vectors.json', import.meta.url), 'utf8')) as {
    vectors: {
      sdmMetaReadKey: string;
      sdmFileReadKey: string;
      piccEncData: string;
      sdmMac: string;
      expect: { uid: string; readCounter: number };
    }[];
  };
  for (const v of data.vectors) {
    const keys = { metaReadKey: hex(v.sdmMetaReadKey), fileReadKey: hex(v.sdmFileReadKey) };
    const message = parseAuth(`${v.piccEncData}${v.sdmMac}`.toLowerCase());
    assert.ok(message);
    assert.deepEqual(verifySun(message, keys), { ok: true, picc: v.expect });
    assert.deepEqual(verifySun(message, keys, v.expect.uid), { ok: true, picc: v.expect });
  }
});

const keysFor = (uid: string): ChipKeys => deriveChipKeys(hex('000102030405060708090a0b0c0d0e0f'), uid);

test('simulate then verify round-trips for many UIDs and counters', () => {
  for (let i = 0; i < 200; i++) {
    const uid = randomBytes(7).toString('hex').toUpperCase();
    const readCounter = Math.floor(Math.random() * 0xffffff);
    const keys = keysFor(uid);
    const auth = formatAuth(simulateSun(keys, { uid, readCounter }));
    assert.match(auth, /^[0-9A-F]{48}$/);
    assert.deepEqual(verifySun(parseAuth(auth)!, keys, uid), { ok: true, picc: { uid, readCounter } });
  }
});

test('tampered PICC data, tampered MAC, a wrong key or another chip never verify, and say nothing more', () => {
  const uid = '04AABBCCDDEEFF';
  const keys = keysFor(uid);
  const good = simulateSun(keys, { uid, readCounter: 5 });
  for (let byte = 0; byte < 24; byte++) {
    const bytes = Buffer.concat([good.piccEnc, good.mac]);
    bytes[byte] ^= 0x01;
    const verdict = verifySun({ piccEnc: bytes.subarray(0, 16), mac: bytes.subarray(16) }, keys, uid);
    assert.deepEqual(verdict, { ok: false }, `flipped byte ${byte}`);
  }
  assert.deepEqual(verifySun(good, keysFor('04000000000000'), uid), { ok: false }, 'wrong key');
  assert.deepEqual(
    verifySun(good, keys, '04000000000001'),
    { ok: false },
    'a URL of chip A presented for chip B',
  );
});

test('auth parsing is strict: 48 hex digits, any case', () => {
  assert.ok(parseAuth('EF963FF7828658A599F3041510671E8894EED9EE65337086'));
  assert.equal(parseAuth('EF963FF7828658A599F3041510671E8894EED9EE6533708'), undefined);
  assert.equal(parseAuth('ZZ963FF7828658A599F3041510671E8894EED9EE65337086'), undefined);
  assert.equal(parseAuth(''), undefined);
});

test('diversified keys differ per chip and per key number', () => {
  const master = randomBytes(16);
  assert.notDeepEqual(diversifyKey(master, '04AABBCCDDEEFF', 1), diversifyKey(master, '04AABBCCDDEEFF', 2));
  assert.notDeepEqual(diversifyKey(master, '04AABBCCDDEEFF', 1), diversifyKey(master, '04AABBCCDDEEFE', 1));
  assert.throws(() => diversifyKey(master, 'xyz', 1));
});
