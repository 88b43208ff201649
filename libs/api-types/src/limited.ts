import { z } from 'zod';
import { addressSchema } from './validation.js';

/**
 * Limited editions (spec sections 2, 3, 5, 7; issue #18): shapes shared by the gateway, the services
 * and the web's `/{chain}/limited` tabs. Token ids are uint256 decimal strings (children are above
 * CHILD_ID_BASE, far beyond a JS number).
 */
export const tokenUidSchema = z.string().regex(/^\d{1,78}$/, 'Invalid value');

/**
 * `POST /json/{chain}/attach` (spec section 7): links one of the caller's chips to a child token of a
 * collection. The chip then shows and claims that token. `nfcUid` is the chip's public id (the one in
 * `/tag/{id}`) or its 7-byte UID in hex; the server resolves either among the caller's chips.
 */
export const attachChildBody = z.object({
  collection: addressSchema,
  childTokenUid: tokenUidSchema,
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
  transaction: z.object({ to: addressSchema, data: z.string().regex(/^0x[0-9a-f]*$/) }),
});
export type AttachChildReply = z.infer<typeof attachChildReply>;
