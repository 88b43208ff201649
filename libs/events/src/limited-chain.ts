import { z } from 'zod';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';
import { ADDRESS_PATTERN } from '@metatag/api-types';

const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
const uint = z.string().regex(/^\d{1,78}$/, 'Invalid value');
const chain = z.string().min(1).max(32);

/** `POST /json/{chain}/attach` as chiplinks gets it (libs/api-types `attachChildBody` plus who asks). */
export const attachChildRequest = z.object({
  actor: actorSchema,
  chain,
  collection: address,
  childTokenUid: uint,
  nfcUid: z.string().trim().min(1).max(64),
});

export const attachChildServiceReply = z.object({
  ok: z.literal(true),
  chipId: z.string(),
  transaction: z.object({ to: address, data: z.string().regex(/^0x[0-9a-f]*$/) }),
});

const indexedToken = z.object({
  tokenId: uint,
  /** Lower-case; null when nobody owns it (burned). */
  owner: z.string().nullable(),
  /** Transfers disallowed (ERC-5192 Locked): redeemed. */
  locked: z.boolean(),
  connectedToTag: z.boolean(),
  /** The chip a caller attached the token to (its page `/tag/{id}` shows the token), if any. */
  chipId: z.string().nullable(),
});

export const checkParentRequest = z.object({ chain, collection: address, tokenId: uint });

/** A parent token of a limited edition as the chain index knows it (issue #18 item 3). */
export const checkParentReply = z.object({
  chain: z.string(),
  chainId: z.number().int(),
  collection: address,
  /** Null when the index has no such token (yet). */
  parent: indexedToken.extend({ limit: uint }).nullable(),
  minted: z.number().int().nonnegative(),
  available: uint,
  children: z.array(indexedToken),
  /** The last block the index has processed (null while it starts): the numbers are as of it. */
  indexedBlock: z.string().nullable(),
  /**
   * The token asked about is a child (#30): it names its father, and `parent` and the numbers are the
   * father's (a child has no limit of its own).
   */
  childOf: z.object({ tokenId: uint, father: uint }).nullable(),
});
export type CheckParentReply = z.infer<typeof checkParentReply>;

/** Limited editions on chips (issue #18 items 3 and 5), answered by chiplinks. */
export const LIMITED_CHAIN = {
  attachChild: defineRequest('chiplinks.limited.attach-child', attachChildRequest, attachChildServiceReply),
  checkParent: defineRequest('chiplinks.limited.check-parent', checkParentRequest, checkParentReply),
} as const;
