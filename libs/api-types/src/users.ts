import { z } from 'zod';
import {
  ADDRESS_PATTERN,
  ROW_ID_PATTERN,
  SIGNATURE_PATTERN,
  UINT256_PATTERN,
  addressSchema,
  deadlineSchema,
} from './validation.js';

/** A user as the API shows it (spec section 3). `address` is the sign-in name shown in the UI. */
export const userSchema = z.object({
  id: z.number().int(),
  address: z.string(),
  created: z.string(),
  balance: z.string(),
  isSuperAdmin: z.boolean(),
  userAddress: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A sign-in name: a wallet address or a plain name; trimmed, 1–64 visible characters. */
export const userNameSchema = z
  .string()
  .trim()
  .min(1, 'Invalid value')
  .max(64, 'Invalid value')
  .regex(/^[^\s<>]+$/, 'Invalid value')
  // a name that starts like an address is one, and must be a whole one (issue #30: `0x…a4zz`)
  .refine((name) => !/^0x/i.test(name) || ADDRESS_PATTERN.test(name.toLowerCase()), 'Invalid address');

export const passwordLoginBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(64),
  password: z.string().min(1, 'password is required').max(256),
});

export const walletLoginBody = z.object({
  address: addressSchema,
  signature: z
    .string()
    .regex(/^0x[0-9a-fA-F]+$/, 'Invalid signature')
    .max(2000),
  /** The nonce of the message signed (GET /auth/nonce's `nonce`); optional: the spec posts only the two above. */
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{8,64}$/, 'Invalid nonce')
    .optional(),
});

/** `chainId`: the chain the user's wallet is on, written into the sign-in message (EIP-4361 Chain ID). */
export const nonceQuery = z.object({
  address: addressSchema,
  chainId: z.coerce
    .number({ message: 'Invalid chain id' })
    .int('Invalid chain id')
    .positive('Invalid chain id')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid chain id')
    .optional(),
});

export const createUserBody = z.object({ address: userNameSchema });

/** A chain name of the product (`/{chain}/...`); which ones exist is the gateway's to say. */
const chainName = z.string().regex(/^[a-z]{1,32}$/, 'Unknown chain');

/**
 * A relayer balance in the chain's wei, as a whole number (the UI converts from ETH). Setting it
 * appends one credit entry of the difference to the user's ledger on that chain.
 */
export const weiSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(UINT256_PATTERN, 'Invalid value: a balance is a whole number of wei'));

export const updateUserBody = z.union([
  z.object({ address: userNameSchema }).strict(),
  z.object({ balance: weiSchema, chain: chainName.optional() }).strict(),
]);

/** `?user=&chain=`: whose balance or ledger (super admin: anyone's), on which chain. */
export const ledgerQuery = z.object({
  user: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  chain: chainName.optional(),
  before: z.string().regex(ROW_ID_PATTERN).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/**
 * `POST /json/link-wallet`: the wallet's EIP-712 LinkWallet signature for the signed-in account
 * (`linkWalletTypedData` of @metatag/contracts).
 */
export const linkWalletBody = z.object({
  address: addressSchema,
  chainId: z.coerce.number().int().positive(),
  deadline: z.union([z.string(), z.number()]).transform(String).pipe(deadlineSchema),
  signature: z.string().regex(SIGNATURE_PATTERN, 'Invalid signature'),
});

export const setPasswordBody = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  password: z.string().min(1, 'A new password must be non-empty').max(256),
});

export const loginReply = z.object({
  ok: z.literal(true),
  user: userSchema.pick({ id: true, address: true, isSuperAdmin: true }),
});
export type LoginReply = z.infer<typeof loginReply>;
