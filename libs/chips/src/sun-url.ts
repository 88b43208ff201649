import { simulateMac, simulateSunParts, type ChipKeys, type SunMessage, type SunSimulation } from './sun.js';

/**
 * The URL layouts chips are programmed with (../shared/chips/README.md), all read from the query
 * string of `/tag/{id}`:
 * - `auth`:  `?auth={PICCENC}[{ENCFILEDATA}]{CMAC}` (MetaTag's own; the length tells AES from LRP)
 * - `e`:     `?e={PICCENC}[{ENCFILEDATA}]{CMAC}` (the same, under sdm-backend's one-parameter name)
 * - `picc`:  `?picc_data={PICCENC}[&enc={ENCFILEDATA}]&cmac={CMAC}`
 * - `plain`: `?uid={UID}&ctr={COUNTER}&cmac={CMAC}` (plain mirroring)
 * - `boltcard`: `?p={PICCENC}&c={CMAC}` (boltcard's lnurlw; MAC over nothing)
 * - `nxp`: `?e={PICCENC}&c={CMAC}` (NXP AN12196's example URL; MAC over nothing)
 */
export const SUN_LAYOUTS = ['auth', 'e', 'picc', 'plain', 'boltcard', 'nxp'] as const;
export type SunLayout = (typeof SUN_LAYOUTS)[number];

export type ParsedSun = SunMessage & { layout: SunLayout };

/** The longest query a tap can have: an NTAG 424 DNA's NDEF file holds 256 bytes. */
export const MAX_SUN_QUERY = 1024;

const HEX = /^[0-9A-Fa-f]*$/;

interface Param {
  value: string;
  /** Offset of the value's first character in the query text. */
  start: number;
}

/** Splits a raw query (no decoding: the chip writes hex, `&` and `=` only) and keeps each value's offset. */
function params(query: string): Map<string, Param> | undefined {
  const out = new Map<string, Param>();
  let at = 0;
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? part : part.slice(0, eq);
    if (out.has(name)) return undefined; // a repeated parameter is ambiguous: refused
    out.set(name, { value: eq < 0 ? '' : part.slice(eq + 1), start: at + (eq < 0 ? part.length : eq + 1) });
    at += part.length + 1;
  }
  return out;
}

const hexBytes = (value: string, lengths?: number[]): Buffer | undefined => {
  if (value.length % 2 !== 0 || !HEX.test(value)) return undefined;
  if (lengths && !lengths.includes(value.length / 2)) return undefined;
  return Buffer.from(value, 'hex');
};

/**
 * One parameter holding PICCENC ‖ ENCFILEDATA ‖ CMAC: AES has 16 bytes of PICC data, LRP 24 (PICCRand
 * and the ciphertext), file data comes in whole 16-byte blocks, so the length tells the mode. The MAC
 * input is the file data's text as it stands in the URL (SDMMACInputOffset at the file data).
 */
function bulk(param: Param): SunMessage | undefined {
  const bytes = hexBytes(param.value);
  if (!bytes || bytes.length < 24) return undefined;
  const lrp = (bytes.length - 8) % 16 === 8;
  if (!lrp && (bytes.length - 8) % 16 !== 0) return undefined;
  const piccLength = lrp ? 24 : 16;
  const encEnd = bytes.length - 8;
  return {
    mode: lrp ? 'lrp' : 'aes',
    piccEnc: bytes.subarray(0, piccLength),
    encFileData: encEnd > piccLength ? bytes.subarray(piccLength, encEnd) : undefined,
    mac: bytes.subarray(encEnd),
    macInput: Buffer.from(param.value.slice(piccLength * 2, encEnd * 2), 'ascii'),
  };
}

/**
 * A tap's SUN message from the query string the page was opened with (with or without its `?`);
 * undefined when it is none of the layouts or malformed. With separate parameters and file data the
 * MAC input is the exact URL text from the `enc` value up to the `cmac` value (AN12196), so the query
 * must be the one the chip wrote, byte for byte.
 */
export function parseSunQuery(raw: string): ParsedSun | undefined {
  if (raw.length > MAX_SUN_QUERY) return undefined;
  const query = raw.startsWith('?') ? raw.slice(1) : raw;
  const found = params(query);
  if (!found) return undefined;
  const auth = found.get('auth');
  const e = found.get('e');
  const picc = found.get('picc_data');
  const cmac = found.get('cmac');
  const p = found.get('p');
  const c = found.get('c');
  if (c && (p || e) && !auth && !picc && !cmac && !(p && e)) {
    // boltcard (`p`, `c`) and NXP AN12196's example (`e`, `c`): PICC data and a MAC over nothing
    const piccEnc = hexBytes((p ?? e)!.value, [16, 24]);
    const mac = hexBytes(c.value, [8]);
    if (!piccEnc || !mac || found.size !== 2) return undefined;
    return {
      layout: p ? 'boltcard' : 'nxp',
      mode: piccEnc.length === 24 ? 'lrp' : 'aes',
      piccEnc,
      mac,
      macInput: Buffer.alloc(0),
    };
  }
  if ([auth, e, picc].filter(Boolean).length > 1) return undefined;
  if (auth || e) {
    const message = bulk((auth ?? e)!);
    return message && { ...message, layout: auth ? 'auth' : 'e' };
  }
  if (!cmac) return undefined;
  const mac = hexBytes(cmac.value, [8]);
  if (!mac) return undefined;
  if (picc) {
    const piccEnc = hexBytes(picc.value, [16, 24]);
    const enc = found.get('enc');
    if (!piccEnc) return undefined;
    let encFileData: Buffer | undefined;
    let macInput = Buffer.alloc(0);
    if (enc) {
      encFileData = hexBytes(enc.value);
      if (!encFileData || encFileData.length === 0 || encFileData.length % 16 !== 0) return undefined;
      if (enc.start > cmac.start) return undefined; // the MAC input never starts after the MAC
      macInput = Buffer.from(query.slice(enc.start, cmac.start), 'ascii');
    }
    return {
      layout: 'picc',
      mode: piccEnc.length === 24 ? 'lrp' : 'aes',
      piccEnc,
      encFileData,
      mac,
      macInput,
    };
  }
  const uid = found.get('uid');
  const ctr = found.get('ctr');
  if (!uid || !ctr) return undefined;
  const uidBytes = hexBytes(uid.value, [7]);
  const ctrBytes = hexBytes(ctr.value, [3]);
  if (!uidBytes || !ctrBytes) return undefined;
  return {
    layout: 'plain',
    mode: 'plain',
    plain: { uid: uidBytes.toString('hex').toUpperCase(), readCounter: ctrBytes.readUIntBE(0, 3) },
    mac,
    macInput: Buffer.alloc(0),
  };
}

const hex = (b: Buffer) => b.toString('hex').toUpperCase();

/**
 * A simulated tap as the query string a chip configured for `layout` writes (no `?`), its MAC over
 * exactly the text the chip would MAC. Plain mirroring goes with the `plain` layout only.
 */
export function simulateTapQuery(
  keys: ChipKeys,
  sim: SunSimulation,
  layout: SunLayout = 'auth',
  options: { plainMac?: 'aes' | 'lrp'; random?: (n: number) => Buffer } = {},
): string {
  const mode = sim.mode ?? 'aes';
  if ((layout === 'plain') !== (mode === 'plain'))
    throw new Error('plain mirroring goes with the plain layout');
  const parts = simulateSunParts(keys, sim, options.random);
  const mac = (input: string) => hex(simulateMac(keys, parts, Buffer.from(input, 'ascii'), options.plainMac));
  if (layout === 'boltcard' || layout === 'nxp') {
    if (parts.encFileData) throw new Error(`the ${layout} layout carries no file data`);
    return `${layout === 'boltcard' ? 'p' : 'e'}=${hex(parts.piccEnc!)}&c=${mac('')}`;
  }
  if (layout === 'plain') {
    const ctr = Buffer.alloc(3);
    ctr.writeUIntBE(parts.picc.readCounter, 0, 3);
    return `uid=${parts.picc.uid}&ctr=${hex(ctr)}&cmac=${mac('')}`;
  }
  const picc = hex(parts.piccEnc!);
  const enc = parts.encFileData ? hex(parts.encFileData) : '';
  if (layout === 'picc') {
    const macInput = enc ? `${enc}&cmac=` : '';
    return `picc_data=${picc}${enc ? `&enc=${enc}` : ''}&cmac=${mac(macInput)}`;
  }
  return `${layout}=${picc}${enc}${mac(enc)}`;
}
