import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { deriveChipKeys } from '@metatag/chips';
import { AppError } from '@metatag/nest-kit';
import { resolveKeyMaterial } from './chip-key-material.js';

const uid = '04A1B2C3D4E5F6';
const hex = () => randomBytes(16).toString('hex');
const refused = (fn: () => unknown, message: RegExp) =>
  assert.throws(fn, (e: unknown) => e instanceof AppError && e.status === 400 && message.test(e.message));

test('the default is AN10922 from CHIP_MASTER_KEY; keys alone mean imported', () => {
  assert.deepEqual(resolveKeyMaterial({}, uid, false), { scheme: 'an10922' });
  assert.deepEqual(resolveKeyMaterial({ scheme: 'legacy' }, uid, false), { scheme: 'legacy' });
  const keys = { metaReadKey: hex(), fileReadKey: hex() };
  const imported = resolveKeyMaterial({ keys }, uid, false);
  assert.equal(imported.scheme, 'imported');
  assert.equal(imported.keys?.metaReadKey.toString('hex'), keys.metaReadKey);
});

test('sdm-backend schemes derive the chip keys from the fleet master key at provisioning', () => {
  const masterKey = hex();
  const material = resolveKeyMaterial({ scheme: 'sdm-backend', masterKey }, uid, false);
  assert.deepEqual(material.keys, deriveChipKeys(Buffer.from(masterKey, 'hex'), uid, 'sdm-backend'));
  refused(() => resolveKeyMaterial({ scheme: 'sdm-backend' }, uid, false), /needs the fleet's masterKey/);
  refused(() => resolveKeyMaterial({ scheme: 'an10922', masterKey }, uid, false), /no master key/);
  refused(() => resolveKeyMaterial({ scheme: 'imported' }, uid, false), /need keys/);
});

test('factory and published keys are refused with the reason, unless development allows them', () => {
  const zero = '00000000000000000000000000000000';
  refused(
    () => resolveKeyMaterial({ keys: { metaReadKey: zero, fileReadKey: hex() } }, uid, false),
    /metaReadKey is the all-zero factory default key: anyone can forge/,
  );
  refused(
    () =>
      resolveKeyMaterial(
        { keys: { metaReadKey: hex(), fileReadKey: '5004BF991F408672B1EF00F08F9E8647' } },
        uid,
        false,
      ),
    /fileReadKey is an NXP AN12196 example key/,
  );
  refused(
    () => resolveKeyMaterial({ scheme: 'sdm-backend', masterKey: zero }, uid, false),
    /masterKey is the all-zero/,
  );
  refused(
    () => resolveKeyMaterial({ scheme: 'sdm-backend-legacy', masterKey: zero }, uid, false),
    /masterKey is the all-zero/,
  );
  assert.equal(
    resolveKeyMaterial({ keys: { metaReadKey: zero, fileReadKey: zero } }, uid, true).scheme,
    'imported',
  );
});
