import { z } from 'zod';
import { ADDRESS_PATTERN, recoverTokenReply, uint256Schema } from '@metatag/api-types';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';

const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');

/** `POST /json/{chain}/recover` as chiplinks gets it: the HTTP body (already validated) plus who asks. */
export const prepareRecoveryRequest = z.object({
  actor: actorSchema,
  chain: z.string().min(1).max(32),
  collection: address,
  tokenId: uint256Schema,
  to: address.optional(),
  reason: z.string().min(1).max(800),
});

/** Brand recovery (issue #32 item 1), answered by chiplinks: the reply is the HTTP reply. */
export const RECOVERIES = {
  prepare: defineRequest('chiplinks.recoveries.prepare', prepareRecoveryRequest, recoverTokenReply),
} as const;
