import { z } from 'zod';
import { LOWER_HEX_PATTERN, TX_HASH_PATTERN, addressSchema, uint256Schema } from './validation.js';

/*
 * Limited editions (spec sections 2, 3, 5, 7; issue #18): shapes shared by the gateway, the services
 * and the web's `/{chain}/limited` tabs. Token ids are uint256 decimal strings (`uint256Schema`:
 * children are above CHILD_ID_BASE, far beyond a JS number).
 */

/**
 * `POST /json/{chain}/attach` (spec section 7): links one of the caller's chips to a child token of a
 * collection. The chip then shows and claims that token. `nfcUid` is the chip's public id (the one in
 * `/tag/{id}`) or its 7-byte UID in hex; the server resolves either among the caller's chips.
 */
export const attachChildBody = z.object({
  collection: addressSchema,
  childTokenUid: uint256Schema,
  nfcUid: z.string().trim().min(1).max(64),
});
export type AttachChildBody = z.infer<typeof attachChildBody>;

/**
 * The attach reply. Marking the token as connected on chain (`setConnectToTag(token, true)`) may be
 * done by the token's owner or the collection's minter; the server does not spend the relayer's gas
 * on it: it returns the call for the caller's wallet to send (like a collection deployment), and the
 * chip page shows the connection once the indexer has seen `ConnectedToTag`.
 */
export const attachChildReply = z.object({
  ok: z.literal(true),
  /** The chip's public id. */
  chipId: z.string(),
  /** The transaction the caller's wallet sends to record the connection on chain. */
  transaction: z.object({ to: addressSchema, data: z.string().regex(LOWER_HEX_PATTERN) }),
});
export type AttachChildReply = z.infer<typeof attachChildReply>;

/** Spec sections 5 and 9: a father's default child limit, amount to mint and father token UID. */
export const LIMITED_DEFAULTS = { limit: 10, amount: 1, fatherUid: '0' } as const;
/** Our bound on a father's child limit (the contract's is a uint64; spec 5: other bounds not shown). */
export const MAX_CHILD_LIMIT = 1_000_000;

/**
 * `POST /json/{chain}/limited/create` (spec section 7's "limited-edition creation helper"): the
 * fields travel in the query, the media (optional) as multipart `image` + `type` like a template's
 * upload. `to` is who receives the father (default: the signed-in account's wallet).
 */
export const createLimitedQuery = z.object({
  title: z.string().trim().min(1, 'Invalid value').max(200, 'Invalid value'),
  limit: z.coerce
    .number({ error: 'Invalid value' })
    .int('Invalid value')
    .min(1, 'Invalid value')
    .max(MAX_CHILD_LIMIT, 'Invalid value'),
  collection: addressSchema,
  to: addressSchema.optional(),
});
export type CreateLimitedQuery = z.infer<typeof createLimitedQuery>;

/** The father: its token id, the relayer's transaction hash (null while it is still queued). */
export const createLimitedReply = z.object({
  ok: z.literal(true),
  tokenId: uint256Schema,
  txHash: z.string().regex(TX_HASH_PATTERN).nullable(),
  status: z.enum(['queued', 'sent', 'confirmed', 'failed']),
  /** The NFT template that carries the father's title and media (its token metadata). */
  nftId: z.string(),
  collection: addressSchema,
  to: addressSchema,
  limit: z.number().int(),
});
export type CreateLimitedReply = z.infer<typeof createLimitedReply>;
