import { z } from 'zod';

/** Spec section 5: a wallet address is 0x plus 40 hex digits (compared lower-cased). */
export const ADDRESS_PATTERN = /^0x[0-9a-f]{40}$/;

/** Spec section 5: what an address input keeps — at most 42 characters, lower-cased, only x and hex digits. */
export function sanitizeAddressInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^x0-9a-f]/g, '')
    .slice(0, 42);
}

export const isAddress = (value: string): boolean => ADDRESS_PATTERN.test(value);

export const addressSchema = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().regex(ADDRESS_PATTERN, 'Invalid address'));

/** Spec section 5: http or https followed by letters, digits and % _ - / = ? & . */
export const URL_PATTERN = /^https?:\/\/[A-Za-z0-9%_\-/=?&.:]+$/;
