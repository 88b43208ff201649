import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deriveChipKeys } from '@metatag/chips';
import { ChipKeyring } from './chip-keyring.js';

const master = randomBytes(16).toString('hex');

test('derived keys are the AN10922 diversification of the master key', () => {
  const ring = new ChipKeyring(master);
  assert.deepEqual(
    ring.derive('04A1B2C3D4E5F6'),
    deriveChipKeys(Buffer.from(master, 'hex'), '04A1B2C3D4E5F6'),
  );
});

test('imported keys round-trip sealed, bound to their chip, and refuse tampering', () => {
  const ring = new ChipKeyring(master);
  const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
  const sealed = ring.seal('chip1234', keys);
  assert.ok(!sealed.includes(keys.metaReadKey.toString('base64url')));
  assert.deepEqual(ring.open('chip1234', sealed), keys);
  assert.throws(() => ring.open('chip9999', sealed));
  assert.throws(() => new ChipKeyring(randomBytes(16).toString('hex')).open('chip1234', sealed));
  const [iv, tag, body] = sealed.split('.');
  const flipped = Buffer.from(body, 'base64url');
  flipped[0] ^= 1;
  assert.throws(() => ring.open('chip1234', [iv, tag, flipped.toString('base64url')].join('.')));
});

test('keys by scheme: derived (an10922, legacy) or sealed for the chip', () => {
  const ring = new ChipKeyring(master);
  const uid = '04A1B2C3D4E5F6';
  assert.deepEqual(ring.keysOf({ id: 'c1', uid, keyScheme: 'an10922', keysSealed: null }), ring.derive(uid));
  assert.deepEqual(
    ring.keysOf({ id: 'c1', uid, keyScheme: 'legacy', keysSealed: null }),
    deriveChipKeys(Buffer.from(master, 'hex'), uid, 'legacy'),
  );
  const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
  const sealed = ring.seal('c1', keys);
  assert.deepEqual(ring.keysOf({ id: 'c1', uid, keyScheme: 'sdm-backend', keysSealed: sealed }), keys);
  assert.throws(() => ring.keysOf({ id: 'c1', uid, keyScheme: 'imported', keysSealed: null }));
});
