import { z } from 'zod';
import { attachChildBody, attachChildReply } from '../limited.js';
import { route } from './define.js';

const TAG = 'Limited editions';
const indexedToken = z.object({
  tokenId: z.string().describe('uint256, decimal'),
  owner: z.string().nullable().describe('lower-case; null: burned'),
  locked: z.boolean().describe('transfers disallowed (ERC-5192 Locked): redeemed'),
  connectedToTag: z.boolean(),
  chipId: z.string().nullable().describe('the chip the token is attached to: /tag/{chipId}'),
});
const checkParentReply = z.object({
  chain: z.string(),
  chainId: z.number().int(),
  collection: z.string(),
  parent: indexedToken.extend({ limit: z.string() }).nullable().describe('null: not indexed (yet)'),
  minted: z.number().int().describe('children minted'),
  available: z.string().describe('limit minus minted'),
  children: z.array(indexedToken).describe('the first 1000 children, in mint order'),
  indexedBlock: z.string().nullable().describe('the numbers are as of this block'),
  childOf: z
    .object({ tokenId: z.string(), father: z.string() })
    .nullable()
    .describe('the token asked about is a child: its father, whose numbers the reply carries'),
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
    replies: { 200: checkParentReply },
  }),
} as const;
