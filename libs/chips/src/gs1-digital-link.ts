// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- digital-link.js ships no types: the declaration must reach every project compiling this file from source
/// <reference path="./digital-link.d.ts" />
import digitalLink from 'digital-link.js';

/**
 * The part of a GS1 Digital Link URI a chip's URL uses: a path (after any custom stem) `/01/{GTIN}`
 * with the key qualifiers `/22/{CPV}`, `/10/{lot}`, `/21/{serial}`. Parsed and validated by GS1's own
 * JavaScript SDK, `digital-link.js` (the Digital Link grammar of the standard, ABNF through apg-lib,
 * with the GTIN check digit); this module keeps MetaTag's shape of the result and the reason a path
 * is refused (docs/decisions.md, decision 109).
 */
export interface Gs1DigitalLink {
  /** GTIN-14 (GTIN-8/12/13 are padded with leading zeros). */
  gtin: string;
  cpv?: string;
  lot?: string;
  serial?: string;
  /** The path before `/01/` (a custom URI stem), '' when none. */
  stem: string;
}

const { DigitalLink } = digitalLink;
const NAMES = { '22': 'cpv', '10': 'lot', '21': 'serial' } as const;
/** Only ever the origin of the URL the SDK reads: a path alone has none, and the grammar wants one. */
const ORIGIN = 'https://gs1.invalid';

/** GS1 General Specifications 7.9.1: the mod-10 check digit, weights 3 and 1 from the right. */
export function gtinCheckDigitOk(gtin: string): boolean {
  if (!/^\d{8}$|^\d{12,14}$/.test(gtin)) return false;
  const digits = gtin.split('').map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((acc, d, i) => acc + d * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function decode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Where the primary key `01` of a path is: the last `01` segment followed by a GTIN-like one. */
function primaryKeyAt(segments: string[]): number {
  for (let i = segments.length - 2; i >= 0; i--)
    if (segments[i] === '01' && /^\d{8}$|^\d{12,14}$/.test(segments[i + 1])) return i;
  return -1;
}

/**
 * Why a path that carries a GS1 primary key (`…/01/{8, 12, 13 or 14 digits}/…`) is not a valid GS1
 * Digital Link, in words for a 4xx; undefined when it is valid or carries no GTIN at all.
 */
export function gs1PathProblem(path: string): string | undefined {
  const segments = path.split(/[?#]/)[0].split('/');
  const at = primaryKeyAt(segments);
  if (at < 0) return undefined;
  const gtin = segments[at + 1];
  if (!gtinCheckDigitOk(gtin)) return `The GTIN ${gtin} in the GS1 Digital Link has a wrong check digit`;
  if (!parseGs1DigitalLink(path))
    return 'The path is not a valid GS1 Digital Link (its key qualifiers /22, /10, /21: in that order, at most 20 characters of GS1 set 82)';
  return undefined;
}

/** A URI path as a GS1 Digital Link (GTIN and qualifiers); undefined when it is not one or is invalid. */
export function parseGs1DigitalLink(path: string): Gs1DigitalLink | undefined {
  const clean = path.split(/[?#]/)[0];
  const segments = clean.split('/');
  const at = primaryKeyAt(segments);
  if (at < 0) return undefined;
  const stem = segments.slice(0, at).join('/');
  let link;
  try {
    // the SDK reads a whole URI: the stem goes with the (placeholder) origin, the query is not ours to judge
    link = DigitalLink(`${ORIGIN}${stem}/${segments.slice(at).join('/').replace(/\/$/, '')}`);
    if (!link.isValid()) return undefined;
  } catch {
    return undefined;
  }
  const identifier = link.getIdentifier() as Record<string, string>;
  if (!identifier['01']) return undefined;
  const out: Gs1DigitalLink = { gtin: identifier['01'].padStart(14, '0'), stem };
  for (const [ai, raw] of Object.entries(link.getKeyQualifiers() as Record<string, string>)) {
    const name = NAMES[ai as keyof typeof NAMES];
    const value = decode(raw);
    if (!name || value === undefined) return undefined;
    out[name] = value;
  }
  return out;
}
