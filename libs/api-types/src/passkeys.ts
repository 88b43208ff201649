import { z } from 'zod';
import { ANY_CASE_ADDRESS_PATTERN, HEX_BYTES_PATTERN, QUANTITY_PATTERN } from './patterns.js';

/**
 * The shapes of passkey accounts (issue #29), once: the gateway's HTTP routes and the chiplinks
 * service's messages (libs/events) both use these (issue #31 item 4).
 */
const hex = z.string().regex(HEX_BYTES_PATTERN, 'Invalid hex');
const quantity = z.string().regex(QUANTITY_PATTERN, 'Invalid quantity');
export const anyCaseAddressSchema = z.string().regex(ANY_CASE_ADDRESS_PATTERN, 'Invalid address');

/** An ERC-4337 v0.7 user operation as JSON-RPC carries it (unpacked, quantities in hex). */
export const userOperationSchema = z.object({
  sender: anyCaseAddressSchema,
  nonce: quantity,
  factory: anyCaseAddressSchema.nullish(),
  factoryData: hex.nullish(),
  callData: hex.max(20_000),
  callGasLimit: quantity,
  verificationGasLimit: quantity,
  preVerificationGas: quantity,
  maxFeePerGas: quantity,
  maxPriorityFeePerGas: quantity,
});
export type UserOperationJson = z.infer<typeof userOperationSchema>;

/** A passkey's credential id, its P-256 public key and the account computed from it. */
export const passkeyAccountReply = z.object({
  credentialId: z.string(),
  publicKey: z.string(),
  account: z.string(),
});

/** A token a passkey account holds, with the chip or link page whose token it is (the sponsorship's chiplinkId). */
export const passkeyTokenSchema = z.object({
  id: z.string(),
  type: z.enum(['chip', 'link']),
  tokenId: z.string(),
  collection: z.string(),
  title: z.string(),
  image: z.string(),
  mimeType: z.string(),
  locked: z.boolean(),
});
export const passkeyTokensReply = z.object({ tokens: z.array(passkeyTokenSchema) });
export type PasskeyTokensReply = z.infer<typeof passkeyTokensReply>;
export type PasskeyToken = z.infer<typeof passkeyTokenSchema>;

/** The passkey accounts a wallet is the recovery owner of (decision 111). */
export const recoverableReply = z.object({ accounts: z.array(z.string()) });
export type RecoverableReply = z.infer<typeof recoverableReply>;
