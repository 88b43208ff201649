import { test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { diversifyKey } from '../diversify.js';
import { SoftwarePcsc } from '../pcsc/software-port.js';
import { SoftwareNtag424 } from '../software-chip/ntag424.js';
import { parseSunQuery } from '../sun-url.js';
import { verifySun } from '../sun.js';
import { personaliseChip, sunAt, type ChipPlan } from './personalise-chip.js';
import { sdmSettings } from './sdm-settings.js';

// The whole personalisation against the software NTAG 424 DNA: secure messaging, ChangeKey with its
// CRC, ChangeFileSettings and the chip's own SUN mirroring must agree for a tap to verify.
const master = randomBytes(16);
const plan = (
  template: string,
  mode: 'aes' | 'lrp',
  extra: Partial<ChipPlan> = {},
  encLength?: number,
): ChipPlan => ({
  settingsFor: () =>
    sdmSettings(
      { template, macInputFrom: encLength ? 'ENC' : 'MAC', encLength },
      { mode, tt: template.includes('{TT}') },
    ),
  mode,
  tt: template.includes('{TT}'),
  keysFor: (uid) => [0, 1, 2, 3, 4].map((k) => diversifyKey(master, uid, k)),
  version: 1,
  ...extra,
});
const keysOf = (p: ChipPlan, uid: string) => ({
  metaReadKey: p.keysFor(uid)[1],
  fileReadKey: p.keysFor(uid)[2],
});

async function personalise(chip: SoftwareNtag424, p: ChipPlan, cut?: number) {
  const port = new SoftwarePcsc();
  port.present(chip);
  if (cut !== undefined) port.removeAfter(cut);
  const card = await port.waitForCard(port.names[0]);
  return personaliseChip(card, p);
}

test('AES, LRP and file data: the personalised chip taps like a real one and the taps verify', async () => {
  for (const [template, mode, enc] of [
    ['https://m.example/tag?picc_data={PICC}&cmac={MAC}', 'aes', undefined],
    ['https://m.example/tag?picc_data={PICC}&enc={ENC}&cmac={MAC}', 'aes', 32],
    ['https://m.example/tag?picc_data={PICC}&cmac={MAC}', 'lrp', undefined],
    ['https://m.example/tag?picc_data={PICC}&enc={ENC}&cmac={MAC}', 'lrp', 16],
  ] as const) {
    const p = plan(template, mode, {}, enc);
    const chip = new SoftwareNtag424();
    const outcome = await personalise(chip, p);
    assert.equal(outcome.status, 'personalised', JSON.stringify(outcome));
    assert.equal(chip.lrp, mode === 'lrp');
    assert.deepEqual(chip.keyVersions, [1, 1, 1, 1, 1]);
    for (let tap = 0; tap < 2; tap++) {
      const url = chip.tapUrl()!;
      const message = parseSunQuery(url.split('?')[1]);
      assert.ok(message, url);
      const verdict = verifySun(message, keysOf(p, chip.uid), chip.uid);
      assert.equal(verdict.ok, true, `${mode} ${url}`);
      assert.equal(verdict.ok && verdict.picc.readCounter, tap + 2, 'the proof read was the first');
      assert.equal(verdict.ok && verdict.fileData?.length, enc);
    }
    // another batch's keys do not read it
    const other = plan(template, mode, { keysFor: () => [0, 1, 2, 3, 4].map(() => randomBytes(16)) }, enc);
    assert.equal(verifySun(parseSunQuery(chip.tapUrl()!.split('?')[1])!, keysOf(other, chip.uid)).ok, false);
  }
});

test('TagTamper: a TT chip mirrors its status; a plain chip is refused for a TT batch', async () => {
  const p = plan('https://t.example/?p={PICC}&tt={TT}&m={MAC}', 'aes');
  const chip = new SoftwareNtag424({ tt: true, tamper: 'OC' });
  assert.equal((await personalise(chip, p)).status, 'personalised');
  const url = chip.tapUrl()!;
  assert.match(url, /&tt=OC&m=/);
  assert.equal(
    verifySun(
      sunAt(Buffer.from(p.settingsFor('').ndef.length ? toFile(url, p) : ''), p.settingsFor(''), 'aes'),
      keysOf(p, chip.uid),
    ).ok,
    true,
  );
  const refused = await personalise(new SoftwareNtag424(), p);
  assert.deepEqual(
    [refused.status, 'reason' in refused && refused.reason],
    ['refused', 'the batch mirrors TagTamper status but this is not an NTAG 424 DNA TT'],
  );
});

/** The NDEF file bytes a tap URL came from (same prefix and length as the template's). */
function toFile(url: string, p: ChipPlan): Buffer {
  const file = Buffer.from(p.settingsFor('').ndef);
  file.write(url.slice(url.length - (file.length - 7)), 7, 'ascii');
  return file;
}

test('a run interrupted at any APDU resumes on the next attempt; a finished chip is skipped', async () => {
  const p = plan('https://m.example/tag?picc_data={PICC}&cmac={MAC}', 'lrp');
  const full = await personalise(new SoftwareNtag424(), p);
  for (let cut = 1; cut < full.apdus; cut += 3) {
    const chip = new SoftwareNtag424();
    // the card leaves the reader before APDU number cut + 1 (a skipped chip needs only the proof)
    await assert.rejects(personalise(chip, p, cut), /left/);
    const again = await personalise(chip, p);
    assert.ok(
      ['personalised', 'resumed', 'skipped'].includes(again.status),
      `cut at ${cut}: ${JSON.stringify(again)}`,
    );
    assert.equal(
      verifySun(parseSunQuery(chip.tapUrl()!.split('?')[1])!, keysOf(p, chip.uid), chip.uid).ok,
      true,
      `cut at ${cut}`,
    );
  }
  const done = new SoftwareNtag424();
  await personalise(done, p);
  const skipped = await personalise(done, p);
  assert.deepEqual(
    [skipped.status, 'reason' in skipped && skipped.reason],
    ['skipped', 'already personalised for this batch'],
  );
});

test('a chip restored from its snapshot (what a software reader keeps between runs) resumes and taps', async () => {
  const p = plan('https://m.example/tag?picc_data={PICC}&cmac={MAC}', 'aes');
  const chip = new SoftwareNtag424();
  await assert.rejects(personalise(chip, p, 27), /left/); // keys 1 and 2 changed, 3, 4 and 0 not
  const restored = SoftwareNtag424.restore(JSON.parse(JSON.stringify(chip.snapshot())));
  assert.deepEqual(restored.snapshot(), chip.snapshot());
  assert.equal((await personalise(restored, p)).status, 'resumed');
  const again = SoftwareNtag424.restore(JSON.parse(JSON.stringify(restored.snapshot())));
  const skipped = await personalise(again, p);
  assert.equal(skipped.status, 'skipped');
  const query = (skipped as { url: string }).url.split('?')[1];
  assert.equal(verifySun(parseSunQuery(query)!, keysOf(p, chip.uid), chip.uid).ok, true);
});

test('a chip with other keys is refused with the reason, and left as it was', async () => {
  const p = plan('https://m.example/tag?picc_data={PICC}&cmac={MAC}', 'aes');
  const theirs = new SoftwareNtag424();
  theirs.keys[0] = randomBytes(16);
  const refused = await personalise(theirs, p);
  assert.deepEqual(
    [refused.status, 'reason' in refused && refused.reason],
    ['refused', 'key 0 is not the factory key'],
  );
  // a deployment that set only its SDM keys and left their versions at 0: found before anything is
  // written, so its NDEF URL and SUN settings stay its own
  const sdmOnly = new SoftwareNtag424();
  sdmOnly.keys[2] = randomBytes(16);
  const before = JSON.stringify(sdmOnly.snapshot());
  const kept = await personalise(sdmOnly, p);
  assert.deepEqual(
    [kept.status, 'reason' in kept && kept.reason],
    [
      'refused',
      'key 2 is not the factory key (version 0, changed by another tool): the chip was left as it was',
    ],
  );
  assert.equal(JSON.stringify(sdmOnly.snapshot()), before, 'the chip is unchanged');
  const versioned = new SoftwareNtag424();
  versioned.keyVersions[2] = 7;
  const other = await personalise(versioned, p);
  assert.match('reason' in other ? other.reason : '', /key 2 has version 7/);
  const otherBatch = new SoftwareNtag424();
  await personalise(
    otherBatch,
    plan('https://m.example/tag?picc_data={PICC}&cmac={MAC}', 'aes', {
      keysFor: () => [0, 1, 2, 3, 4].map(() => randomBytes(16)),
    }),
  );
  const stranger = await personalise(otherBatch, p);
  assert.match('reason' in stranger ? stranger.reason : '', /not this batch's key/);
  const lrpChip = new SoftwareNtag424();
  lrpChip.lrp = true;
  assert.match(((await personalise(lrpChip, p)) as { reason: string }).reason, /LRP mode/);
});
