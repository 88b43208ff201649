// The auth service.
import { z } from 'zod';
import { serviceSchema } from './common.js';
import { bool } from './fields.js';
import { gatewaySchema } from './gateway.js';

export const authSchema = serviceSchema.extend({
  SESSION_SECRET: gatewaySchema.shape.SESSION_SECRET,
  ALLOW_WALLET_SIGNUP: bool(true, 'A new wallet address gets an account on first sign-in'),
  SUPER_ADMIN_NAME: z.string().min(1).max(64).default('admin').describe('Name of the first super admin'),
  SUPER_ADMIN_PASSWORD: z
    .string()
    .min(12, 'must be at least 12 characters')
    .optional()
    .describe('Creates the first super admin once when set (standalone generates one)'),
});

export type AuthConfig = z.output<typeof authSchema>;
