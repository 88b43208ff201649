import { z } from 'zod';
import {
  CREDENTIAL_ID_PATTERN,
  P256_PUBLIC_KEY_PATTERN,
  anyCaseAddressSchema as anyAddress,
  passkeyAccountReply,
  passkeyTokenSchema,
  passkeyTokensReply,
  recoverableReply,
  userOperationSchema,
  type UserOperationJson,
} from '@metatag/api-types';
import { defineRequest } from './define.js';

const chain = z.string().min(1).max(32);
export const credentialIdSchema = z.string().regex(CREDENTIAL_ID_PATTERN, 'Invalid credential id');
/** A P-256 public key, stored as 0x04 ‖ x ‖ y in lower case. */
export const p256PublicKeySchema = z
  .string()
  .regex(P256_PUBLIC_KEY_PATTERN, 'Invalid P-256 public key')
  .transform((v) => (v.length === 132 ? v : `0x04${v.slice(2)}`).toLowerCase());
export { passkeyAccountReply, passkeyTokenSchema, passkeyTokensReply, userOperationSchema };
export type { UserOperationJson };

export const sponsorReply = z.object({
  paymaster: z.string(),
  paymasterData: z.string(),
  paymasterVerificationGasLimit: z.string(),
  paymasterPostOpGasLimit: z.string(),
});

/** Passkey accounts (issue #29): credentials, sponsorship by the template owner, the bundler. */
export const PASSKEYS = {
  /** Records a passkey's public key and its account (computed here); the first record of an id stays. */
  register: defineRequest(
    'chiplinks.passkeys.register',
    z.object({ chain, credentialId: credentialIdSchema, publicKey: p256PublicKeySchema }),
    passkeyAccountReply,
  ),
  /** The account of a credential id (from a WebAuthn assertion on another device), or 404. */
  lookup: defineRequest(
    'chiplinks.passkeys.lookup',
    z.object({ credentialId: credentialIdSchema }),
    passkeyAccountReply,
  ),
  /**
   * The tokens an address holds on a chain (chain index) that a chip or link of ours mints now: what a
   * passkey account's 'My tokens' page lists, each with the chip or link its sponsorship names.
   */
  tokens: defineRequest(
    'chiplinks.passkeys.tokens',
    z.object({ chain, owner: anyAddress }),
    passkeyTokensReply,
  ),
  /**
   * The passkey accounts a wallet can recover (decision 111): those our paymaster sponsored adding it to
   * as second owner, and whose Safe has it as an owner now.
   */
  recoverable: defineRequest(
    'chiplinks.passkeys.recoverable',
    z.object({ chain, owner: anyAddress }),
    recoverableReply,
  ),
  /**
   * Paymaster data for a user operation on a chip's or link's token: only a call into the token's own
   * collection (lock, unlock, transfer out, claim) or adding a recovery wallet to the account itself
   * (once per account) by the token's on-chain owner, bounded per account and day, with
   * the worst-case cost reserved from the template owner's relayer balance (402 at zero). `stub`:
   * the estimation's placeholder (checked, nothing reserved).
   */
  sponsor: defineRequest(
    'chiplinks.passkeys.sponsor',
    z.object({
      chain,
      chiplinkId: z.string().regex(/^[A-Za-z0-9]{6,32}$/),
      userOperation: userOperationSchema,
      stub: z.boolean(),
    }),
    sponsorReply,
  ),
  /** One JSON-RPC call to the chain's bundler (ERC-4337 methods only). */
  bundler: defineRequest(
    'chiplinks.passkeys.bundler',
    z.object({ chain, method: z.string().max(64), params: z.array(z.unknown()).max(4) }),
    z.object({
      result: z.unknown().optional(),
      error: z.object({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
    }),
  ),
} as const;
