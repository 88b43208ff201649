import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Ntag424Host, ChipStatusError } from '../personalisation/host.js';
import { SoftwarePcsc } from '../pcsc/software-port.js';
import { SoftwareNtag424 } from './ntag424.js';

// The software chip keeps the datasheet's access rules (NT4H2421Gx sections 8.2.3, 10): what a real
// chip refuses, it refuses with the same status.
async function host(chip: SoftwareNtag424) {
  const port = new SoftwarePcsc();
  port.present(chip);
  const h = new Ntag424Host(await port.waitForCard(port.names[0]));
  await h.selectApplication();
  return h;
}
const status = (sw: number) => (e: unknown) => e instanceof ChipStatusError && e.sw === sw;

test('factory chip: NDEF writable without a key, settings and keys only with key 0, a wrong MAC ends the session', async () => {
  const chip = new SoftwareNtag424();
  const h = await host(chip);
  await h.writeData(2, 0, Buffer.from('0003d10100', 'hex'), 'plain');
  await assert.rejects(h.changeFileSettings(2, Buffer.from('0000e0', 'hex')), status(0x919d));
  await assert.rejects(h.readData(3, 0, 16, 'full'), status(0x919d)); // proprietary file: read key 2
  assert.equal(await h.authenticate(0, randomBytes(16), 'aes'), false);
  await h.selectApplication();
  assert.equal(await h.authenticate(0, Buffer.alloc(16), 'lrp'), false); // an AES chip refuses LRP
  await h.selectApplication();
  assert.equal(await h.authenticate(0, Buffer.alloc(16), 'aes'), true);
  assert.equal(await h.getCardUid(), chip.uid);
  await h.changeFileSettings(2, Buffer.from('0000e0', 'hex')); // NDEF now written with key 0 only
  h.session!.counter += 1; // desynchronised command counter: the chip sees a wrong MAC
  await assert.rejects(h.getCardUid(), status(0x911e));
  await h.selectApplication();
  await assert.rejects(h.writeData(2, 0, Buffer.from('00', 'hex'), 'plain'), status(0x919d));
});

test('ChangeKey of another key checks the old key through the CRC; key 1 cannot change keys', async () => {
  const chip = new SoftwareNtag424();
  const h = await host(chip);
  assert.equal(await h.authenticate(0, Buffer.alloc(16), 'aes'), true);
  await assert.rejects(h.changeKey(2, randomBytes(16), 1, randomBytes(16)), status(0x911e));
  await h.selectApplication();
  await h.authenticate(0, Buffer.alloc(16), 'aes');
  const key1 = randomBytes(16);
  await h.changeKey(1, key1, 1, Buffer.alloc(16));
  assert.deepEqual(chip.keys[1], key1);
  await h.selectApplication();
  assert.equal(await h.authenticate(1, key1, 'aes'), true);
  await assert.rejects(h.changeKey(3, randomBytes(16), 1, Buffer.alloc(16)), status(0x919d));
});
