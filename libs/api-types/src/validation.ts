import { z } from 'zod';
import {
  ADDRESS_PATTERN,
  DAY_PATTERN,
  SIGNED_WEI_PATTERN,
  UINT256_PATTERN,
  UNIX_SECONDS_PATTERN,
} from './patterns.js';

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

/*
 * The decimal shapes as zod strings, one schema each for the routes and the services' messages (#31
 * item 4). Their messages reach users (a gateway error, a service's `field: message`): keep them.
 */

/** A uint256 in decimal: token ids, wei amounts, block numbers, gas. */
export const uint256Schema = z.string().regex(UINT256_PATTERN, 'Invalid value');

/** Signed wei in decimal: a ledger entry's amount or a running balance. */
export const signedWeiSchema = z.string().regex(SIGNED_WEI_PATTERN, 'Invalid value');

/** A signature's deadline in Unix seconds. */
export const deadlineSchema = z.string().regex(UNIX_SECONDS_PATTERN, 'Invalid deadline');

/** A UTC day, YYYY-MM-DD. */
export const daySchema = z.string().regex(DAY_PATTERN, 'Invalid date');
