import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { AesCmac, aesCmac } from './aes-cmac.js';
import { Lrp } from './lrp.js';

/** The two SDM keys a chip's SUN message depends on (AN12196: SDMMetaReadKey, SDMFileReadKey). */
export interface ChipKeys {
  metaReadKey: Buffer;
  fileReadKey: Buffer;
}

/**
 * How the chip protects its SUN message: `aes` (AES-128, AN12196) or `lrp` (NXP's Leakage Resilient
 * Primitive, AN12304) with encrypted PICC data; `plain` mirrors UID and counter in clear (the MAC is an
 * AES or LRP one; the message does not say which).
 */
export type SunMode = 'aes' | 'lrp' | 'plain';

/** What one tap of a chip carries, taken apart from its URL (see sun-url.ts). */
export interface SunMessage {
  mode: SunMode;
  /** Encrypted PICC data: 16 bytes (AES) or PICCRand (8) ‖ 16 bytes (LRP). Absent in plain mode. */
  piccEnc?: Buffer;
  /** Plain mode: the UID and read counter as mirrored in clear. */
  plain?: PiccData;
  /** SDMENCFileData, when the chip mirrors encrypted file data (whole 16-byte blocks). */
  encFileData?: Buffer;
  /** 8 bytes: the SDM MAC truncated to its odd-indexed bytes. */
  mac: Buffer;
  /** The bytes the chip MACs: the URL text from SDMMACInputOffset up to the MAC (empty without file data). */
  macInput: Buffer;
}

export interface PiccData {
  /** 7-byte UID as upper-case hex. */
  uid: string;
  readCounter: number;
}

export type SunVerdict = { ok: true; picc: PiccData; mode: SunMode; fileData: Buffer | null } | { ok: false };

const ZERO_IV = Buffer.alloc(16);
const SV2_AES = Buffer.from('3cc300010080', 'hex');
const SV1_AES = Buffer.from('c33c00010080', 'hex');
const SV_LRP_PREFIX = Buffer.from('00010080', 'hex');
const SV_LRP_SUFFIX = Buffer.from('1ee1', 'hex');
/** PICCDataTag: UID mirrored (bit 7), read counter mirrored (bit 6), UID length 7 (bits 3..0). */
const PICC_DATA_TAG = 0xc7;
const NO_PICC: PiccData = { uid: '00000000000000', readCounter: 0 };
const MAC_BYTES = [1, 3, 5, 7, 9, 11, 13, 15];

function piccData(plain: Buffer): PiccData | undefined {
  if (plain[0] !== PICC_DATA_TAG) return undefined;
  return { uid: plain.subarray(1, 8).toString('hex').toUpperCase(), readCounter: plain.readUIntLE(8, 3) };
}

/** UID ‖ SDMReadCtr (little-endian, as the chip keeps it): the dynamic part of every session vector. */
function uidAndCounter(picc: PiccData): Buffer {
  const out = Buffer.alloc(10);
  Buffer.from(picc.uid, 'hex').copy(out, 0);
  out.writeUIntLE(picc.readCounter, 7, 3);
  return out;
}

/** The odd-indexed bytes of a 16-byte MAC (AN12196 section 3.4: MACt). */
const truncate = (full: Buffer): Buffer => Buffer.from(MAC_BYTES.map((i) => full[i]));

/** AN12196 section 3.4: SV2 = 3CC3 0001 0080 ‖ UID ‖ SDMReadCtr, the session MAC key is CMAC(fileReadKey, SV2). */
const aesSv2 = (picc: PiccData) => Buffer.concat([SV2_AES, uidAndCounter(picc)]);
/** AN12304 / AN12321: SV = 0001 0080 ‖ UID ‖ SDMReadCtr ‖ 1EE1, session key = CMAC_LRP(fileReadKey, SV). */
const lrpSv = (picc: PiccData) => Buffer.concat([SV_LRP_PREFIX, uidAndCounter(picc), SV_LRP_SUFFIX]);

/**
 * What verifying a chip's scans needs of its keys, made once per key pair: a one-block CBC decryption
 * with a zero IV is an ECB decryption, and ECB contexts hold no state between blocks; the file-read
 * key's CMAC context and subkeys do not change either; LRP contexts (plaintexts, updated keys) are made
 * when a first LRP message arrives. Kept beside the keys, dropped with them.
 */
interface ChipContexts {
  decryptBlock: (block: Buffer) => Buffer;
  fileReadCmac: AesCmac;
  lrpMeta?: Lrp;
  lrpFile?: Lrp;
}
const contexts = new WeakMap<ChipKeys, ChipContexts>();

function contextsOf(keys: ChipKeys): ChipContexts {
  let found = contexts.get(keys);
  if (!found) {
    const decipher = createDecipheriv('aes-128-ecb', keys.metaReadKey, null);
    decipher.setAutoPadding(false);
    found = { decryptBlock: (block) => decipher.update(block), fileReadCmac: new AesCmac(keys.fileReadKey) };
    contexts.set(keys, found);
  }
  return found;
}

const lrpMeta = (keys: ChipKeys, chip: ChipContexts) => (chip.lrpMeta ??= new Lrp(keys.metaReadKey));
const lrpFile = (keys: ChipKeys, chip: ChipContexts) => (chip.lrpFile ??= new Lrp(keys.fileReadKey));

/** AES mode: the session MAC key of one read. */
function aesSessionMacKey(chip: ChipContexts, picc: PiccData): Buffer {
  return chip.fileReadCmac.mac(aesSv2(picc));
}

/** The SDM MAC (AES): CMAC under the session MAC key over the MAC input, truncated. */
export function sdmMac(fileReadKey: Buffer, picc: PiccData, input: Buffer = Buffer.alloc(0)): Buffer {
  return truncate(aesCmac(aesCmac(fileReadKey, aesSv2(picc)), input));
}

/** The SDM MAC (LRP): CMAC_LRP under the session key over the MAC input, truncated. */
export function sdmMacLrp(fileReadKey: Buffer, picc: PiccData, input: Buffer = Buffer.alloc(0)): Buffer {
  const session = new Lrp(fileReadKey).cmac(lrpSv(picc));
  return truncate(new Lrp(session).cmac(input));
}

/** AES mode, SDMENCFileData (AN12196 section 3.5): key CMAC(fileReadKey, SV1), IV = E(key, SDMReadCtr ‖ 0^13), CBC. */
function aesFileCipher(fileReadCmac: AesCmac, picc: PiccData): { key: Buffer; iv: Buffer } {
  const key = fileReadCmac.mac(Buffer.concat([SV1_AES, uidAndCounter(picc)]));
  const ivInput = Buffer.alloc(16);
  ivInput.writeUIntLE(picc.readCounter, 0, 3);
  const ivCipher = createCipheriv('aes-128-ecb', key, null);
  ivCipher.setAutoPadding(false);
  return { key, iv: ivCipher.update(ivInput) };
}

/** `fileReadCmac`: the chip's file-read key's CMAC context (kept per chip: its context and subkeys do not change). */
function aesFileData(fileReadCmac: AesCmac, picc: PiccData, data: Buffer, encrypt: boolean): Buffer {
  const { key, iv } = aesFileCipher(fileReadCmac, picc);
  const cipher = encrypt ? createCipheriv('aes-128-cbc', key, iv) : createDecipheriv('aes-128-cbc', key, iv);
  cipher.setAutoPadding(false);
  // whole blocks without padding: update gives every block (final would add nothing)
  return cipher.update(data);
}

/** LRP mode, SDMENCFileData: LRICB under the session key's updated key 1, counter SDMReadCtr ‖ 000000. */
function lrpFileCounter(picc: PiccData): Buffer {
  const counter = Buffer.alloc(6);
  counter.writeUIntLE(picc.readCounter, 0, 3);
  return counter;
}

/**
 * Decrypts and checks one SUN message. The MAC is compared in constant time and the verdict never
 * says which check failed. `expectedUid` binds the message to the chip the URL names. The read
 * counter's freshness is the caller's (it needs the last accepted value, atomically). File data is
 * decrypted only once the MAC holds.
 */
export function verifySun(message: SunMessage, keys: ChipKeys, expectedUid?: string): SunVerdict {
  if (message.mac.length !== 8) return { ok: false };
  const chip = contextsOf(keys);
  let picc: PiccData | undefined;
  let macOk: boolean;
  let mode: SunMode = message.mode;
  let lrpSession: Lrp | undefined;
  if (message.mode === 'aes') {
    if (message.piccEnc?.length !== 16) return { ok: false };
    picc = piccData(chip.decryptBlock(message.piccEnc));
    const session = new AesCmac(aesSessionMacKey(chip, picc ?? NO_PICC));
    macOk = timingSafeEqual(truncate(session.mac(message.macInput)), message.mac);
  } else if (message.mode === 'lrp') {
    if (message.piccEnc?.length !== 24) return { ok: false };
    const plain = lrpMeta(keys, chip).decrypt(0, message.piccEnc.subarray(0, 8), message.piccEnc.subarray(8));
    picc = piccData(plain);
    lrpSession = new Lrp(lrpFile(keys, chip).cmac(lrpSv(picc ?? NO_PICC)));
    macOk = timingSafeEqual(truncate(lrpSession.cmac(message.macInput)), message.mac);
  } else {
    if (!message.plain) return { ok: false };
    picc = message.plain;
    // a plain message does not say whether the chip MACs with AES or LRP: both are computed, always
    const aes = truncate(new AesCmac(aesSessionMacKey(chip, picc)).mac(message.macInput));
    const lrp = truncate(new Lrp(lrpFile(keys, chip).cmac(lrpSv(picc))).cmac(message.macInput));
    const aesOk = timingSafeEqual(aes, message.mac);
    const lrpOk = timingSafeEqual(lrp, message.mac);
    macOk = aesOk || lrpOk;
    mode = 'plain';
  }
  const uidOk = !!picc && (expectedUid === undefined || picc.uid === expectedUid.toUpperCase());
  if (!picc || !macOk || !uidOk) return { ok: false };
  let fileData: Buffer | null = null;
  if (message.encFileData && message.encFileData.length > 0) {
    if (message.encFileData.length % 16 !== 0 || mode === 'plain') return { ok: false };
    fileData =
      mode === 'aes'
        ? aesFileData(chip.fileReadCmac, picc, message.encFileData, false)
        : (lrpSession ?? new Lrp(lrpFile(keys, chip).cmac(lrpSv(picc)))).decrypt(
            1,
            lrpFileCounter(picc),
            message.encFileData,
          );
  }
  return { ok: true, picc, mode, fileData };
}

/** What a simulated chip is configured to send. */
export interface SunSimulation {
  uid: string;
  readCounter: number;
  mode?: SunMode;
  /** Plain file data to mirror encrypted (whole 16-byte blocks); not with plain mirroring. */
  fileData?: Buffer;
}

/** The encrypted parts of one simulated tap, before its URL (and so its MAC input) is known. */
export interface SunParts {
  mode: SunMode;
  picc: PiccData;
  piccEnc?: Buffer;
  encFileData?: Buffer;
}

/** What the chip does on a tap, up to the MAC: encrypt the PICC data (random padding) and the file data. */
export function simulateSunParts(
  keys: ChipKeys,
  sim: SunSimulation,
  random: (n: number) => Buffer = randomBytes,
): SunParts {
  if (!/^[0-9A-Fa-f]{14}$/.test(sim.uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  if (!Number.isInteger(sim.readCounter) || sim.readCounter < 0 || sim.readCounter > 0xffffff) {
    throw new Error('read counter must fit in 3 bytes');
  }
  const mode = sim.mode ?? 'aes';
  const picc = { uid: sim.uid.toUpperCase(), readCounter: sim.readCounter };
  if (sim.fileData && (sim.fileData.length === 0 || sim.fileData.length % 16 !== 0))
    throw new Error('file data must be whole 16-byte blocks');
  if (mode === 'plain') {
    if (sim.fileData) throw new Error('plain mirroring carries no encrypted file data');
    return { mode, picc };
  }
  const plain = Buffer.concat([Buffer.from([PICC_DATA_TAG]), uidAndCounter(picc), random(5)]);
  let piccEnc: Buffer;
  let encFileData: Buffer | undefined;
  if (mode === 'aes') {
    const cipher = createCipheriv('aes-128-cbc', keys.metaReadKey, ZERO_IV);
    cipher.setAutoPadding(false);
    piccEnc = Buffer.concat([cipher.update(plain), cipher.final()]);
    if (sim.fileData) encFileData = aesFileData(new AesCmac(keys.fileReadKey), picc, sim.fileData, true);
  } else {
    const piccRand = random(8);
    piccEnc = Buffer.concat([piccRand, new Lrp(keys.metaReadKey).encrypt(0, piccRand, plain)]);
    if (sim.fileData) {
      const session = new Lrp(new Lrp(keys.fileReadKey).cmac(lrpSv(picc)));
      encFileData = session.encrypt(1, lrpFileCounter(picc), sim.fileData);
    }
  }
  return { mode, picc, piccEnc, encFileData };
}

/** The chip's MAC over `macInput` for a simulated tap (AES or LRP session keys; plain mirroring uses AES). */
export function simulateMac(
  keys: ChipKeys,
  parts: SunParts,
  macInput: Buffer,
  plainMac: 'aes' | 'lrp' = 'aes',
): Buffer {
  const lrp = parts.mode === 'lrp' || (parts.mode === 'plain' && plainMac === 'lrp');
  return lrp
    ? sdmMacLrp(keys.fileReadKey, parts.picc, macInput)
    : sdmMac(keys.fileReadKey, parts.picc, macInput);
}

/** What a tap says when read with a chip's keys, for people diagnosing chips (no constant time needed). */
export interface SunInspection {
  mode: SunMode;
  /** The PICC data as decrypted (or mirrored); null when it does not decrypt to a PICCDataTag. */
  picc: PiccData | null;
  macValid: boolean;
  fileData: Buffer | null;
}

export function inspectSun(message: SunMessage, keys: ChipKeys): SunInspection {
  const verdict = verifySun(message, keys);
  if (verdict.ok)
    return { mode: verdict.mode, picc: verdict.picc, macValid: true, fileData: verdict.fileData };
  let picc: PiccData | undefined = message.plain;
  if (message.mode === 'aes' && message.piccEnc?.length === 16)
    picc = piccData(contextsOf(keys).decryptBlock(message.piccEnc));
  if (message.mode === 'lrp' && message.piccEnc?.length === 24)
    picc = piccData(
      new Lrp(keys.metaReadKey).decrypt(0, message.piccEnc.subarray(0, 8), message.piccEnc.subarray(8)),
    );
  return { mode: message.mode, picc: picc ?? null, macValid: false, fileData: null };
}

/**
 * The PICC data of a message read with a meta-read key alone (a batch's common key, issue #26): the
 * UID that names the chip before its own file-read key is known. Undefined when it does not decrypt
 * to a PICCDataTag (wrong meta key or layout). Plain messages carry it in clear. Keep `keys` the same
 * object between calls: its decryption context is cached with it.
 */
export function piccOf(
  message: SunMessage,
  keys: Pick<ChipKeys, 'metaReadKey'> & Partial<ChipKeys>,
): PiccData | undefined {
  if (message.mode === 'plain') return message.plain;
  if (message.mode === 'aes') {
    if (message.piccEnc?.length !== 16) return undefined;
    const full = keys as ChipKeys;
    full.fileReadKey ??= Buffer.alloc(16);
    return piccData(contextsOf(full).decryptBlock(message.piccEnc));
  }
  if (message.piccEnc?.length !== 24) return undefined;
  const full = keys as ChipKeys;
  full.fileReadKey ??= Buffer.alloc(16);
  return piccData(
    lrpMeta(full, contextsOf(full)).decrypt(0, message.piccEnc.subarray(0, 8), message.piccEnc.subarray(8)),
  );
}
