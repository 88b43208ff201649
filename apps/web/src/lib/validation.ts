/**
 * Input rules of spec section 5, kept beside the server's (libs/api-types) so the UI rejects what the
 * gateway would reject. Pure functions: no zod in the browser bundle for this.
 */

import { ADDRESS_PATTERN, ANY_CASE_ADDRESS_PATTERN, ETHER_AMOUNT_PATTERN } from '@metatag/api-types';

/** Spec section 5: a valid address is 0x plus 40 hex digits (lower-cased); the one pattern of api-types. */
export { ADDRESS_PATTERN };

/** Spec section 9: address length. */
export const ADDRESS_LENGTH = 42;

/** Spec section 5: an address input keeps at most 42 characters, lower-cased, only x and 0-9 a-f. */
export function sanitizeAddressInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^x0-9a-f]/g, '')
    .slice(0, ADDRESS_LENGTH);
}

export function isAddress(value: string): boolean {
  return ADDRESS_PATTERN.test(value);
}

/** Sign-in names: 1-64 characters, no white space, no < or > (the server's rule). */
export const USER_NAME_MAX_LENGTH = 64;
const USER_NAME_PATTERN = /^[^\s<>]+$/;

/**
 * A user's sign-in name (the `address` field, spec section 3) is a wallet address for wallet users
 * or a plain name for password users. Surrounding spaces are dropped; a wallet address is
 * lower-cased, as the server compares addresses lower-cased.
 */
export function normalizeUserName(value: string): string {
  const trimmed = value.trim();
  return ANY_CASE_ADDRESS_PATTERN.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

export function isValidUserName(value: string): boolean {
  const name = normalizeUserName(value);
  // a name that starts like an address is one, and must be a whole one (issue #30: `0x…a4zz`)
  if (/^0x/i.test(name)) return isAddress(name);
  return name.length >= 1 && name.length <= USER_NAME_MAX_LENGTH && USER_NAME_PATTERN.test(name);
}

/** A balance: a non-negative decimal, at most 30 integer digits and 18 decimals (the server's rule). */
export function isValidBalance(value: string): boolean {
  return ETHER_AMOUNT_PATTERN.test(value.trim());
}

/** Spec section 5: a new password must be non-empty. */
export function isValidPassword(value: string): boolean {
  return value.length > 0;
}

/** A template's collection or payout address: empty (the default / none) or a valid address. */
export function isOptionalAddress(value: string): boolean {
  return value === '' || isAddress(value);
}

/**
 * Spec section 5: URL values are http or https followed by letters, digits and % _ - / = ? & .
 * (and a colon, for a port: the server's rule).
 */
export const URL_PATTERN = /^https?:\/\/[A-Za-z0-9%_\-/=?&.:]+$/;

export function isUrl(value: string): boolean {
  return URL_PATTERN.test(value.trim());
}

/** The template's utility links: empty (none) or a URL. */
export function isOptionalUrl(value: string): boolean {
  return value.trim() === '' || isUrl(value);
}

/** Spec section 5: a price in ETH may be empty (only gas is paid); else a decimal, 18 decimals at most. */
export function isValidPrice(value: string): boolean {
  const price = value.trim();
  return price === '' || ETHER_AMOUNT_PATTERN.test(price);
}

/** An edition limit: a whole number 0-2147483647 (0 = no limit; the server's rule). */
export const LIMIT_MAX = 2_147_483_647;

export function isValidLimit(value: string): boolean {
  const limit = value.trim();
  return /^\d{1,10}$/.test(limit) && Number(limit) <= LIMIT_MAX;
}

/** Text fields of a template, limited to the server's lengths. */
export const TEXT_LIMITS = { title: 200, description: 20_000, woocomerce_item_id: 100 } as const;

export function isWithin(max: number): (value: string) => boolean {
  return (value) => value.length <= max;
}

/** Spec sections 5 and 9: the largest media upload, in bytes. */
export const MEDIA_MAX_BYTES = 100_000_000;

export function isMediaTooBig(size: number): boolean {
  return size > MEDIA_MAX_BYTES;
}

/** A transaction hash: 0x plus 64 hex digits. */
export function isTxHash(value: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(value);
}

/** Collection name and symbol of a deployment (the server's lengths). */
export function isValidCollectionName(value: string): boolean {
  const name = value.trim();
  return name.length >= 1 && name.length <= 200;
}

export function isValidCollectionSymbol(value: string): boolean {
  const symbol = value.trim();
  return symbol.length >= 1 && symbol.length <= 64;
}
