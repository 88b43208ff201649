import { z } from 'zod';
import { addressSchema } from './validation.js';

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
  .regex(/^[^\s<>]+$/, 'Invalid value');

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
});

export const nonceQuery = z.object({ address: addressSchema });

export const createUserBody = z.object({ address: userNameSchema });

export const updateUserBody = z.union([
  z.object({ address: userNameSchema }).strict(),
  z
    .object({
      balance: z
        .union([z.string(), z.number()])
        .transform(String)
        .pipe(z.string().regex(/^\d{1,30}(\.\d{1,18})?$/, 'Invalid value')),
    })
    .strict(),
]);

export const setPasswordBody = z.object({
  id: z.coerce.number().int().positive(),
  password: z.string().min(1, 'A new password must be non-empty').max(256),
});

export const loginReply = z.object({
  ok: z.literal(true),
  user: userSchema.pick({ id: true, address: true, isSuperAdmin: true }),
});
export type LoginReply = z.infer<typeof loginReply>;
