import { createHmac, pbkdf2Sync } from 'node:crypto';
import { aesCmac, blockEncrypter, cmacSubkeys } from './aes-cmac.js';
import type { ChipKeys } from './sun.js';

/** Key numbers of the NTAG 424 DNA application keys MetaTag provisions for SUN. */
export const KEY_NUMBERS = { metaRead: 1, fileRead: 2 } as const;
const SYSTEM_IDENTIFIER = Buffer.from('MetaTag', 'ascii');
const UID = /^[0-9A-Fa-f]{14}$/;

/**
 * How a chip's two SDM keys come about:
 * - `an10922`: both diversified from CHIP_MASTER_KEY per NXP AN10922 (AES-128), M = UID ‖ key number ‖ "MetaTag".
 * - `legacy`: chips provisioned before MetaTag followed AN10922 exactly: CMAC(master, 01 ‖ M), same M.
 * - `imported`: per-chip keys given at provisioning (stored sealed).
 * - `sdm-backend`: the derivation of nfc-developer/sdm-backend (libsdm/derive.py) from a fleet's own master
 *   key: an undiversified meta-read key and a UID-diversified file-read key.
 * - `sdm-backend-legacy`: the same verifier's older PBKDF2 derivation (libsdm/legacy_derive.py, its
 *   DERIVE_MODE=legacy, what the NFC Developer App programs).
 */
export const KEY_SCHEMES = ['an10922', 'legacy', 'imported', 'sdm-backend', 'sdm-backend-legacy'] as const;
export type KeyScheme = (typeof KEY_SCHEMES)[number];
/** The schemes whose keys follow from a master key and the UID. */
export type DerivedScheme = Exclude<KeyScheme, 'imported'>;

/**
 * NXP AN10922 section 2.2, AES-128 key diversification: D = 01h ‖ M, and when M is shorter than 31
 * bytes D is padded with 80h 00h.. to 32 bytes and its last block is XORed with CMAC subkey K2 (K1
 * otherwise); the key is the CBC-MAC of those two blocks under the master key. Unlike a plain CMAC of
 * 01h ‖ M, D is always two blocks: an M of up to 15 bytes still becomes 32 bytes of input.
 */
export function an10922Diversify(masterKey: Buffer, m: Buffer): Buffer {
  if (masterKey.length !== 16) throw new Error('master key must be 16 bytes');
  if (m.length < 1 || m.length > 31) throw new Error('AN10922 diversification input must be 1..31 bytes');
  const d = an10922Input(m);
  const { k1, k2 } = cmacSubkeys(masterKey);
  const lastKey = m.length < 31 ? k2 : k1;
  const encrypt = blockEncrypter(masterKey);
  const first = encrypt(d.subarray(0, 16));
  const last = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) last[i] = d[16 + i] ^ lastKey[i] ^ first[i];
  return encrypt(last);
}

/** AN10922's CMAC input D: 01h ‖ M, padded with 80h 00h.. to 32 bytes when M is shorter than 31 bytes. */
export function an10922Input(m: Buffer): Buffer {
  const d = Buffer.alloc(32);
  d[0] = 0x01;
  m.copy(d, 1);
  if (m.length < 31) d[1 + m.length] = 0x80;
  return d;
}

/** MetaTag's diversification input: M = UID (7 bytes) ‖ key number (1 byte) ‖ "MetaTag" (7 bytes ASCII). */
export function diversificationInput(uid: string, keyNumber: number): Buffer {
  if (!UID.test(uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  return Buffer.concat([Buffer.from(uid, 'hex'), Buffer.from([keyNumber]), SYSTEM_IDENTIFIER]);
}

/** One chip key per AN10922 (the `an10922` scheme). */
export function diversifyKey(masterKey: Buffer, uid: string, keyNumber: number): Buffer {
  return an10922Diversify(masterKey, diversificationInput(uid, keyNumber));
}

/** The `legacy` scheme: CMAC(master, 01h ‖ M) without AN10922's 32-byte input; differs for M under 16 bytes. */
export function legacyDiversifyKey(masterKey: Buffer, uid: string, keyNumber: number): Buffer {
  if (masterKey.length !== 16) throw new Error('master key must be 16 bytes');
  return aesCmac(masterKey, Buffer.concat([Buffer.from([0x01]), diversificationInput(uid, keyNumber)]));
}

const hmac16 = (key: Buffer, message: Buffer, full = false): Buffer => {
  const mac = createHmac('sha256', key).update(message).digest();
  return full ? mac : mac.subarray(0, 16);
};
const SDM_PICC_DATA_KEY = Buffer.from('PICCDataKey', 'ascii');
const SDM_SLOT_MASTER_KEY = Buffer.from('SlotMasterKey', 'ascii');
const SDM_DIV_BASE_KEY = Buffer.from('DivBaseKey', 'ascii');
const isZero16 = (key: Buffer) => key.length === 16 && key.every((b) => b === 0);

/**
 * nfc-developer/sdm-backend's key derivation (libsdm/derive.py, DERIVE_MODE=standard), any master key
 * length: the meta-read key is HMAC-SHA256(master, "PICCDataKey") truncated (no UID: the backend
 * decrypts before it knows the chip), the file-read key a CMAC of 01h ‖ HMAC(HMAC(master, "DivBaseKey"),
 * UID) under HMAC(master, "SlotMasterKey" ‖ key number). An all-zero 16-byte master gives all-zero keys.
 */
export function sdmBackendKeys(masterKey: Buffer, uid: string): ChipKeys {
  if (!UID.test(uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  if (isZero16(masterKey)) return { metaReadKey: Buffer.alloc(16), fileReadKey: Buffer.alloc(16) };
  return {
    metaReadKey: hmac16(masterKey, SDM_PICC_DATA_KEY),
    fileReadKey: sdmBackendTagKey(masterKey, uid, KEY_NUMBERS.fileRead),
  };
}

/** sdm-backend's UID-diversified key `key_no` (derive_tag_key): the file-read key is key 2, the chip's other keys the same way. */
export function sdmBackendTagKey(masterKey: Buffer, uid: string, keyNo: number): Buffer {
  if (!UID.test(uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  if (isZero16(masterKey)) return Buffer.alloc(16);
  const slotKey = hmac16(masterKey, Buffer.concat([SDM_SLOT_MASTER_KEY, Buffer.from([keyNo])]));
  const divInput = hmac16(hmac16(masterKey, SDM_DIV_BASE_KEY, true), Buffer.from(uid, 'hex'));
  return aesCmac(slotKey, Buffer.concat([Buffer.from([0x01]), divInput]));
}

/** sdm-backend's older derivation (libsdm/legacy_derive.py): PBKDF2-HMAC-SHA512, 5,000 rounds, 16 bytes. */
export function sdmBackendLegacyKeys(masterKey: Buffer, uid: string): ChipKeys {
  if (!UID.test(uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  if (isZero16(masterKey)) return { metaReadKey: Buffer.alloc(16), fileReadKey: Buffer.alloc(16) };
  const pbkdf2 = (salt: Buffer) => pbkdf2Sync(masterKey, salt, 5000, 16, 'sha512');
  return {
    metaReadKey: pbkdf2(
      Buffer.concat([Buffer.from('key_no_uid', 'ascii'), Buffer.from([KEY_NUMBERS.metaRead])]),
    ),
    fileReadKey: pbkdf2(
      Buffer.concat([
        Buffer.from('key', 'ascii'),
        Buffer.from(uid, 'hex'),
        Buffer.from([KEY_NUMBERS.fileRead]),
      ]),
    ),
  };
}

/** Both SDM keys of one chip from a master key and its UID, by scheme (default: AN10922). */
export function deriveChipKeys(masterKey: Buffer, uid: string, scheme: DerivedScheme = 'an10922'): ChipKeys {
  switch (scheme) {
    case 'an10922':
      return {
        metaReadKey: diversifyKey(masterKey, uid, KEY_NUMBERS.metaRead),
        fileReadKey: diversifyKey(masterKey, uid, KEY_NUMBERS.fileRead),
      };
    case 'legacy':
      return {
        metaReadKey: legacyDiversifyKey(masterKey, uid, KEY_NUMBERS.metaRead),
        fileReadKey: legacyDiversifyKey(masterKey, uid, KEY_NUMBERS.fileRead),
      };
    case 'sdm-backend':
      return sdmBackendKeys(masterKey, uid);
    case 'sdm-backend-legacy':
      return sdmBackendLegacyKeys(masterKey, uid);
  }
}

/** Whether a scheme's meta-read key depends on the UID (then a URL can be read only for a known chip). */
export const metaKeyNeedsUid = (scheme: DerivedScheme): boolean =>
  scheme === 'an10922' || scheme === 'legacy';

/** The key schemes a chip batch derives its chips' keys with from a master of its own (issue #26). */
export const BATCH_DERIVED_SCHEMES = ['an10922', 'sdm-backend'] as const;
export type BatchDerivedScheme = (typeof BATCH_DERIVED_SCHEMES)[number];

/**
 * A batch chip's keys from the batch's own master key. One URL serves the whole batch, so the server
 * must decrypt the PICC data before it knows the chip: the meta-read key is not diversified by UID
 * (NXP AN12196 section 3.3 suggests a common SDMMetaReadKey for this case; sdm-backend does the same).
 * `an10922`: meta-read key = AN10922(master, M = key number 1 ‖ "MetaTag"), file-read key =
 * AN10922(master, M = UID ‖ key number 2 ‖ "MetaTag") (MetaTag's per-chip input); `sdm-backend`:
 * sdm-backend's derivation, whose meta-read key is already common.
 */
export function batchChipKeys(masterKey: Buffer, uid: string, scheme: BatchDerivedScheme): ChipKeys {
  if (scheme === 'sdm-backend') return sdmBackendKeys(masterKey, uid);
  return {
    metaReadKey: batchMetaKey(masterKey, scheme),
    fileReadKey: diversifyKey(masterKey, uid, KEY_NUMBERS.fileRead),
  };
}

/** The batch-wide meta-read key (see batchChipKeys). */
export function batchMetaKey(masterKey: Buffer, scheme: BatchDerivedScheme): Buffer {
  if (scheme === 'sdm-backend') return sdmBackendKeys(masterKey, '00000000000000').metaReadKey;
  return an10922Diversify(masterKey, Buffer.concat([Buffer.from([KEY_NUMBERS.metaRead]), SYSTEM_IDENTIFIER]));
}

/**
 * All five application keys a batch chip is personalised with (issue #27), key number k = 0..4: keys 1
 * and 2 are `batchChipKeys` (what the server verifies taps with); keys 0, 3 and 4 come from the same
 * master and UID the scheme's way (`an10922`: M = UID ‖ k ‖ "MetaTag"; `sdm-backend`: derive_tag_key).
 */
export function batchApplicationKeys(masterKey: Buffer, uid: string, scheme: BatchDerivedScheme): Buffer[] {
  const sdm = batchChipKeys(masterKey, uid, scheme);
  return [0, 1, 2, 3, 4].map((k) =>
    k === KEY_NUMBERS.metaRead
      ? sdm.metaReadKey
      : k === KEY_NUMBERS.fileRead
        ? sdm.fileReadKey
        : scheme === 'sdm-backend'
          ? sdmBackendTagKey(masterKey, uid, k)
          : diversifyKey(masterKey, uid, k),
  );
}

/** The AN10922 diversification input M of an `an10922` batch's key k (UID-free for the common meta-read key 1). */
export function batchAn10922Input(uid: string | undefined, keyNumber: number): Buffer {
  if (keyNumber === KEY_NUMBERS.metaRead) return Buffer.concat([Buffer.from([keyNumber]), SYSTEM_IDENTIFIER]);
  if (!uid) throw new Error(`key ${keyNumber} is diversified by the UID`);
  return diversificationInput(uid, keyNumber);
}
