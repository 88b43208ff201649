import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 14 base62 characters ≈ 83 bits: short enough for a QR code, far too many to guess. */
export const PUBLIC_ID_LENGTH = 14;

/** A random public id (`/tag/{id}`, `/link/{id}`). Rejection sampling keeps every character uniform. */
export function newPublicId(length = PUBLIC_ID_LENGTH): string {
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && id.length < length) id += ALPHABET[byte % 62];
    }
  }
  return id;
}

/**
 * The bits a name must carry to mint or claim a link (issue #28 item 2): a link is a bearer claim, so
 * whatever names it on a mint route must be as unguessable as its public id (14 base62 ≈ 83 bits).
 */
export const CLAIM_HANDLE_MIN_BITS = 80;

/**
 * A link's uid: 12 random bytes in hex (96 bits). The spec's mint flow mints a new link by the uid
 * `POST /json/qrlink/link/{id}` answers, so the uid is a claim handle and must clear the 80-bit bar; it
 * no longer looks like a chip's 7-byte UID (links made before 2026-11-29 keep their 56-bit uids, which
 * name the link for its owner but mint nothing).
 */
export const LINK_UID_BYTES = 12;

export function newLinkUid(): string {
  return randomBytes(LINK_UID_BYTES).toString('hex').toUpperCase();
}

/**
 * Whether `name` (as a visitor wrote it on a mint or claim route) may mint or claim the link `row`:
 * its whole public id as written, or its uid when that uid is long enough (hex: 4 bits a digit).
 * Chips are not asked: a chip mints only with a fresh tap, whatever names it.
 */
export function isLinkClaimHandle(row: { id: string; uid: string }, name: string): boolean {
  if (name === row.id) return true;
  return name.toUpperCase() === row.uid && row.uid.length * 4 >= CLAIM_HANDLE_MIN_BITS;
}

/**
 * A token id for a chip or link to mint: random in [2^40, 2^62). The relayer hands out small
 * sequential ids (1, 2, 3...) for manual mints, so the two never meet; random ids also keep the
 * next token of a collection unguessable.
 */
export function newTokenId(): string {
  const random = randomBytes(8).readBigUInt64BE() & ((1n << 62n) - 1n);
  return (random | (1n << 40n)).toString();
}
