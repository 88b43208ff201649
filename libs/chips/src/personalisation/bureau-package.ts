import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { hex } from '../secure-messaging/bytes.js';
import {
  batchAn10922Input,
  batchApplicationKeys,
  KEY_NUMBERS,
  type BatchDerivedScheme,
} from '../diversify.js';
import type { BatchUrlForm } from '../url-form.js';
import { sdmSettings, withSampleSerial, type SdmSettings } from './sdm-settings.js';

/**
 * The personalisation package of a chip batch (issue #27 item 5): what a bureau, NXP TagXplorer or the
 * NFC Developer App needs to write the batch's chips without MetaTag's CLI — the NDEF URL template,
 * the SDM settings computed from it, and the key material with the inputs another tool derives the
 * same keys from — sealed under a passphrase the owner types. File format: docs/bureau-package.md.
 */
export const BUREAU_PACKAGE_FORMAT = 'metatag-bureau-package';
export const BUREAU_PACKAGE_AAD = 'metatag-bureau-package/1';
/** scrypt cost (OWASP's minimum for scrypt: N = 2^17, r = 8, p = 1; 128 MiB). */
export const BUREAU_PACKAGE_KDF = { name: 'scrypt', N: 2 ** 17, r: 8, p: 1, length: 32 } as const;
export const PASSPHRASE_MIN = 12;
export const PASSPHRASE_MAX = 1024;
/** The UID whose keys the package states as check values. */
export const CHECK_UID = '04010203040506';

/** SDM settings as a personalisation tool enters them (upper-case hex; offsets from NLEN's first byte). */
export function sdmSettingsJson(s: SdmSettings) {
  const byte = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  return {
    url: s.url,
    ndef: hex(s.ndef),
    fileNo: 2,
    fileOption: byte(s.fileOption),
    accessRights: hex(s.accessRights),
    sdmOptions: byte(s.sdmOptions),
    sdmAccessRights: hex(s.sdmAccessRights),
    uidOffset: s.uidOffset ?? null,
    readCtrOffset: s.readCtrOffset ?? null,
    piccDataOffset: s.piccDataOffset ?? null,
    ttStatusOffset: s.ttStatusOffset ?? null,
    macInputOffset: s.macInputOffset ?? null,
    encOffset: s.encOffset ?? null,
    encLength: s.encLength ?? null,
    macOffset: s.macOffset ?? null,
    changeFileSettings: hex(s.changeFileSettings),
    keys: { metaRead: KEY_NUMBERS.metaRead, fileRead: KEY_NUMBERS.fileRead, ctrRet: 'F' },
  };
}

export interface BureauBatch {
  id: string;
  name: string;
  nftId: number;
  scheme: 'an10922' | 'sdm-backend' | 'imported';
  mode: 'aes' | 'lrp' | 'plain';
  tagTamper: boolean;
  keyVersion: number;
  urlForm: BatchUrlForm | null;
}

export interface BureauKey {
  keyNo: number;
  role: string;
  /** an10922: the AN10922 input M in hex, `{UID}` standing for the chip's 7-byte UID; null otherwise */
  an10922Input: string | null;
}

/** The package's plaintext (JSON). */
export interface BureauPackage {
  format: typeof BUREAU_PACKAGE_FORMAT;
  version: 1;
  created: string;
  batch: Omit<BureauBatch, 'urlForm'>;
  url: BatchUrlForm | null;
  sdm: ReturnType<typeof sdmSettingsJson> | null;
  keys: {
    scheme: BureauBatch['scheme'];
    keyVersion: number;
    /** the batch's master (an10922, sdm-backend), hex; null for imported batches */
    masterKey: string | null;
    /** the common SDMMetaReadKey (key 1), hex */
    metaReadKey: string;
    derivation: string;
    applicationKeys: BureauKey[];
    /** keys 0..4 of CHECK_UID, hex, so another tool checks its derivation; null for imported batches */
    check: { uid: string; keys: string[] } | null;
  };
}

const ROLES = [
  'application master key (ChangeKey, ChangeFileSettings)',
  'SDMMetaReadKey (PICC data)',
  'SDMFileReadKey (MAC, file data)',
  'spare',
  'spare',
];

const DERIVATION: Record<BureauBatch['scheme'], string> = {
  an10922:
    'NXP AN10922 section 2.2, AES-128: key = CMAC-based diversification of masterKey with D = 01h ‖ M, padded 80h 00h.. to 32 bytes (K2 on the last block when M < 31 bytes); M per key in applicationKeys ("{UID}" = the 7-byte UID)',
  'sdm-backend':
    'nfc-developer/sdm-backend libsdm/derive.py (DERIVE_MODE=standard): key 1 = HMAC-SHA256(masterKey, "PICCDataKey")[0:16]; key k = derive_tag_key(masterKey, UID, k) = AES-CMAC(HMAC-SHA256(masterKey, "SlotMasterKey" ‖ k)[0:16], 01h ‖ HMAC-SHA256(HMAC-SHA256(masterKey, "DivBaseKey"), UID)[0:16])',
  imported:
    "imported: key 1 is the common metaReadKey below; key 2 is each chip's fileReadKey as uploaded; keys 0, 3 and 4 are the bureau's",
};

/** The package's plaintext for a batch and its current key material. */
export function bureauPackage(
  batch: BureauBatch,
  keys: { master: Buffer | null; metaReadKey: Buffer },
  now = new Date(),
): BureauPackage {
  const { urlForm, ...rest } = batch;
  const chipMode = batch.mode === 'lrp' ? 'lrp' : 'aes';
  const derived = batch.scheme !== 'imported' && keys.master;
  return {
    format: BUREAU_PACKAGE_FORMAT,
    version: 1,
    created: now.toISOString(),
    batch: rest,
    url: urlForm,
    // a {SERIAL} template's offsets are those of the sample serial (SERIAL_SAMPLE): the bureau writes
    // each chip's own serial and moves the later offsets by its length
    sdm: urlForm
      ? sdmSettingsJson(sdmSettings(withSampleSerial(urlForm), { mode: chipMode, tt: batch.tagTamper }))
      : null,
    keys: {
      scheme: batch.scheme,
      keyVersion: batch.keyVersion,
      masterKey: derived ? hex(keys.master!) : null,
      metaReadKey: hex(keys.metaReadKey),
      derivation: DERIVATION[batch.scheme],
      applicationKeys: ROLES.map((role, keyNo) => ({
        keyNo,
        role,
        an10922Input:
          batch.scheme === 'an10922'
            ? hex(batchAn10922Input(CHECK_UID, keyNo)).replace(CHECK_UID, '{UID}')
            : null,
      })),
      check: derived
        ? {
            uid: CHECK_UID,
            keys: batchApplicationKeys(keys.master!, CHECK_UID, batch.scheme as BatchDerivedScheme).map(hex),
          }
        : null,
    },
  };
}

/** The package file: the plaintext JSON sealed with AES-256-GCM under a key scrypt derives from the passphrase. */
export interface BureauPackageFile {
  format: typeof BUREAU_PACKAGE_FORMAT;
  version: 1;
  batch: string;
  /** a clear copy of the package's URL form and SDM settings (not secret), to read without the passphrase */
  settings: { url: BatchUrlForm | null; sdm: BureauPackage['sdm'] };
  kdf: { name: 'scrypt'; N: number; r: number; p: number; length: number; salt: string };
  cipher: { name: 'AES-256-GCM'; iv: string; aad: string };
  /** base64 of ciphertext ‖ 16-byte GCM tag */
  ciphertext: string;
}

export class PassphraseError extends Error {}

/** A passphrase as typed: NFC-normalised UTF-8, 12 to 1024 characters. */
export function passphraseProblem(passphrase: string): string | undefined {
  const length = [...passphrase.normalize('NFC')].length;
  if (length < PASSPHRASE_MIN) return `The passphrase needs at least ${PASSPHRASE_MIN} characters`;
  if (length > PASSPHRASE_MAX) return `The passphrase has at most ${PASSPHRASE_MAX} characters`;
  return undefined;
}

function kdf(passphrase: string, salt: Buffer, p: BureauPackageFile['kdf']): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      Buffer.from(passphrase.normalize('NFC'), 'utf8'),
      salt,
      p.length,
      { N: p.N, r: p.r, p: p.p, maxmem: 256 * p.N * p.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

export async function sealBureauPackage(
  plain: BureauPackage,
  passphrase: string,
): Promise<BureauPackageFile> {
  const problem = passphraseProblem(passphrase);
  if (problem) throw new PassphraseError(problem);
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const kdfParams = { ...BUREAU_PACKAGE_KDF, salt: salt.toString('base64') };
  const key = await kdf(passphrase, salt, kdfParams);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(BUREAU_PACKAGE_AAD, 'utf8'));
  const body = Buffer.concat([
    cipher.update(JSON.stringify(plain), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  key.fill(0);
  return {
    format: BUREAU_PACKAGE_FORMAT,
    version: 1,
    batch: plain.batch.id,
    settings: { url: plain.url, sdm: plain.sdm },
    kdf: kdfParams,
    cipher: { name: 'AES-256-GCM', iv: iv.toString('base64'), aad: BUREAU_PACKAGE_AAD },
    ciphertext: body.toString('base64'),
  };
}

/** Opens a package file; a wrong passphrase or a changed byte throws PassphraseError. */
export async function openBureauPackage(file: BureauPackageFile, passphrase: string): Promise<BureauPackage> {
  if (file.format !== BUREAU_PACKAGE_FORMAT || file.version !== 1 || file.kdf?.name !== 'scrypt')
    throw new PassphraseError('not a MetaTag bureau package (version 1)');
  if (file.kdf.N > 2 ** 20 || file.kdf.r > 16 || file.kdf.p > 4)
    throw new PassphraseError('the package asks for more scrypt work than a package of ours does');
  const key = await kdf(passphrase, Buffer.from(file.kdf.salt, 'base64'), file.kdf);
  const body = Buffer.from(file.ciphertext, 'base64');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(file.cipher.iv, 'base64'));
    decipher.setAAD(Buffer.from(file.cipher.aad, 'utf8'));
    decipher.setAuthTag(body.subarray(body.length - 16));
    const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as BureauPackage;
  } catch {
    throw new PassphraseError('wrong passphrase, or the package was changed');
  } finally {
    key.fill(0);
  }
}
