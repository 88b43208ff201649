import { timingSafeEqual } from 'node:crypto';
import type { CardChannel } from '../pcsc/port.js';
import { verifySun, type SunMessage, type SunVerdict } from '../sun.js';
import { ChipStatusError, Ntag424Host } from './host.js';
import { urlOfNdef } from './ndef.js';
import type { SdmSettings } from './sdm-settings.js';

const FACTORY_KEY = Buffer.alloc(16);
const NDEF_FILE = 2;

/** What one batch asks of each chip. */
export interface ChipPlan {
  /** the NDEF file and SDM settings for a chip (the same for a whole batch unless its URL names the chip) */
  settingsFor(uid: string): SdmSettings;
  mode: 'aes' | 'lrp';
  tt: boolean;
  /** keys 0..4 for a chip (diversified per UID) */
  keysFor(uid: string): Buffer[];
  /** the key version written with every application key (the batch's key version) */
  version: number;
}

/** Steps a chip goes through, in order; the journal records the last one done. */
export const STEPS = [
  'identified',
  'authenticated',
  'lrp',
  'ndef',
  'settings',
  'keys',
  'key0',
  'verified',
] as const;
export type Step = (typeof STEPS)[number];

export type ChipOutcome =
  | { status: 'personalised' | 'resumed'; uid: string; tap: SunVerdict & { ok: true }; url: string }
  | { status: 'skipped'; uid: string; reason: string; url: string }
  | { status: 'refused'; uid?: string; reason: string };

export class ChipRefused extends Error {}

/** The SUN message in an NDEF file read back, taken at the batch's own offsets (any URL form). */
export function sunAt(file: Buffer, s: SdmSettings, mode: 'aes' | 'lrp'): SunMessage {
  const text = (at: number, length: number) => file.subarray(at, at + length).toString('ascii');
  const bytes = (at: number | undefined, length: number) =>
    at === undefined ? undefined : Buffer.from(text(at, length), 'hex');
  const plain = s.piccDataOffset === undefined;
  return {
    mode: plain ? 'plain' : mode,
    piccEnc: bytes(s.piccDataOffset, mode === 'lrp' ? 48 : 32),
    plain: plain
      ? { uid: text(s.uidOffset!, 14), readCounter: parseInt(text(s.readCtrOffset!, 6), 16) }
      : undefined,
    encFileData: bytes(s.encOffset, s.encLength ?? 0),
    mac: Buffer.from(text(s.macOffset!, 16), 'hex'),
    macInput: Buffer.from(file.subarray(s.macInputOffset!, s.macOffset)),
  };
}

/**
 * Personalises the chip on `card` for a batch (issue #27): identify (UID, version), authenticate with
 * the factory key 0 — or with the batch's key 0 when an earlier run got that far — switch to LRP when
 * asked, write the NDEF file, enable SUN, change keys 1..4 (factory → batch, with CRC) then key 0, and
 * prove it: a phone's read of the NDEF file verified with the server's verifier. Key versions (readable
 * without a key) tell which keys an interrupted run already changed. `onStep` feeds the journal.
 */
export async function personaliseChip(
  card: CardChannel,
  plan: ChipPlan,
  onStep: (uid: string, step: Step) => Promise<void> = async () => {},
): Promise<ChipOutcome & { apdus: number }> {
  const host = new Ntag424Host(card);
  let uid: string | undefined;
  try {
    const outcome = await run(host, plan, onStep, (u) => (uid = u));
    return { ...outcome, apdus: host.apdus };
  } catch (error) {
    if (error instanceof ChipRefused)
      return { status: 'refused', uid, reason: error.message, apdus: host.apdus };
    if (error instanceof ChipStatusError)
      return { status: 'refused', uid, reason: error.message, apdus: host.apdus };
    throw error;
  }
}

async function authenticateEither(
  host: Ntag424Host,
  keyNo: number,
  key: Buffer,
): Promise<'aes' | 'lrp' | undefined> {
  if (await host.authenticate(keyNo, key, 'aes')) return 'aes';
  await host.selectApplication();
  if (await host.authenticate(keyNo, key, 'lrp')) return 'lrp';
  await host.selectApplication();
  return undefined;
}

async function run(
  host: Ntag424Host,
  plan: ChipPlan,
  onStep: (uid: string, step: Step) => Promise<void>,
  seen: (uid: string) => void,
): Promise<ChipOutcome> {
  await host.selectApplication();
  const version = await host.getVersion();
  if (version.vendor !== 0x04 || version.type !== 0x04)
    throw new ChipRefused('not an NTAG 424 DNA (GetVersion: vendor/type)');
  if (plan.tt && !version.tt)
    throw new ChipRefused('the batch mirrors TagTamper status but this is not an NTAG 424 DNA TT');
  const uid = await host.readerUid();
  seen(uid);
  await onStep(uid, 'identified');
  const keys = plan.keysFor(uid);
  const settings = plan.settingsFor(uid);
  const versions: number[] = [];
  for (let k = 0; k < 5; k++) versions.push(await host.getKeyVersion(k));
  for (let k = 0; k < 5; k++)
    if (versions[k] !== 0 && versions[k] !== plan.version)
      throw new ChipRefused(
        `key ${k} has version ${versions[k]}: personalised elsewhere (neither factory nor this batch's version ${plan.version})`,
      );

  // key 0 decides: factory (a new or interrupted chip) or the batch's (finished, or stopped after key 0)
  const key0 = versions[0] === plan.version ? keys[0] : FACTORY_KEY;
  const suite = await authenticateEither(host, 0, key0);
  if (!suite)
    throw new ChipRefused(
      versions[0] === plan.version
        ? "key 0 is not this batch's key (a chip of another batch or master key)"
        : 'key 0 is not the factory key',
    );
  const resumed = versions.some((v) => v === plan.version);
  if (versions.every((v) => v === plan.version)) {
    const proof = await prove(host, plan, uid);
    if (proof)
      return { status: 'skipped', uid, reason: 'already personalised for this batch', url: proof.url };
    await host.selectApplication();
    await authenticateEither(host, 0, keys[0]);
  }
  await onStep(uid, 'authenticated');

  if (plan.mode === 'lrp' && suite === 'aes') {
    await host.enableLrp();
    await host.selectApplication();
    if (!(await host.authenticate(0, key0, 'lrp'))) throw new ChipRefused('the chip did not switch to LRP');
    await onStep(uid, 'lrp');
  } else if (plan.mode === 'aes' && suite === 'lrp') {
    throw new ChipRefused('the chip is in LRP mode (for good) and the batch is AES');
  }

  await refuseForeignKeys(host, versions, plan.version, plan.mode, key0);

  await host.writeData(NDEF_FILE, 0, settings.ndef, 'plain');
  await onStep(uid, 'ndef');
  await host.changeFileSettings(NDEF_FILE, settings.changeFileSettings);
  await onStep(uid, 'settings');
  for (let k = 1; k < 5; k++)
    if (versions[k] !== plan.version) await host.changeKey(k, keys[k], plan.version, FACTORY_KEY);
  await onStep(uid, 'keys');
  if (versions[0] !== plan.version) await host.changeKey(0, keys[0], plan.version);
  await onStep(uid, 'key0');

  const proof = await prove(host, plan, uid);
  if (!proof) throw new ChipRefused('the chip was written but its tap does not verify');
  await onStep(uid, 'verified');
  return { status: resumed ? 'resumed' : 'personalised', uid, tap: proof.verdict, url: proof.url };
}

/**
 * Keys 1..4 at version 0 must be the factory key before anything is written: another tool may have
 * changed them and left the version (a deployment that only set its SDM keys). ChangeKey would find out
 * only after the NDEF file and the SUN settings were overwritten — someone else's chip, broken. Costs two
 * APDUs per key and a new key-0 session (about 10 APDUs, 0.3 s on a reader), paid for not touching a
 * foreign chip.
 */
async function refuseForeignKeys(
  host: Ntag424Host,
  versions: number[],
  batchVersion: number,
  suite: 'aes' | 'lrp',
  key0: Buffer,
): Promise<void> {
  // the keys this run will change (any other version was refused above)
  const unchecked = [1, 2, 3, 4].filter((k) => versions[k] !== batchVersion);
  if (unchecked.length === 0) return;
  for (const k of unchecked) {
    if (await host.authenticate(k, FACTORY_KEY, suite)) continue;
    throw new ChipRefused(
      `key ${k} is not the factory key (version 0, changed by another tool): the chip was left as it was`,
    );
  }
  await host.selectApplication();
  if (!(await host.authenticate(0, key0, suite))) throw new ChipRefused('key 0 no longer authenticates');
}

/** The chip answers to the batch's key 0 with its UID, and a phone's read verifies with keys 1 and 2. */
async function prove(
  host: Ntag424Host,
  plan: ChipPlan,
  uid: string,
): Promise<{ verdict: SunVerdict & { ok: true }; url: string } | undefined> {
  const keys = plan.keysFor(uid);
  const settings = plan.settingsFor(uid);
  await host.selectApplication();
  if (!(await host.authenticate(0, keys[0], plan.mode))) return undefined;
  const cardUid = await host.getCardUid();
  if (!timingSafeEqual(Buffer.from(cardUid, 'hex'), Buffer.from(uid, 'hex'))) return undefined;
  const file = await host.readNdefAsPhone();
  // the URL must be the batch's (same length and prefix) before its SUN parts are read at the offsets
  const url = urlOfNdef(file);
  if (!url || file.length !== settings.ndef.length) return undefined;
  const verdict = verifySun(
    sunAt(file, settings, plan.mode),
    { metaReadKey: keys[1], fileReadKey: keys[2] },
    uid,
  );
  if (!verdict.ok) return undefined;
  return { verdict, url };
}
