import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import {
  an10922Diversify,
  batchApplicationKeys,
  batchChipKeys,
  batchMetaKey,
  sdmBackendKeys,
} from '../diversify.js';
import { bureauPackage, openBureauPackage, sealBureauPackage, type BureauBatch } from './bureau-package.js';

const batch: BureauBatch = {
  id: 'bTestBatch01',
  name: 'Spring run',
  nftId: 7,
  scheme: 'an10922',
  mode: 'lrp',
  tagTamper: true,
  keyVersion: 3,
  urlForm: { template: 'https://brand.example/tag?picc_data={PICC}&cmac={MAC}&tt={TT}', macInputFrom: 'MAC' },
};
const UID = '04A1B2C3D4E5F6';

test("a batch chip's keys 1 and 2 are batchChipKeys; 0, 3, 4 the scheme's own from the same master", () => {
  const master = randomBytes(16);
  for (const scheme of ['an10922', 'sdm-backend'] as const) {
    const keys = batchApplicationKeys(master, UID, scheme);
    const sdm = batchChipKeys(master, UID, scheme);
    assert.deepEqual([keys[1], keys[2]], [sdm.metaReadKey, sdm.fileReadKey]);
    assert.equal(new Set(keys.map((k) => k.toString('hex'))).size, 5, `${scheme}: five different keys`);
  }
  assert.deepEqual(
    batchApplicationKeys(master, UID, 'sdm-backend')[1],
    sdmBackendKeys(master, UID).metaReadKey,
  );
  // key 0 of an an10922 batch: AN10922 with M = UID ‖ 00 ‖ "MetaTag"
  assert.deepEqual(
    batchApplicationKeys(master, UID, 'an10922')[0],
    an10922Diversify(master, Buffer.from(`${UID}00${Buffer.from('MetaTag').toString('hex')}`, 'hex')),
  );
});

test('the package states the AN10922 inputs and check keys, and opens only with its passphrase', async () => {
  const master = randomBytes(16);
  const plain = bureauPackage(batch, { master, metaReadKey: batchMetaKey(master, 'an10922') });
  assert.deepEqual(
    plain.keys.applicationKeys.map((k) => k.an10922Input),
    ['{UID}00', '01', '{UID}02', '{UID}03', '{UID}04'].map((m) => `${m}4D657461546167`),
  );
  // every key from its stated input matches the chip's
  const chip = batchApplicationKeys(master, UID, 'an10922');
  plain.keys.applicationKeys.forEach((k, i) =>
    assert.deepEqual(
      an10922Diversify(master, Buffer.from(k.an10922Input!.replace('{UID}', UID), 'hex')),
      chip[i],
    ),
  );
  assert.equal(typeof plain.sdm?.ttStatusOffset, 'number');

  await assert.rejects(sealBureauPackage(plain, 'too short'), /at least 12 characters/);
  const file = await sealBureauPackage(plain, 'a passphrase of ours');
  assert.doesNotMatch(JSON.stringify(file), new RegExp(master.toString('hex'), 'i'));
  assert.deepEqual(await openBureauPackage(file, 'a passphrase of ours'), plain);
  await assert.rejects(openBureauPackage(file, 'a passphrase of yours'), /wrong passphrase/);
  const body = Buffer.from(file.ciphertext, 'base64');
  body[0] ^= 1;
  await assert.rejects(
    openBureauPackage({ ...file, ciphertext: body.toString('base64') }, 'a passphrase of ours'),
    /or the package was changed/,
  );
});
