/**
 * The part of a GS1 Digital Link URI (GS1 Digital Link Standard: URI Syntax, release 1.4) a chip's URL
 * uses: a path (after any custom prefix) `/01/{GTIN}` with the key qualifiers `/22/{CPV}`, `/10/{lot}`,
 * `/21/{serial}` in that order. Written here, not taken from npm: the maintained SDK (`digital-link.js`)
 * pulls a grammar engine and more for this one path (docs/decisions.md, issue #26).
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

/** GS1 AI encodable character set 82 (GS1 General Specifications 7.11, figure 7.11-1). */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,20}$/;
const QUALIFIERS = ['22', '10', '21'] as const;
const NAMES = { '22': 'cpv', '10': 'lot', '21': 'serial' } as const;
const MAX_LENGTH = { '22': 20, '10': 20, '21': 20 } as const;

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

/** A URI path as a GS1 Digital Link (GTIN and qualifiers); undefined when it is not one or is invalid. */
export function parseGs1DigitalLink(path: string): Gs1DigitalLink | undefined {
  const clean = path.split(/[?#]/)[0];
  const segments = clean.split('/');
  // the primary key is the last `01` whose next segment is a valid GTIN (a stem may contain '01' too)
  for (let i = segments.length - 2; i >= 0; i--) {
    if (segments[i] !== '01' || !gtinCheckDigitOk(segments[i + 1])) continue;
    const out: Gs1DigitalLink = {
      gtin: segments[i + 1].padStart(14, '0'),
      stem: segments.slice(0, i).join('/'),
    };
    let order = 0;
    let j = i + 2;
    for (; j + 1 < segments.length; j += 2) {
      const ai = segments[j] as (typeof QUALIFIERS)[number];
      const at = QUALIFIERS.indexOf(ai);
      if (at < order) return undefined; // unknown, repeated or out-of-order qualifier
      const value = decode(segments[j + 1]);
      if (value === undefined || value.length > MAX_LENGTH[ai] || !CSET82.test(value)) return undefined;
      out[NAMES[ai]] = value;
      order = at + 1;
    }
    if (j !== segments.length && !(j === segments.length - 1 && segments[j] === '')) return undefined;
    return out;
  }
  return undefined;
}
