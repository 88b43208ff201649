import { z } from 'zod';
import { attachChildBody, attachChildReply } from '../limited.js';
import { ADDRESS_PATTERN } from '../patterns.js';
import { uint256Schema } from '../validation.js';
import { route } from './define.js';

const TAG = 'Limited editions';
/** A token of a limited edition as the chain index knows it (libs/events' message uses this schema). */
export const indexedTokenSchema = z.object({
  tokenId: uint256Schema.describe('uint256, decimal'),
  owner: z.string().nullable().describe('lower-case; null: burned'),
  locked: z.boolean().describe('transfers disallowed (ERC-5192 Locked): redeemed'),
  connectedToTag: z.boolean(),
  chipId: z.string().nullable().describe('the chip the token is attached to: /tag/{chipId}'),
});
/** A parent token of a limited edition (issue #18 item 3), for the route and chiplinks' message. */
export const checkParentReplySchema = z.object({
  chain: z.string(),
  chainId: z.number().int(),
  collection: z.string().regex(ADDRESS_PATTERN, 'Invalid address'),
  parent: indexedTokenSchema.extend({ limit: uint256Schema }).nullable().describe('null: not indexed (yet)'),
  minted: z.number().int().nonnegative().describe('children minted'),
  available: uint256Schema.describe('limit minus minted'),
  children: z.array(indexedTokenSchema).describe('the first 1000 children, in mint order'),
  indexedBlock: z.string().nullable().describe('the numbers are as of this block'),
  childOf: z
    .object({ tokenId: uint256Schema, father: uint256Schema })
    .nullable()
    .describe('the token asked about is a child (#30): its father, whose numbers the reply carries'),
});

/** Limited editions on chips: attach and check-parent (issue #18 items 3 and 5). */
export const LIMITED_CHAIN_ROUTES = {
  attachChild: route({
    method: 'POST',
    path: '/json/:chain/attach',
    tag: TAG,
    summary:
      'Attach a child token to one of your chips (the chip then shows and claims it); answers the setConnectToTag call for your wallet to send',
    access: 'admin',
    authToken: true,
    params: z.object({ chain: z.string() }),
    body: attachChildBody,
    replies: { 200: attachChildReply },
    errors: [
      'No chip of yours has this id or UID',
      'This token is not a child token: only a child of a limited edition can be attached',
      'This token does not exist',
    ],
  }),
  checkParent: route({
    method: 'GET',
    path: '/json/:chain/check-parent/:collection/:token',
    tag: TAG,
    summary:
      "A parent token's limit, minted and available children, owner, and its children with their owners (chain index)",
    access: 'public',
    params: z.object({ chain: z.string(), collection: z.string(), token: z.string() }),
    replies: { 200: checkParentReplySchema },
  }),
} as const;
