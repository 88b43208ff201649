import { z } from 'zod';
import {
  anyCaseAddressSchema as anyAddress,
  passkeyAccountReply as account,
  passkeyTokensReply,
  recoverableReply,
  userOperationSchema,
} from '../passkeys.js';
import { CREDENTIAL_ID_PATTERN, P256_PUBLIC_KEY_PATTERN } from '../patterns.js';
import { errorReply, route } from './define.js';

const TAG = 'Passkey accounts';
const chainParams = z.object({ chain: z.string().describe('ganache, mainnet, goerli or polygon') });

export const passkeyRegisterBody = z.object({
  chain: z.string().min(1).max(32),
  credentialId: z.string().regex(CREDENTIAL_ID_PATTERN),
  publicKey: z.string().regex(P256_PUBLIC_KEY_PATTERN),
});
export const userOperationBody = userOperationSchema;
export const bundlerBody = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.union([z.number(), z.string(), z.null()]).optional(),
  method: z.string().max(64),
  params: z.array(z.unknown()).max(4).default([]),
});

export const tokensOfParams = chainParams.extend({ address: anyAddress.describe('0x… account address') });
export const recoverableParams = chainParams.extend({ address: anyAddress.describe('0x… wallet address') });

/**
 * Passkey accounts (issue #29): a credential's account, and the chain's bundler with our paymaster
 * (ERC-7677 `pm_getPaymasterStubData` / `pm_getPaymasterData`) on one JSON-RPC endpoint, and the
 * tokens an account holds ('My tokens'). Few routes: the route table is near TypeScript's
 * instantiation limit.
 */
export const PASSKEY_ROUTES = {
  passkeyAccount: route({
    method: 'POST',
    path: '/json/passkeys',
    tag: TAG,
    summary:
      "A passkey's smart account (a Safe whose owner is the passkey, computed by the server). With `publicKey`: records the credential (the first record of an id stays; 409 for another key). Without: finds the account of a credential id (a WebAuthn assertion's id, on any device), 404 when unknown",
    access: 'public',
    body: passkeyRegisterBody.extend({ publicKey: passkeyRegisterBody.shape.publicKey.optional() }),
    replies: { 200: account, 400: errorReply, 404: errorReply, 409: errorReply },
  }),
  passkeyTokens: route({
    method: 'GET',
    path: '/json/:chain/tokens-of/:address',
    tag: TAG,
    summary:
      "The tokens an address holds on a chain (the chain index) that one of our chips or links mints now, each with its chip or link page, title and lock: a passkey account's 'My tokens' page (public: who owns a token is on chain)",
    access: 'public',
    params: tokensOfParams,
    replies: { 200: passkeyTokensReply, 400: errorReply, 404: errorReply },
  }),
  passkeyRecoverable: route({
    method: 'GET',
    path: '/json/:chain/recoverable-by/:address',
    tag: TAG,
    summary:
      "The passkey accounts an ordinary wallet was added to as second owner through our paymaster (Safe addOwnerWithThreshold, threshold 1) and owns now on chain (isOwner): 'Recover with my wallet' on My tokens (public: a Safe's owners are on chain)",
    access: 'public',
    params: recoverableParams,
    replies: { 200: recoverableReply, 400: errorReply, 404: errorReply },
  }),
  bundler: route({
    method: 'POST',
    path: '/json/bundler/:chain',
    tag: TAG,
    summary:
      "The chain's ERC-4337 bundler (user operation methods; its URL stays on the server) and our paymaster (ERC-7677 pm_getPaymasterStubData / pm_getPaymasterData, context {chiplinkId}): the template owner sponsors lock, unlock and transfer out of a chip's or link's token by its owner account, adding a recovery wallet to that account (its own addOwnerWithThreshold(wallet, 1), once per account: 403 recovery_owner_exists / recovery_owner_pending), and Claim Ownership of a chip's token (its transfer voucher into the claiming account, simulated first: 403 not_claimable when it would fail), in the token's own collection only, its worst case held on the owner's relayer balance (402 at zero), SPONSORED_OPS_PER_ACCOUNT_PER_DAY and SPONSORED_GAS_PER_ACCOUNT_PER_DAY (429)",
    access: 'public',
    params: chainParams,
    body: bundlerBody,
    replies: {
      200: z.object({ jsonrpc: z.literal('2.0') }),
      400: errorReply,
      402: errorReply,
      403: errorReply,
      404: errorReply,
      429: errorReply,
    },
  }),
} as const;
