import { z } from 'zod';
import { defineRequest } from './define.js';

/**
 * Mints counted by the chiplinks service: tokens minted through the chips and links of templates
 * (vouchers sent by visitors' wallets; the relayer's own mints are counted by templates from
 * `mint.confirmed`). Until one mint ledger counts every mint from the chain index, the gateway adds
 * these to a template's row.
 */
export const MINT_COUNTS = {
  /**
   * Chip and link mints per template id (deleted chips and links included: their tokens exist).
   * Vouchers still out are first checked against the chain (a bounded number per call).
   */
  chiplinkMints: defineRequest(
    'chiplinks.minted-counts',
    z.object({ nftIds: z.array(z.number().int().positive().max(2_147_483_647)).max(500) }),
    z.object({ counts: z.record(z.string(), z.number().int().nonnegative()) }),
  ),
} as const;
