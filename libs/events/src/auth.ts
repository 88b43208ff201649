import { z } from 'zod';
import { emptyRequest, okReply } from './common.js';
import { defineRequest } from './define.js';
import { ADDRESS_PATTERN, deadlineSchema, userSchema } from '@metatag/api-types';

/** libs/api-types `User`: one schema for the message and the route. */
const user = userSchema;
export type AuthUser = z.infer<typeof user>;
export const authUserSchema = user;

export const issueNonceRequest = z.object({
  address: z.string(),
  /** One of PUBLIC_URL's origins (never the Host header): the message's domain and URI (EIP-4361). */
  origin: z.string().min(1).max(2000),
  /** The chain the user's wallet is on (EIP-155 id). */
  chainId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const issueNonceReply = z.object({ nonce: z.string(), message: z.string() });

export const walletLoginRequest = z.object({
  address: z.string(),
  signature: z.string(),
  /** The nonce of the message signed, when the client names it; else every pending one is tried. */
  nonce: z.string().optional(),
  ip: z.string(),
  /** PUBLIC_URL's origins: a message for any other domain or URI is refused. */
  origins: z.array(z.string()).min(1),
});
export const passwordLoginRequest = z.object({ name: z.string(), password: z.string(), ip: z.string() });

/** A new session: the token goes into the cookie only; the service keeps its hash. */
export const sessionReply = z.object({ user, token: z.string(), expiresAt: z.string() });
export type SessionReply = z.infer<typeof sessionReply>;

export const resolveSessionRequest = z.object({ token: z.string() });
export const resolveSessionReply = z.object({ user: user.nullable() });

export const userIdRequest = z.object({ id: z.number().int().positive() });
export const createUserRequest = z.object({ address: z.string() });
export const updateUserRequest = z.object({
  id: z.number().int().positive(),
  address: z.string(),
});
export const setPasswordRequest = z.object({
  id: z.number().int().positive(),
  password: z.string(),
  /** The caller's own session: kept when it belongs to the user (every other session of the user ends). */
  keepSessionToken: z.string().max(200).optional(),
});
export const shopTokenRequest = z.object({ userId: z.number().int().positive() });
export const findByShopTokenRequest = z.object({ token: z.string() });

export const authUserReply = user;
export const usersReply = z.object({ items: z.array(user) });
/** `secret`: the webhook signing secret derived from the token (rotates with it). */
export const shopTokenReply = z.object({ value: z.string(), secret: z.string() });

/**
 * Links a wallet to an account (a password account gets one; any account may change it): the wallet
 * signs the EIP-712 LinkWallet message of `@metatag/contracts` for this account and chain. Another
 * account's wallet is a 409; a bad or expired signature a 400.
 */
export const authLinkWallet = defineRequest(
  'auth.wallet.link',
  z.object({
    userId: z.number().int().positive(),
    wallet: z.string().regex(ADDRESS_PATTERN),
    chainId: z.number().int().positive(),
    /** Unix seconds, as signed. */
    deadline: deadlineSchema,
    signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/, 'Invalid signature'),
  }),
  user,
);

/** Request/reply messages answered by the auth service. */
export const AUTH = {
  issueNonce: defineRequest('auth.nonce.issue', issueNonceRequest, issueNonceReply),
  walletLogin: defineRequest('auth.login.wallet', walletLoginRequest, sessionReply),
  passwordLogin: defineRequest('auth.login.password', passwordLoginRequest, sessionReply),
  resolveSession: defineRequest('auth.session.resolve', resolveSessionRequest, resolveSessionReply),
  logout: defineRequest('auth.session.revoke', resolveSessionRequest, okReply),
  getUser: defineRequest('auth.user.get', userIdRequest, authUserReply),
  listUsers: defineRequest('auth.users.list', emptyRequest, usersReply),
  createUser: defineRequest('auth.users.create', createUserRequest, authUserReply),
  updateUser: defineRequest('auth.users.update', updateUserRequest, authUserReply),
  setPassword: defineRequest('auth.users.set-password', setPasswordRequest, okReply),
  getShopToken: defineRequest('auth.shop-token.get', shopTokenRequest, shopTokenReply),
  rotateShopToken: defineRequest('auth.shop-token.rotate', shopTokenRequest, shopTokenReply),
  findByShopToken: defineRequest('auth.shop-token.find-user', findByShopTokenRequest, resolveSessionReply),
  linkWallet: authLinkWallet,
} as const;
