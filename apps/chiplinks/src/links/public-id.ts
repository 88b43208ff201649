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

/** A link's uid: 7 random bytes in hex, the same shape as a chip's UID. */
export function newLinkUid(): string {
  return randomBytes(7).toString('hex').toUpperCase();
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
