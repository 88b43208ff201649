import { z } from 'zod';
import { ADDRESS_PATTERN } from './patterns.js';

export * from './patterns.js';

/** Spec section 5: what an address input keeps — at most 42 characters, lower-cased, only x and hex digits. */
export function sanitizeAddressInput(value: string): string {
  return value
    .toLowerCase()
    .replace(/[^x0-9a-f]/g, '')
    .slice(0, 42);
}

export const addressSchema = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.string().regex(ADDRESS_PATTERN, 'Invalid address'));
