import { z } from 'zod';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';
import { ADDRESS_PATTERN, attachChildReply, checkParentReplySchema, uint256Schema } from '@metatag/api-types';

const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
const chain = z.string().min(1).max(32);

/** `POST /json/{chain}/attach` as chiplinks gets it (libs/api-types `attachChildBody` plus who asks). */
export const attachChildRequest = z.object({
  actor: actorSchema,
  chain,
  collection: address,
  childTokenUid: uint256Schema,
  nfcUid: z.string().trim().min(1).max(64),
});

/** libs/api-types' route reply: one schema for the message and the route. */
export const attachChildServiceReply = attachChildReply;

export const checkParentRequest = z.object({ chain, collection: address, tokenId: uint256Schema });

/** A parent token of a limited edition as the chain index knows it (issue #18 item 3): libs/api-types' route schema. */
export const checkParentReply = checkParentReplySchema;
export type CheckParentReply = z.infer<typeof checkParentReply>;

/** Limited editions on chips (issue #18 items 3 and 5), answered by chiplinks. */
export const LIMITED_CHAIN = {
  attachChild: defineRequest('chiplinks.limited.attach-child', attachChildRequest, attachChildServiceReply),
  checkParent: defineRequest('chiplinks.limited.check-parent', checkParentRequest, checkParentReply),
} as const;
