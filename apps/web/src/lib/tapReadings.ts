/**
 * What a chip's tap reads beyond "authentic" (issue #26), in words: its TagTamper seal and its
 * decrypted file data. Shared by the public chip page and the admin's tables.
 */

/** A TT chip's seal, from the two status letters it mirrors (permanent, then current). */
export type SealVerdict = 'intact' | 'opened' | 'open' | 'unknown';

/** The seal texts (ours; docs/decisions.md "Tamper seals and file data, in words"). */
export const SEAL_TEXT: Record<SealVerdict, string> = {
  intact: 'Seal intact',
  opened: 'Seal was opened',
  open: 'Seal open',
  unknown: 'Seal status unknown',
};
/** The sentence under the verdict: what it means for the product. */
export const SEAL_DETAIL: Record<SealVerdict, string> = {
  intact: 'The tamper seal of this product has never been opened.',
  opened: 'The seal is closed now, but it was opened before: this product may have been tampered with.',
  open: 'The tamper seal of this product is open: it has been opened.',
  unknown: 'The chip did not report a readable seal status.',
};

/**
 * 'CC' intact; 'OC' opened before and closed now; 'OO' (or 'CO') open now; anything else (an
 * uninitialised 'II') unknown; null without letters (the chip mirrors no seal).
 */
export function sealOf(letters: string | null | undefined): SealVerdict | null {
  if (!letters) return null;
  const s = letters.toUpperCase();
  if (s === 'CC') return 'intact';
  if (s === 'OC') return 'opened';
  if (s === 'OO' || s === 'CO') return 'open';
  return 'unknown';
}

/** A seal the owner should hear about: open now or opened before. */
export const sealBroken = (letters: string | null | undefined): boolean => {
  const seal = sealOf(letters);
  return seal === 'open' || seal === 'opened';
};

/**
 * Decrypted file data as people read it: text when every byte is printable (ASCII, tabs and line
 * breaks; the zero bytes that pad it to a whole block are dropped), hex otherwise.
 */
export function fileDataText(hex: string | null | undefined): { kind: 'text' | 'hex'; value: string } | null {
  if (!hex || !/^([0-9a-fA-F]{2})+$/.test(hex)) return null;
  const bytes = (hex.match(/../g) ?? []).map((b) => parseInt(b, 16));
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  const content = bytes.slice(0, end);
  const printable =
    content.length > 0 && content.every((b) => (b >= 0x20 && b < 0x7f) || b === 9 || b === 10 || b === 13);
  return printable
    ? { kind: 'text', value: String.fromCharCode(...content) }
    : { kind: 'hex', value: hex.toUpperCase() };
}
