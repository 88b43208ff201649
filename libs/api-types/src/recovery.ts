import { z } from 'zod';
import { LOWER_HEX_PATTERN, addressSchema, uint256Schema } from './validation.js';

/** NFT code v2 `MAX_RECOVERY_REASON`: the reason is logged on chain, so it is counted in UTF-8 bytes. */
export const MAX_RECOVERY_REASON_BYTES = 200;

/** The refusals of `POST /json/{chain}/recover` (the admin's form shows the same texts). */
export const RECOVERY_TEXTS = {
  notYours: 'No collection of yours has this address',
  off: 'Brand recovery is off for this collection: it can only be switched on at deployment, before the first token.',
  reason: `A recovery reason is 1 to ${MAX_RECOVERY_REASON_BYTES} bytes`,
  noToken: 'This token does not exist',
  redeemed: 'This token was redeemed: it cannot be recovered',
  sameHolder: 'This address already holds the token',
  chainUnavailable: 'The chain cannot be read right now',
} as const;

const reasonBytes = (reason: string) => new TextEncoder().encode(reason).length;

/**
 * `POST /json/{chain}/recover` (issue #32 item 1): what the brand wants recovered. `to` defaults to the
 * collection owner's wallet (back to the brand).
 */
export const recoverTokenBody = z.object({
  collection: addressSchema,
  tokenId: uint256Schema,
  to: addressSchema.optional(),
  reason: z
    .string()
    .trim()
    .refine((r) => reasonBytes(r) >= 1 && reasonBytes(r) <= MAX_RECOVERY_REASON_BYTES, RECOVERY_TEXTS.reason),
});
export type RecoverTokenBody = z.output<typeof recoverTokenBody>;

/**
 * The recovery, checked against the chain by a simulation from the collection owner's wallet: the
 * server holds no owner key, so the owner's wallet (`from`) sends `transaction`, as with a deployment.
 */
export const recoverTokenReply = z.object({
  ok: z.literal(true),
  chainId: z.number().int(),
  /** The collection's owner on chain: the only account the contract lets recover. */
  from: z.string(),
  /** Who holds the token now (lower-case). */
  holder: z.string(),
  /** Where the token goes (lower-case). */
  to: z.string(),
  transaction: z.object({ to: z.string(), data: z.string().regex(LOWER_HEX_PATTERN) }),
});
export type RecoverTokenReply = z.infer<typeof recoverTokenReply>;
