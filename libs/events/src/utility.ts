import { z } from 'zod';
import { defineRequest } from './define.js';
import { ADDRESS_PATTERN, uint256Schema } from '@metatag/api-types';

const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
const templateId = z.number().int().positive().max(2_147_483_647);
const chain = z.string().min(1).max(32);

/**
 * The utility check (spec section 7, `/is_i_owner`): does `address` hold a token minted from the
 * template (or a child of one), by the chain index. The caller has already proven it controls
 * `address` (the gateway checks the wallet session).
 */
export const UTILITY = {
  isOwner: defineRequest(
    'chiplinks.utility.is-owner',
    z.object({ chain, nftId: templateId, address }),
    z.object({
      owner: z.boolean(),
      /** False when the template does not exist (or was deleted). */
      found: z.boolean(),
      utility_url: z.string(),
      utility_url_error: z.string(),
    }),
  ),
  /** Templates: how many of these tokens were minted from the template. */
  countOfTemplate: defineRequest(
    'templates.tokens.count-of-template',
    z.object({
      chain,
      nftId: templateId,
      tokens: z.array(z.object({ collection: address, tokenId: uint256Schema })).max(4000),
    }),
    z.object({ count: z.number().int().nonnegative() }),
  ),
} as const;
