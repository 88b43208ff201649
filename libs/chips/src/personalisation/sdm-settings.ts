import type { BatchUrlForm, SdmPlaceholder } from '../url-form.js';
import { ndefFile, URL_TEXT_OFFSET } from './ndef.js';

/**
 * From a batch's URL form to what a personalisation tool writes (NT4H2421Gx section 10.7.1,
 * ChangeFileSettings; AN12196 sections 3 and 5.9): the NDEF file with every placeholder as zeros the
 * chip later overwrites, the SDM offsets into that file, and the command data of ChangeFileSettings.
 */
export interface SdmKeys {
  /** key that decrypts {PICC} (SDMMetaRead); 0..4 */
  metaRead: number;
  /** key of the MAC and of {ENC} (SDMFileRead); 0..4 */
  fileRead: number;
  /** key for GetFileCounters (SDMCtrRet); 0..4, 0xE free, 0xF denied */
  ctrRet: number;
}

export interface SdmOptions {
  mode: 'aes' | 'lrp';
  /** NTAG 424 DNA TT: mirror the TagTamper status ({TT}) */
  tt?: boolean;
  keys?: Partial<SdmKeys>;
}

export interface SdmSettings {
  /** the NDEF file data (NLEN ‖ record) to write at offset 0 of file 02 */
  ndef: Buffer;
  /** the URL with every placeholder as the zeros written */
  url: string;
  fileOption: number;
  /** AccessRights, 2 bytes as sent: (RW << 4 | Change), (Read << 4 | Write) */
  accessRights: Buffer;
  sdmOptions: number;
  /** SDMAccessRights, 2 bytes as sent: (F << 4 | CtrRet), (MetaRead << 4 | FileRead) */
  sdmAccessRights: Buffer;
  uidOffset?: number;
  readCtrOffset?: number;
  piccDataOffset?: number;
  ttStatusOffset?: number;
  macInputOffset?: number;
  encOffset?: number;
  /** SDMENCLength: characters of {ENC} in the file (twice the plaintext bytes) */
  encLength?: number;
  macOffset?: number;
  /** ChangeFileSettings' data after the file number (AN12196 Table 18 step 7) */
  changeFileSettings: Buffer;
}

const LENGTHS: Record<Exclude<SdmPlaceholder, 'ENC' | 'PICC'>, number> = { UID: 14, CTR: 6, TT: 2, MAC: 16 };
const PLACEHOLDER = /\{([A-Z]+)\}/g;
/** NDEF file 02's access rights as NXP ships them and AN12196 keeps: read free (E), write/RW/change key 0. */
const ACCESS_RIGHTS = Buffer.from('00e0', 'hex');
const KEY = (n: number) => Number.isInteger(n) && n >= 0 && n <= 4;

const le3 = (n: number) => Buffer.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff);

/** The serial a `{SERIAL}` template's settings are computed with: each character more shifts later offsets by one. */
export const SERIAL_SAMPLE = 'SERIAL01';

/**
 * A GS1 serial is each chip's own text, not an SDM mirror: SDM settings are computed for a sample serial
 * (the batch page and the bureau package say so). Other templates are returned as they are.
 */
export function withSampleSerial(form: BatchUrlForm): BatchUrlForm {
  return { ...form, template: form.template.replace('{SERIAL}', SERIAL_SAMPLE) };
}

export function sdmSettings(form: BatchUrlForm, options: SdmOptions): SdmSettings {
  const keys: SdmKeys = { metaRead: 1, fileRead: 2, ctrRet: 0xf, ...options.keys };
  if (!KEY(keys.metaRead) || !KEY(keys.fileRead)) throw new Error('SDM keys are key numbers 0..4');
  if (!KEY(keys.ctrRet) && keys.ctrRet !== 0xe && keys.ctrRet !== 0xf)
    throw new Error('SDMCtrRet is 0..4, E or F');
  const encBytes = form.encLength ?? 0;
  if (!Number.isInteger(encBytes) || encBytes < 0 || encBytes % 16 !== 0)
    throw new Error('encLength is a multiple of 16 bytes');

  // fill each placeholder with the zeros the chip overwrites, noting where it lands in the URL
  const at: Partial<Record<SdmPlaceholder, number>> = {};
  let url = '';
  let last = 0;
  for (const match of form.template.matchAll(PLACEHOLDER)) {
    const name = match[1] as SdmPlaceholder;
    const length =
      name === 'PICC'
        ? options.mode === 'lrp'
          ? 48
          : 32
        : name === 'ENC'
          ? 2 * encBytes
          : LENGTHS[name as keyof typeof LENGTHS];
    if (length === undefined)
      throw new Error(`unknown placeholder {${match[1]}} (known: PICC UID CTR ENC TT MAC)`);
    if (at[name] !== undefined) throw new Error(`{${name}} appears twice`);
    url += form.template.slice(last, match.index);
    at[name] = url.length;
    url += '0'.repeat(length);
    last = match.index! + match[0].length;
  }
  url += form.template.slice(last);
  if (/[{}]/.test(url)) throw new Error('unbalanced braces in the URL template');

  const ndef = ndefFile(url);
  const urlTextStart = url.length - (ndef.length - URL_TEXT_OFFSET);
  const offset = (name: SdmPlaceholder) =>
    at[name] === undefined ? undefined : URL_TEXT_OFFSET + at[name]! - urlTextStart;
  if (Object.values(at).some((i) => i! < urlTextStart))
    throw new Error('a placeholder sits inside the URI prefix');

  const picc = offset('PICC');
  const mac = offset('MAC');
  const enc = offset('ENC');
  const tt = offset('TT');
  if (options.tt && tt === undefined) throw new Error('--tt needs a {TT} placeholder in the URL template');
  if (picc !== undefined && (offset('UID') !== undefined || offset('CTR') !== undefined))
    throw new Error('{PICC} carries UID and counter encrypted: {UID}/{CTR} are for plain mirroring only');
  if (picc === undefined && offset('UID') === undefined)
    throw new Error('the template needs {PICC} (or {UID} for plain mirroring)');
  if (mac === undefined) throw new Error('the template needs {MAC}');
  if (enc !== undefined && (picc === undefined || encBytes === 0))
    throw new Error('{ENC} needs {PICC} and encLength');
  if (enc === undefined && encBytes) throw new Error('encLength is set but the template has no {ENC}');

  const macInputOffset =
    form.macInputFrom === 'MAC'
      ? mac
      : form.macInputFrom === 'URL'
        ? URL_TEXT_OFFSET
        : offset(form.macInputFrom);
  if (macInputOffset === undefined)
    throw new Error(`the MAC input starts at {${form.macInputFrom}}, which the template lacks`);
  if (macInputOffset > mac) throw new Error('the MAC input must start before {MAC}');
  if (enc !== undefined && (enc < macInputOffset || enc + 2 * encBytes > mac))
    throw new Error('{ENC} must lie inside the MAC input (between its start and {MAC})');

  const plain = picc === undefined;
  const sdmOptions =
    0x80 | // UID mirror
    0x40 | // SDMReadCtr mirror
    (enc !== undefined ? 0x10 : 0) | // SDMENCFileData
    (tt !== undefined ? 0x08 : 0) | // TagTamper status mirror (NTAG 424 DNA TT)
    0x01; // ASCII encoding
  const metaRead = plain ? 0xe : keys.metaRead;
  const sdmAccessRights = Buffer.of(0xf0 | keys.ctrRet, (metaRead << 4) | keys.fileRead);
  const fileOption = 0x40; // SDM enabled, CommMode.Plain (a phone reads it without a key)

  const parts: Buffer[] = [Buffer.of(fileOption), ACCESS_RIGHTS, Buffer.of(sdmOptions), sdmAccessRights];
  const uidOffset = plain ? offset('UID') : undefined;
  const readCtrOffset = plain ? offset('CTR') : undefined;
  if (plain && readCtrOffset === undefined)
    throw new Error('plain mirroring needs {CTR} (the counter keeps taps fresh)');
  if (plain) parts.push(le3(uidOffset!), le3(readCtrOffset!));
  else parts.push(le3(picc));
  if (tt !== undefined) parts.push(le3(tt));
  parts.push(le3(macInputOffset));
  if (enc !== undefined) parts.push(le3(enc), le3(2 * encBytes));
  parts.push(le3(mac));

  return {
    ndef,
    url,
    fileOption,
    accessRights: Buffer.from(ACCESS_RIGHTS),
    sdmOptions,
    sdmAccessRights,
    uidOffset,
    readCtrOffset,
    piccDataOffset: picc,
    ttStatusOffset: tt,
    macInputOffset,
    encOffset: enc,
    encLength: enc === undefined ? undefined : 2 * encBytes,
    macOffset: mac,
    changeFileSettings: Buffer.concat(parts),
  };
}

/** SDM file settings as the chip keeps them, read back from ChangeFileSettings' data (and GetFileSettings). */
export interface ParsedFileSettings {
  fileOption: number;
  accessRights: Buffer;
  sdm?: {
    options: number;
    ctrRet: number;
    metaRead: number;
    fileRead: number;
    uidOffset?: number;
    readCtrOffset?: number;
    piccDataOffset?: number;
    ttStatusOffset?: number;
    macInputOffset?: number;
    encOffset?: number;
    encLength?: number;
    macOffset?: number;
  };
}

/** Parses ChangeFileSettings' data (after the file number); undefined when it is malformed. */
export function parseFileSettings(data: Buffer): ParsedFileSettings | undefined {
  if (data.length < 3) return undefined;
  const fileOption = data[0];
  const accessRights = data.subarray(1, 3);
  if (!(fileOption & 0x40)) return data.length === 3 ? { fileOption, accessRights } : undefined;
  if (data.length < 6) return undefined;
  const options = data[3];
  const ctrRet = data[4] & 0x0f;
  const metaRead = data[5] >> 4;
  const fileRead = data[5] & 0x0f;
  let at = 6;
  const next = () => {
    if (at + 3 > data.length) throw new RangeError();
    const v = data.readUIntLE(at, 3);
    at += 3;
    return v;
  };
  try {
    const sdm: NonNullable<ParsedFileSettings['sdm']> = { options, ctrRet, metaRead, fileRead };
    if (metaRead === 0xe) {
      if (options & 0x80) sdm.uidOffset = next();
      if (options & 0x40) sdm.readCtrOffset = next();
    } else if (metaRead <= 4) sdm.piccDataOffset = next();
    if (options & 0x08) sdm.ttStatusOffset = next();
    if (fileRead !== 0xf) {
      sdm.macInputOffset = next();
      if (options & 0x10) {
        sdm.encOffset = next();
        sdm.encLength = next();
      }
      sdm.macOffset = next();
    }
    if (options & 0x20) next(); // SDMReadCtrLimit: parsed, not used
    return at === data.length ? { fileOption, accessRights, sdm } : undefined;
  } catch {
    return undefined;
  }
}
