// The chiplinks service: chip secrets, passkey accounts (issue #29).
import { z } from 'zod';
import { tagRelayerSchema } from './chain-contracts.js';
import { chainSchema, serviceSchema } from './common.js';
import { url, bool } from './fields.js';
import { chiplinksQuotaSchema } from './quotas.js';

/** Chip authentication secrets of the chiplinks service (standalone generates both into .data/secrets.json). */
export const chipSecretsSchema = z.object({
  CHIP_MASTER_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{32}$/, 'must be 32 hex digits (an AES-128 key)')
    .describe(
      'Master key the per-chip SUN keys are diversified from (AN10922); also seals imported chip keys',
    ),
  SCAN_TOKEN_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .describe('Signs the short-lived scan tokens (HS256) that check-tag returns'),
});

export const bundlerUrl = (chain: string) =>
  url(
    `ERC-4337 bundler JSON-RPC of ${chain} for passkey accounts (kept on the server: provider URLs carry keys); unset: no passkey accounts there`,
  ).optional();

/**
 * Passkey accounts (issue #29): each chain's bundler, and our VerifyingPaymaster's signer with the
 * owner-sponsored bounds per smart account.
 */
export const passkeyAccountsSchema = z.object({
  BUNDLER_URL_GANACHE: bundlerUrl('the local chain (standalone starts its own Alto)'),
  BUNDLER_URL_MAINNET: bundlerUrl('mainnet'),
  BUNDLER_URL_GOERLI: bundlerUrl('goerli'),
  BUNDLER_URL_RINKEBY: bundlerUrl('rinkeby'),
  BUNDLER_URL_MUMBAI: bundlerUrl('mumbai'),
  BUNDLER_URL_POLYGON: bundlerUrl('polygon'),
  BUNDLER_URL_SEPOLIA: bundlerUrl('sepolia'),
  PAYMASTER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .optional()
    .describe(
      "Key our VerifyingPaymaster trusts: it signs sponsorships of passkey accounts' user operations (standalone: anvil dev account #3); unset: no sponsorship",
    ),
  SPONSORED_OPS_PER_ACCOUNT_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(20)
    .describe('User operations of one passkey account the paymaster sponsors per 24 hours'),
  SPONSORED_GAS_PER_ACCOUNT_PER_DAY: z.coerce
    .number()
    .int()
    .min(100_000)
    .max(1_000_000_000)
    .default(10_000_000)
    .describe('Gas (worst case of each sponsored user operation) one passkey account may use per 24 hours'),
});

/** The bundler configured for a chain name, if any. */
export function bundlerUrlOf(
  config: Partial<z.output<typeof passkeyAccountsSchema>>,
  chain: string,
): string | undefined {
  const key = `BUNDLER_URL_${chain.toUpperCase()}` as keyof z.output<typeof passkeyAccountsSchema>;
  return Object.hasOwn(passkeyAccountsSchema.shape, key) ? (config[key] as string | undefined) : undefined;
}

export const chiplinksSchema = serviceSchema.extend({
  ...passkeyAccountsSchema.shape,
  ...chainSchema.shape,
  ...chipSecretsSchema.shape,
  ...tagRelayerSchema.shape,
  ...chiplinksQuotaSchema.shape,
  SCAN_TOKEN_TTL_S: z.coerce
    .number()
    .int()
    .min(30)
    .max(86400)
    .default(600)
    .describe('How long a scan token (the check-tag jwt) is valid, in seconds'),
  EMAIL_CLAIM_TTL_MIN: z.coerce
    .number()
    .int()
    .min(1)
    .max(10080)
    .default(60)
    .describe(
      "How long an email claim's one-time link is valid, in minutes; the chip's or link's claim is held for that email meanwhile",
    ),
  EMAIL_CLAIMS_PER_CHIP_PER_HOUR: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(3)
    .describe('Email claims one chip or link may start per hour (no mail bombing through one chip)'),
  SCAN_DURABLE_COMMIT: bool(
    true,
    'Wait for the WAL flush when a scan is accepted (true); false commits asynchronously: somewhat more scans/s, but a PostgreSQL crash may forget the last fraction of a second of accepted counters',
  ),
  ALLOW_FACTORY_CHIP_KEYS: bool(
    false,
    'Development only: accept imported chip keys or sdm-backend master keys that are factory defaults or published examples (refused when NODE_ENV=production)',
  ),
});

export type ChiplinksConfig = z.output<typeof chiplinksSchema>;
