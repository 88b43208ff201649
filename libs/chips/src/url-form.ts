// libs/chips/src/url-form.ts
/** The SUN placeholders a chip fills into its NDEF URL, as written in a batch's URL template. */
export type SdmPlaceholder = 'PICC' | 'UID' | 'CTR' | 'ENC' | 'TT' | 'MAC';
/** A batch's URL form: the NDEF URL template with {PICC} {UID} {CTR} {ENC} {TT} {MAC} placeholders,
 * and where the chip's MAC input (SDMMACInputOffset) starts. */
export interface BatchUrlForm {
  /** e.g. 'https://brand.example/tag?picc_data={PICC}&enc={ENC}&cmac={MAC}' or 'https://x.example/{PICC}/{ENC}/{MAC}' */
  template: string;
  /** 'MAC': empty MAC input (offset = MAC offset); 'URL': from the first byte of the URL text after the
   * NDEF URI prefix byte; otherwise from the named placeholder's first character. */
  macInputFrom: 'MAC' | 'ENC' | 'PICC' | 'UID' | 'URL';
  /** plaintext bytes of file data the chip encrypts into {ENC} (a multiple of 16) */
  encLength?: number;
}

import { gs1PathProblem, parseGs1DigitalLink, type Gs1DigitalLink } from './gs1-digital-link.js';
import { simulateMac, simulateSunParts, type ChipKeys, type SunMessage, type SunSimulation } from './sun.js';

/**
 * Not a SUN mirror: a GS1 Digital Link serial (`/01/{GTIN}/21/{SERIAL}`) written as each chip's own
 * text when it is personalised. The batch's one template covers every chip; the chip is still found
 * from the UID in its PICC data, the serial is read (GS1's SDK) and recorded with the scan.
 */
export const SERIAL = 'SERIAL';
type FormPlaceholder = SdmPlaceholder | typeof SERIAL;

export const SDM_PLACEHOLDERS: readonly SdmPlaceholder[] = ['PICC', 'UID', 'CTR', 'ENC', 'TT', 'MAC'];
export const MAC_INPUT_FROM: readonly BatchUrlForm['macInputFrom'][] = ['MAC', 'ENC', 'PICC', 'UID', 'URL'];

/**
 * NFC Forum URI record prefixes (URI RTD, table 3) a URL template may start with: the chip stores the
 * prefix as one byte and the rest as text, so an SDMMACInputOffset "at the URL" starts after it. The
 * longest matching prefix is the one writers use.
 */
const NDEF_URI_PREFIXES = ['https://www.', 'http://www.', 'https://', 'http://'] as const;

/** The URL text a chip stores after its NDEF URI prefix byte (what offsets count from). */
export function ndefUrlText(url: string): string {
  // lower-cased once, not per prefix: the batch tap path calls this for every candidate batch
  const lower = url.slice(0, 40).toLowerCase();
  const prefix = NDEF_URI_PREFIXES.find((p) => lower.startsWith(p));
  return prefix ? url.slice(prefix.length) : url;
}

/** The URL forms chips carry today, with the parameter names their verifiers read (issue #26 item 3). */
export const READY_FORMS = {
  /** MetaTag's own: one parameter, PICC data ‖ file data ‖ MAC, MAC over the file data text. */
  metatag: { query: 'auth={PICC}{ENC}{MAC}', macInputFrom: 'ENC' },
  /** nfc-developer/sdm-backend `/tag` (and AN12196 section 3.4/3.5's examples). */
  'sdm-backend': { query: 'picc_data={PICC}&enc={ENC}&cmac={MAC}', macInputFrom: 'ENC' },
  /** sdm-backend's one-parameter form (`/tag?e=`). */
  'sdm-backend-e': { query: 'e={PICC}{ENC}{MAC}', macInputFrom: 'ENC' },
  /** boltcard (lnurlw): `p` the PICC data under K1, `c` the MAC under K2 over nothing. */
  boltcard: { query: 'p={PICC}&c={MAC}', macInputFrom: 'MAC' },
  /** NXP AN12196's example URL: `e` the PICC data, `c` the MAC over nothing. */
  nxp: { query: 'e={PICC}&c={MAC}', macInputFrom: 'MAC' },
  /** Plain mirroring (sdm-backend's test_plain_sdm). */
  plain: { query: 'uid={UID}&ctr={CTR}&cmac={MAC}', macInputFrom: 'MAC' },
} as const satisfies Record<string, { query: string; macInputFrom: BatchUrlForm['macInputFrom'] }>;
export type ReadyFormName = keyof typeof READY_FORMS;
export const READY_FORM_NAMES = Object.keys(READY_FORMS) as ReadyFormName[];

/** A ready form on a base URL (`https://brand.example/tag`): `base?query`. */
export function readyForm(
  name: ReadyFormName,
  base: string,
  withEnc = false,
  encLength?: number,
): BatchUrlForm {
  const ready = READY_FORMS[name];
  let query: string = ready.query;
  if (!withEnc) query = query.replace('&enc={ENC}', '').replace('{ENC}', '');
  const macInputFrom = !withEnc && ready.macInputFrom === 'ENC' ? 'MAC' : ready.macInputFrom;
  return { template: `${base}?${query}`, macInputFrom, ...(withEnc && encLength ? { encLength } : {}) };
}

/** The path form: the SUN values as path segments, `base/{PICC}/{ENC}/{MAC}` (ENC optional). */
export function pathForm(base: string, withEnc = false, encLength?: number): BatchUrlForm {
  return {
    template: `${base}/{PICC}${withEnc ? '/{ENC}' : ''}/{MAC}`,
    macInputFrom: withEnc ? 'ENC' : 'MAC',
    ...(withEnc && encLength ? { encLength } : {}),
  };
}

/** Which AES/LRP/plain message a template can carry, and why a form is not one a chip can write. */
export function formProblem(form: BatchUrlForm): string | undefined {
  const found = [...form.template.matchAll(/\{([A-Z]+)\}/g)].map((m) => m[1]);
  for (const name of found)
    if (!SDM_PLACEHOLDERS.includes(name as SdmPlaceholder) && name !== SERIAL)
      return `Unknown placeholder {${name}}`;
  const gs1 = gs1TemplateProblem(form.template, found.filter((f) => f === SERIAL).length);
  if (gs1) return gs1;
  const count = (p: SdmPlaceholder) => found.filter((f) => f === p).length;
  for (const p of SDM_PLACEHOLDERS) if (count(p) > 1) return `{${p}} appears more than once`;
  if (count('MAC') !== 1) return 'The template needs {MAC}';
  if (count('PICC') === 0 && (count('UID') === 0 || count('CTR') === 0))
    return 'The template needs {PICC}, or {UID} and {CTR} for plain mirroring';
  if (count('PICC') === 1 && (count('UID') || count('CTR'))) return '{PICC} goes without {UID} and {CTR}';
  if (count('ENC') && count('PICC') === 0) return '{ENC} needs {PICC}';
  if (!/^https?:\/\/[^/?#{}]+/i.test(form.template))
    return 'The template starts with http:// or https:// and a host name';
  const at = (p: string) => form.template.indexOf(`{${p}}`);
  if (form.macInputFrom !== 'MAC' && form.macInputFrom !== 'URL') {
    if (at(form.macInputFrom) < 0)
      return `The MAC input starts at {${form.macInputFrom}}, which the template lacks`;
    if (at(form.macInputFrom) > at('MAC')) return 'The MAC input must start before {MAC}';
  }
  if (form.encLength !== undefined) {
    if (!count('ENC')) return 'encLength goes with {ENC}';
    if (!Number.isInteger(form.encLength) || form.encLength <= 0 || form.encLength % 16 !== 0)
      return 'encLength is a multiple of 16 bytes';
  }
  if (form.template.length > 250) return 'The template is longer than an NTAG 424 DNA NDEF file holds';
  return undefined;
}

/** The path of a template (after its origin, before its query). */
function templatePath(template: string): string {
  return template.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i, '').split('?')[0];
}

/**
 * A template's GS1 Digital Link path: its GTIN's check digit and qualifiers (GS1's SDK), with
 * `{SERIAL}` only as the serial's value (`/21/{SERIAL}`), once.
 */
function gs1TemplateProblem(template: string, serials: number): string | undefined {
  const path = templatePath(template);
  if (serials > 1) return '{SERIAL} appears more than once';
  if (serials === 1 && !path.includes('/21/{SERIAL}'))
    return '{SERIAL} goes in a GS1 Digital Link path as the serial: /01/{GTIN}/21/{SERIAL}';
  // a serial of GS1 set 82 stands in for {SERIAL}: the rest of the path must be a Digital Link
  const sample = path.replace('{SERIAL}', 'S1');
  const problem = gs1PathProblem(sample);
  if (problem) return problem;
  if (serials === 1 && !parseGs1DigitalLink(sample))
    return '{SERIAL} goes in a GS1 Digital Link path as the serial: /01/{GTIN}/21/{SERIAL}';
  return undefined;
}

/** The mode a batch pins: AES or LRP PICC data (16 or 24 bytes), or plain mirroring. */
export type FormMode = 'aes' | 'lrp' | 'plain';

const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function placeholderPattern(p: FormPlaceholder, mode: FormMode, encLength?: number): string {
  switch (p) {
    case 'SERIAL':
      // one path segment (GS1 set 82 percent-encoded: up to 3 characters each); GS1's SDK judges it
      return '[0-9A-Za-z!%&\'()*+,\\-.:;<=>_"]{1,60}';
    case 'PICC':
      return `[0-9A-Fa-f]{${mode === 'lrp' ? 48 : 32}}`;
    case 'UID':
      return '[0-9A-Fa-f]{14}';
    case 'CTR':
      return '[0-9A-Fa-f]{6}';
    case 'ENC':
      return encLength ? `[0-9A-Fa-f]{${encLength * 2}}` : '(?:[0-9A-Fa-f]{32})+';
    case 'TT':
      return '[A-Za-z]{2}';
    case 'MAC':
      return '[0-9A-Fa-f]{16}';
  }
}

interface CompiledForm {
  regex: RegExp;
  order: FormPlaceholder[];
  /** the template's path is a GS1 Digital Link: a tap's path is read with GS1's SDK */
  gs1: boolean;
  template: string;
  encLength: number | undefined;
}
const compiled = new Map<string, CompiledForm>();
/**
 * The same, by form object: the batch tap path reads every tap with the same cached form objects, and
 * building the string key (a whole template) per tap showed in its profile.
 */
const compiledByForm = new WeakMap<BatchUrlForm, Partial<Record<FormMode, CompiledForm>>>();

/** The template (after its NDEF prefix) as an anchored expression, one capture per placeholder. */
function compile(form: BatchUrlForm, mode: FormMode): CompiledForm {
  let byMode = compiledByForm.get(form);
  const known = byMode?.[mode];
  // a form object changed after its first use (callers should not) is compiled again
  if (known && known.template === form.template && known.encLength === form.encLength) return known;
  if (!byMode) compiledByForm.set(form, (byMode = {}));
  byMode[mode] = compileByText(form, mode);
  return byMode[mode];
}

function compileByText(form: BatchUrlForm, mode: FormMode): CompiledForm {
  const key = `${mode}\n${form.encLength ?? ''}\n${form.template}`;
  let found = compiled.get(key);
  if (found) return found;
  const text = ndefUrlText(form.template);
  const order: FormPlaceholder[] = [];
  let source = '^';
  let last = 0;
  for (const m of text.matchAll(/\{(PICC|UID|CTR|ENC|TT|MAC|SERIAL)\}/g)) {
    source += escapeRe(text.slice(last, m.index));
    source += `(${placeholderPattern(m[1] as FormPlaceholder, mode, form.encLength)})`;
    order.push(m[1] as FormPlaceholder);
    last = m.index + m[0].length;
  }
  source += `${escapeRe(text.slice(last))}$`;
  found = {
    regex: new RegExp(source, 'd'),
    order,
    gs1: parseGs1DigitalLink(templatePath(form.template).replace('{SERIAL}', 'S1')) !== undefined,
    template: form.template,
    encLength: form.encLength,
  };
  if (compiled.size > 10_000) compiled.clear();
  compiled.set(key, found);
  return found;
}

/** A tap read through a batch's URL form. */
export interface FormTap {
  message: SunMessage;
  /** The two TagTamper status letters the chip mirrored (permanent, then current), when the form has {TT}. */
  tamper: string | null;
  /** Where each placeholder's value starts in the URL text (after the NDEF prefix). */
  offsets: Partial<Record<SdmPlaceholder, number>>;
  /** The URL text after the NDEF prefix: what the MAC-input offsets count in. */
  urlText: string;
  /** The tap's GS1 Digital Link (GTIN, serial…) when the form's path is one, else null. */
  gs1: Gs1DigitalLink | null;
}

const MAX_URL = 2048;

/**
 * Takes a tap URL apart with a batch's form: `url` is the full URL as the chip wrote it (the server
 * builds it from the template's own origin and the request's path and query, never from headers).
 * The MAC input is the URL text from the form's SDMMACInputOffset up to the MAC. Undefined when the
 * URL is not in this form (or not in this mode).
 */
export function parseFormTap(form: BatchUrlForm, url: string, mode: FormMode): FormTap | undefined {
  if (url.length > MAX_URL) return undefined;
  const { regex, order, gs1: isGs1 } = compile(form, mode);
  const urlText = ndefUrlText(url);
  const m = regex.exec(urlText);
  if (!m?.indices) return undefined;
  const values: Partial<Record<SdmPlaceholder, string>> = {};
  const offsets: Partial<Record<SdmPlaceholder, number>> = {};
  order.forEach((p, i) => {
    if (p === SERIAL) return;
    values[p] = m[i + 1];
    offsets[p] = m.indices![i + 1][0];
  });
  // the serial (and the rest of the GS1 path) as GS1's SDK reads it: a serial outside the standard is no tap of this form
  const gs1 = isGs1 ? (parseGs1DigitalLink(urlText.slice(urlText.indexOf('/'))) ?? null) : null;
  if (isGs1 && !gs1) return undefined;
  const macAt = offsets.MAC!;
  const from = form.macInputFrom;
  const start = from === 'MAC' ? macAt : from === 'URL' ? 0 : (offsets[from] ?? macAt);
  const macInput = Buffer.from(urlText.slice(start, macAt), 'ascii');
  const mac = Buffer.from(values.MAC!, 'hex');
  const encFileData = values.ENC ? Buffer.from(values.ENC, 'hex') : undefined;
  const tamper = values.TT ? values.TT.toUpperCase() : null;
  let message: SunMessage;
  if (values.PICC) {
    if (mode === 'plain') return undefined;
    message = { mode, piccEnc: Buffer.from(values.PICC, 'hex'), encFileData, mac, macInput };
  } else {
    if (mode !== 'plain' || !values.UID || !values.CTR) return undefined;
    message = {
      mode: 'plain',
      plain: { uid: values.UID.toUpperCase(), readCounter: Buffer.from(values.CTR, 'hex').readUIntBE(0, 3) },
      mac,
      macInput,
    };
  }
  return { message, tamper, offsets, urlText, gs1 };
}

/** Whether a URL could be a tap of this form in some mode (its path and names match). */
export function formMatches(form: BatchUrlForm, url: string): FormMode | undefined {
  for (const mode of ['aes', 'lrp', 'plain'] as const) if (parseFormTap(form, url, mode)) return mode;
  return undefined;
}

/**
 * The ready form a tap URL is in, told by its parameter names (a URL with `p` and `c` is boltcard's,
 * `e` and `c` NXP's example, `e` alone sdm-backend's…) and the lengths of its values. The template's
 * base is the URL's own origin and path. Path forms need `--params`.
 */
export function detectReadyForm(
  url: string,
): { name: ReadyFormName; form: BatchUrlForm; mode: FormMode } | undefined {
  const q = url.indexOf('?');
  if (q < 0) return undefined;
  const base = url.slice(0, q);
  for (const name of READY_FORM_NAMES)
    for (const withEnc of [false, true]) {
      if (withEnc && !READY_FORMS[name].query.includes('{ENC}')) continue;
      const form = readyForm(name, base, withEnc);
      const mode = formMatches(form, url);
      if (mode) return { name, form, mode };
    }
  return undefined;
}

const hex = (b: Buffer) => b.toString('hex').toUpperCase();

/**
 * What a chip personalised with `form` writes on a tap: the template with its placeholders filled and
 * the MAC over exactly the text the form says. `tamper` fills {TT} (default 'CC').
 */
export function simulateFormTap(
  form: BatchUrlForm,
  keys: ChipKeys,
  sim: SunSimulation & { tamper?: string; serial?: string },
  options: { plainMac?: 'aes' | 'lrp'; random?: (n: number) => Buffer } = {},
): string {
  const problem = formProblem(form);
  if (problem) throw new Error(problem);
  const mode = sim.mode ?? 'aes';
  const plainForm = !form.template.includes('{PICC}');
  if (plainForm !== (mode === 'plain')) throw new Error('plain mirroring goes with {UID} and {CTR}');
  if (form.template.includes('{SERIAL}') && !sim.serial)
    throw new Error('the form carries {SERIAL}: give serial');
  if (form.template.includes('{ENC}') && !sim.fileData)
    throw new Error('the form mirrors file data: give fileData');
  if (form.encLength && sim.fileData && sim.fileData.length !== form.encLength)
    throw new Error(`the form mirrors ${form.encLength} bytes of file data`);
  const parts = simulateSunParts(
    keys,
    { ...sim, fileData: form.template.includes('{ENC}') ? sim.fileData : undefined },
    options.random,
  );
  const ctr = Buffer.alloc(3);
  ctr.writeUIntBE(parts.picc.readCounter, 0, 3);
  const filled = form.template
    .replace('{PICC}', parts.piccEnc ? hex(parts.piccEnc) : '')
    .replace('{UID}', parts.picc.uid)
    .replace('{CTR}', hex(ctr))
    .replace('{ENC}', parts.encFileData ? hex(parts.encFileData) : '')
    .replace('{TT}', sim.tamper ?? 'CC')
    .replace('{SERIAL}', encodeURIComponent(sim.serial ?? ''));
  const text = ndefUrlText(filled);
  const macAt = text.indexOf('{MAC}');
  const from = form.macInputFrom;
  const placeholderAt = (p: SdmPlaceholder) => {
    // where the value now stands: the filled template's text before the placeholder, with the same fills
    const before = ndefUrlText(form.template).split(`{${p}}`)[0];
    return before
      .replace('{PICC}', parts.piccEnc ? hex(parts.piccEnc) : '')
      .replace('{UID}', parts.picc.uid)
      .replace('{CTR}', hex(ctr))
      .replace('{ENC}', parts.encFileData ? hex(parts.encFileData) : '')
      .replace('{TT}', sim.tamper ?? 'CC')
      .replace('{SERIAL}', encodeURIComponent(sim.serial ?? '')).length;
  };
  const start = from === 'MAC' ? macAt : from === 'URL' ? 0 : placeholderAt(from);
  const mac = simulateMac(keys, parts, Buffer.from(text.slice(start, macAt), 'ascii'), options.plainMac);
  return filled.replace('{MAC}', hex(mac));
}

/** TagTamper status letters: C closed, O open, I invalid (not initialised) (NTAG 424 DNA TT data sheet, section 10.2). */
export type TamperVerdict = 'secure' | 'opened' | 'open' | 'invalid';

/**
 * The two status letters a TT chip mirrors, permanent then current (as sdm-backend's `/tagtt` reads
 * them): 'CC' the loop was never opened; 'OC' it was opened and is closed now; 'OO' (or 'CO') it is
 * open; anything else is not a TagTamper status.
 */
export function tamperVerdict(status: string | null | undefined): TamperVerdict | null {
  if (!status) return null;
  const s = status.toUpperCase();
  if (s === 'CC') return 'secure';
  if (s === 'OC') return 'opened';
  if (s === 'OO' || s === 'CO') return 'open';
  return 'invalid';
}

/**
 * The TagTamper status a TT chip mirrored inside its encrypted file data (TTStatusOffset at the start
 * of SDMENCFileData, as sdm-backend's `/tagtt` reads it): its first two bytes, when they are status
 * letters (C, O or I); null otherwise.
 */
export function tamperFromFileData(fileData: Buffer | null | undefined): string | null {
  if (!fileData || fileData.length < 2) return null;
  const letters = fileData.subarray(0, 2).toString('latin1');
  return /^[CIO]{2}$/.test(letters) ? letters : null;
}
