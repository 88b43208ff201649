// Field constructors every schema uses: ports, URLs, booleans from env text, quotas.
import { z } from 'zod';

export const port = (fallback: number, what: string) =>
  z.coerce.number().int().min(1).max(65535).default(fallback).describe(what);

export const url = (what: string) => z.url().describe(what);

export const bool = (fallback: boolean, what: string) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1')
    .describe(what);

/**
 * Per-account quotas (issue #28): what one account may create per rolling hour and in total, counted
 * by the service that owns the objects in the transaction that inserts them. 0 = no limit. A super
 * admin's own requests are not counted.
 */
export const quota = (what: string, fallback: number, above = '429 above it') =>
  z.coerce.number().int().min(0).default(fallback).describe(`${what} (0 = no limit; ${above})`);
