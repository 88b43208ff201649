// The gateway: HTTP, public origins, media storage, outgoing email.
import { z } from 'zod';
import { trustProxy } from '../trust-proxy.js';
import { commonSchema, databaseSchema, chainSchema } from './common.js';
import { port, bool } from './fields.js';

/** Where the gateway keeps uploaded media: local disk by default, S3-compatible storage when S3_* are set. */
export const mediaSchema = z.object({
  MEDIA_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('Media directory without S3 (default .data/media; standalone: DATA_DIR/media)'),
  S3_ENDPOINT: z
    .url()
    .optional()
    .describe('S3-compatible endpoint (MinIO); with the other S3_* keys set, media go there'),
  S3_BUCKET: z.string().min(1).optional().describe('Media bucket'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional().describe('S3 access key id'),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional().describe('S3 secret access key'),
  S3_REGION: z.string().min(1).default('us-east-1').describe('S3 region (MinIO ignores it)'),
});

/** Outgoing email (the shop buyer's NFT email): SMTP when SMTP_URL is set, else .eml files on disk. */
export const mailSchema = z.object({
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional()
    .describe(
      'SMTP server for emails, e.g. smtp://user:pass@mail.example:587 (docker-compose: smtp://mailpit:1025); unset: each email is kept as an .eml file in MAIL_DIR',
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('MetaTag <no-reply@metatag.local>')
    .describe('From address of the emails the product sends'),
  MAIL_DIR: z
    .string()
    .min(1)
    .optional()
    .describe('Where emails are kept without SMTP_URL (default .data/mail; standalone: DATA_DIR/mail)'),
});

/**
 * The public origin(s) of the product: comma-separated, the first is canonical (QR codes, metadata,
 * emails, the sign-in domain); the others are also accepted as Origin and sign-in domains. Never taken
 * from a request's Host header.
 */
export const publicUrls = z
  .string()
  .transform((value, ctx) => {
    const origins: string[] = [];
    for (const part of value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(part);
      } catch {
        parsed = undefined;
      }
      if (
        !parsed ||
        !/^https?:$/.test(parsed.protocol) ||
        (parsed.pathname !== '/' && parsed.pathname !== '')
      ) {
        ctx.addIssue({
          code: 'custom',
          message: `${part} is not an http(s) origin (scheme, host and port only)`,
        });
        return z.NEVER;
      }
      origins.push(parsed.origin);
    }
    if (origins.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'must name at least one origin' });
      return z.NEVER;
    }
    return origins;
  })
  .optional()
  .describe(
    'Public origin(s) of the product, comma-separated, the first canonical: QR codes, metadata, emails, sign-in domain, allowed Origin (default http://localhost:{PORT})',
  );

export const gatewaySchema = commonSchema.extend({
  ...databaseSchema.shape,
  ...chainSchema.shape,
  HOST: z.string().min(1).default('127.0.0.1').describe('Interface the gateway binds'),
  PORT: port(3000, 'HTTP port of the gateway'),
  PUBLIC_URL: publicUrls,
  TRUST_PROXY: trustProxy,
  WEB_DIST: z.string().min(1).optional().describe('Built SPA directory (default apps/web/dist)'),
  SESSION_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .describe('Signs session cookies; the request envelope key (spec section 7) is derived from it'),
  ...mediaSchema.shape,
  SCAN_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe(
      'check-tag and get-mint-data calls allowed per client IP and minute, and as many chip/link page lookups and as many searches (0 = no limit)',
    ),
  NONCE_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe('Sign-in messages (GET /auth/nonce) allowed per client IP and minute (0 = no limit)'),
  RPC_RATE_LIMIT_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(600)
    .describe('Calls of the public JSON-RPC proxy allowed per client IP and minute (0 = no limit)'),
  EMAIL_CLAIM_RATE_LIMIT_PER_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .default(10)
    .describe('Email claims (one-time links mailed) a client IP may start per hour (0 = no limit)'),
  REDEMPTION_WEBHOOK_ALLOW_PRIVATE: bool(
    false,
    'Development and tests only: redemption webhooks may go to http:// URLs and private or loopback addresses (a template owner types the URL, so production refuses both)',
  ),
  ...mailSchema.shape,
});

export type GatewayConfig = z.output<typeof gatewaySchema>;

/** The product's public origins, canonical first: PUBLIC_URL, or http://localhost:{PORT} when unset. */
export function publicOrigins(config: { PUBLIC_URL?: string[]; PORT: number }): [string, ...string[]] {
  const [first, ...rest] = config.PUBLIC_URL ?? [];
  return first ? [first, ...rest] : [`http://localhost:${config.PORT}`];
}
