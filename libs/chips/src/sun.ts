import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from 'node:crypto';
import { AesCmac, aesCmac } from './aes-cmac.js';

/** The two SDM keys a chip's SUN message depends on (AN12196: SDMMetaReadKey, SDMFileReadKey). */
export interface ChipKeys {
  metaReadKey: Buffer;
  fileReadKey: Buffer;
}

export interface SunMessage {
  /** 16 bytes of encrypted PICC data (PICCDataTag, UID, SDMReadCtr, padding). */
  piccEnc: Buffer;
  /** 8 bytes: the SDM MAC truncated to its odd-indexed bytes. */
  mac: Buffer;
}

export interface PiccData {
  /** 7-byte UID as upper-case hex. */
  uid: string;
  readCounter: number;
}

const AUTH = /^[0-9a-fA-F]{48}$/;
const ZERO_IV = Buffer.alloc(16);
const SV2_PREFIX = Buffer.from('3cc300010080', 'hex');
/** PICCDataTag: UID mirrored (bit 7), read counter mirrored (bit 6), UID length 7. */
const PICC_DATA_TAG = 0xc7;

/** `auth` = {PICCENC: 32 hex}{CMAC: 16 hex}, case-insensitive (../shared/chips/README.md). */
export function parseAuth(auth: string): SunMessage | undefined {
  if (!AUTH.test(auth)) return undefined;
  const bytes = Buffer.from(auth, 'hex');
  return { piccEnc: bytes.subarray(0, 16), mac: bytes.subarray(16) };
}

export function formatAuth(message: SunMessage): string {
  return Buffer.concat([message.piccEnc, message.mac]).toString('hex').toUpperCase();
}

/** AES-128-CBC with a zero IV over one block: how the chip encrypts its PICC data. */
export function decryptPiccData(metaReadKey: Buffer, piccEnc: Buffer): PiccData | undefined {
  const decipher = createDecipheriv('aes-128-cbc', metaReadKey, ZERO_IV);
  decipher.setAutoPadding(false);
  return piccData(Buffer.concat([decipher.update(piccEnc), decipher.final()]));
}

function piccData(plain: Buffer): PiccData | undefined {
  if (plain[0] !== PICC_DATA_TAG) return undefined;
  return { uid: plain.subarray(1, 8).toString('hex').toUpperCase(), readCounter: plain.readUIntLE(8, 3) };
}

function sv2(picc: PiccData): Buffer {
  const counter = Buffer.alloc(3);
  counter.writeUIntLE(picc.readCounter, 0, 3);
  return Buffer.concat([SV2_PREFIX, Buffer.from(picc.uid, 'hex'), counter]);
}

/** The odd-indexed bytes of the session-key CMAC over the MAC input (AN12196 section 3.4). */
function truncatedMac(sessionKey: Buffer, input: Buffer): Buffer {
  const full = aesCmac(sessionKey, input);
  return Buffer.from([1, 3, 5, 7, 9, 11, 13, 15].map((i) => full[i]));
}

/**
 * What verifying a chip's scans needs of its keys, made once per key pair: a one-block CBC decryption
 * with a zero IV is an ECB decryption, and ECB contexts hold no state between blocks; the file-read
 * key's CMAC context and subkeys do not change either. Kept beside the keys, dropped with them.
 */
interface ChipContexts {
  decryptBlock: (block: Buffer) => Buffer;
  fileReadCmac: AesCmac;
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

/**
 * SDM MAC (AN12196 section 3.4): a session key from SV2 = 3CC3 0001 0080 || UID || SDMReadCtr, then
 * CMAC over the MAC input (empty here: the MAC input offset equals the MAC offset in our URL), and
 * the odd-indexed bytes of that CMAC.
 */
export function sdmMac(fileReadKey: Buffer, picc: PiccData, input: Buffer = Buffer.alloc(0)): Buffer {
  return truncatedMac(aesCmac(fileReadKey, sv2(picc)), input);
}

export type SunVerdict = { ok: true; picc: PiccData } | { ok: false };

/**
 * Decrypts and checks one SUN message. The MAC is compared in constant time and the verdict never
 * says which check failed. `expectedUid` binds the message to the chip the URL names. The read
 * counter's freshness is the caller's (it needs the last accepted value, atomically).
 */
export function verifySun(message: SunMessage, keys: ChipKeys, expectedUid?: string): SunVerdict {
  const chip = contextsOf(keys);
  const picc = piccData(chip.decryptBlock(message.piccEnc));
  const sessionKey = chip.fileReadCmac.mac(sv2(picc ?? { uid: '00000000000000', readCounter: 0 }));
  const expected = truncatedMac(sessionKey, Buffer.alloc(0));
  const macOk = timingSafeEqual(expected, message.mac);
  const uidOk = !!picc && (expectedUid === undefined || picc.uid === expectedUid.toUpperCase());
  return picc && macOk && uidOk ? { ok: true, picc } : { ok: false };
}

/** What the chip does on a tap: encrypt the PICC data (random padding) and MAC it. */
export function simulateSun(keys: ChipKeys, picc: PiccData, padding: Buffer = randomBytes(5)): SunMessage {
  if (!/^[0-9A-Fa-f]{14}$/.test(picc.uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  if (!Number.isInteger(picc.readCounter) || picc.readCounter < 0 || picc.readCounter > 0xffffff) {
    throw new Error('read counter must fit in 3 bytes');
  }
  const plain = Buffer.alloc(16);
  plain[0] = PICC_DATA_TAG;
  Buffer.from(picc.uid, 'hex').copy(plain, 1);
  plain.writeUIntLE(picc.readCounter, 8, 3);
  padding.copy(plain, 11, 0, 5);
  const cipher = createCipheriv('aes-128-cbc', keys.metaReadKey, ZERO_IV);
  cipher.setAutoPadding(false);
  const piccEnc = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { piccEnc, mac: sdmMac(keys.fileReadKey, { ...picc, uid: picc.uid.toUpperCase() }) };
}
