import { z } from 'zod';
import { trustProxy } from './trust-proxy.js';

const port = (fallback: number, what: string) =>
  z.coerce.number().int().min(1).max(65535).default(fallback).describe(what);
const url = (what: string) => z.url().describe(what);
const bool = (fallback: boolean, what: string) =>
  z
    .enum(['true', 'false', '1', '0'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1')
    .describe(what);

/** Keys every app reads. */
export const commonSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development').describe('Runtime mode'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level'),
  LOG_FORMAT: z
    .enum(['auto', 'pretty', 'json'])
    .default('auto')
    .describe(
      'Log lines: pretty (one readable line per event), json (one object per line), auto: pretty on a terminal, json otherwise',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(1)
    .max(65535)
    .optional()
    .describe(
      'Serves Prometheus metrics at /metrics on this port (its own listener, not the public one); unset: no metrics listener',
    ),
  METRICS_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('Interface the metrics listener binds (0.0.0.0 in a pod)'),
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .optional()
    .describe(
      'OpenTelemetry collector (OTLP over HTTP, e.g. http://otel-collector:4318): traces of HTTP requests, service calls, queries and chain calls go there; unset: trace ids still appear in logs and error replies',
    ),
  TRACE_SAMPLE_RATIO: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(1)
    .describe(
      'Share of new traces recorded and exported (a caller’s sampled traceparent is always followed)',
    ),
  SHUTDOWN_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60000)
    .default(0)
    .describe(
      'On SIGTERM: how long to keep serving while readiness says 503, so load balancers and peers stop sending work (k8s: a few seconds)',
    ),
  SHUTDOWN_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600000)
    .default(20000)
    .describe('On SIGTERM: how long to wait for in-flight requests, messages and jobs before closing anyway'),
  TRANSPORT: z
    .enum(['inprocess', 'nats'])
    .default('nats')
    .describe('Service transport: nats between processes, inprocess inside the standalone process'),
  NATS_URL: url('NATS server(s), comma-separated').default('nats://127.0.0.1:4222'),
  RPC_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10000)
    .describe('How long a request to another service may take'),
});

const databaseSchema = z.object({
  DATABASE_URL: url('PostgreSQL connection string').default('postgres://postgres@127.0.0.1:5432/metatag'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).describe('Connections per service'),
});

const queueSchema = z.object({
  QUEUE: z
    .enum(['inprocess', 'bullmq'])
    .default('bullmq')
    .describe('Job queue: bullmq on Redis, or inprocess'),
  REDIS_URL: url('Redis for BullMQ').default('redis://127.0.0.1:6379'),
});

const chainSchema = z.object({
  RPC_URL_GANACHE: url('JSON-RPC of the local chain (chain id 1337)').default('http://127.0.0.1:8545'),
  RPC_URL_MAINNET: url('JSON-RPC of Ethereum mainnet (chain id 1)').optional(),
  RPC_URL_GOERLI: url('JSON-RPC of goerli (chain id 5)').optional(),
  RPC_URL_RINKEBY: url('JSON-RPC of rinkeby (chain id 4)').optional(),
  RPC_URL_MUMBAI: url('JSON-RPC of mumbai (chain id 80001)').optional(),
  RPC_URL_POLYGON: url('JSON-RPC of polygon (chain id 137)').optional(),
  RPC_URL_SEPOLIA: url('JSON-RPC of sepolia (chain id 11155111)').optional(),
});

const serviceSchema = commonSchema.extend(databaseSchema.shape);

const locatorAddress = (chain: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(`Library-address locator of ${chain}: deploy tools, attach checks, network table`);

/** Each chain's library-address locator (spec section 3 "Network entry": library_address_locator). */
const libraryLocatorSchema = z.object({
  LIBRARY_LOCATOR_GANACHE: locatorAddress('the local chain (standalone sets its own)'),
  LIBRARY_LOCATOR_MAINNET: locatorAddress('mainnet'),
  LIBRARY_LOCATOR_GOERLI: locatorAddress('goerli'),
  LIBRARY_LOCATOR_RINKEBY: locatorAddress('rinkeby'),
  LIBRARY_LOCATOR_MUMBAI: locatorAddress('mumbai'),
  LIBRARY_LOCATOR_POLYGON: locatorAddress('polygon'),
  LIBRARY_LOCATOR_SEPOLIA: locatorAddress('sepolia'),
});

const defaultCollectionAddress = (chain: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(
      `Default collection of ${chain}: templates without a collection mint there (wins over one the super admin registered)`,
    );

/** Each chain's default collection (spec section 5: a template's empty collection means the default). */
const defaultCollectionSchema = z.object({
  DEFAULT_COLLECTION_GANACHE: defaultCollectionAddress(
    'the local chain (standalone deploys its own at first start)',
  ),
  DEFAULT_COLLECTION_MAINNET: defaultCollectionAddress('mainnet'),
  DEFAULT_COLLECTION_GOERLI: defaultCollectionAddress('goerli'),
  DEFAULT_COLLECTION_RINKEBY: defaultCollectionAddress('rinkeby'),
  DEFAULT_COLLECTION_MUMBAI: defaultCollectionAddress('mumbai'),
  DEFAULT_COLLECTION_POLYGON: defaultCollectionAddress('polygon'),
  DEFAULT_COLLECTION_SEPOLIA: defaultCollectionAddress('sepolia'),
});

const tagRelayerAddress = (chain: string) =>
  z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be 0x followed by 40 hex digits')
    .transform((v) => v.toLowerCase())
    .optional()
    .describe(
      `TagRelayer contract of ${chain}: the network table's \`relayer\` (pending NFC-NFT transactions)`,
    );

/** Each chain's TagRelayer (the network table's and the tag check's `relayer`). */
const tagRelayerSchema = z.object({
  TAG_RELAYER_GANACHE: tagRelayerAddress('the local chain (standalone sets its own)'),
  TAG_RELAYER_MAINNET: tagRelayerAddress('mainnet'),
  TAG_RELAYER_GOERLI: tagRelayerAddress('goerli'),
  TAG_RELAYER_RINKEBY: tagRelayerAddress('rinkeby'),
  TAG_RELAYER_MUMBAI: tagRelayerAddress('mumbai'),
  TAG_RELAYER_POLYGON: tagRelayerAddress('polygon'),
  TAG_RELAYER_SEPOLIA: tagRelayerAddress('sepolia'),
});

/** Where the gateway keeps uploaded media: local disk by default, S3-compatible storage when S3_* are set. */
const mediaSchema = z.object({
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
const mailSchema = z.object({
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
const publicUrls = z
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

/**
 * Per-account quotas (issue #28): what one account may create per rolling hour and in total, counted
 * by the service that owns the objects in the transaction that inserts them. 0 = no limit. A super
 * admin's own requests are not counted.
 */
const quota = (what: string, fallback: number, above = '429 above it') =>
  z.coerce.number().int().min(0).default(fallback).describe(`${what} (0 = no limit; ${above})`);
export const chiplinksQuotaSchema = z.object({
  QUOTA_LINKS_PER_HOUR: quota('QR links one account may create per hour', 20_000),
  QUOTA_LINKS_TOTAL: quota('QR links one account may create in total (deleted ones count)', 1_000_000),
  QUOTA_CHIPS_PER_HOUR: quota('Chips one account may add per hour (one by one or by CSV)', 20_000),
  QUOTA_CHIPS_TOTAL: quota('Chips one account may add in total (deleted ones count)', 1_000_000),
  QUOTA_BATCHES_PER_HOUR: quota('Chip batches one account may create per hour', 1_000),
  QUOTA_BATCHES_TOTAL: quota('Chip batches one account may create in total', 100_000),
  QUOTA_WEBHOOK_UNITS_PER_HOUR: quota(
    'Claim links the shop webhook may make for one account per hour',
    1_000,
    "an order's excess is not made and is reported to the shop",
  ),
  QUOTA_WEBHOOK_UNITS_TOTAL: quota(
    'Claim links the shop webhook may make for one account in total',
    0,
    "an order's excess is not made and is reported to the shop",
  ),
});
export const templatesQuotaSchema = z.object({
  QUOTA_TEMPLATES_PER_HOUR: quota('NFT templates one account may create per hour', 1_000),
  QUOTA_TEMPLATES_TOTAL: quota('NFT templates one account may create in total (deleted ones count)', 100_000),
});
export type ChiplinksQuotaConfig = z.output<typeof chiplinksQuotaSchema>;
export type TemplatesQuotaConfig = z.output<typeof templatesQuotaSchema>;

export const templatesSchema = serviceSchema.extend({
  ...chainSchema.shape,
  ...defaultCollectionSchema.shape,
  ...templatesQuotaSchema.shape,
});
/** Chip authentication secrets of the chiplinks service (standalone generates both into .data/secrets.json). */
const chipSecretsSchema = z.object({
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

const bundlerUrl = (chain: string) =>
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
const confirmations = (chain: string, fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(fallback)
    .describe(
      `Blocks built on top of a relayer transaction's block on ${chain} before it is final (until then it is mined, and a reorg returns it to pending)`,
    );

/** Per-chain confirmation depth of relayer transactions: 0 on the local chain, a safe margin elsewhere. */
const confirmationsSchema = z.object({
  CONFIRMATIONS_GANACHE: confirmations('the local chain', 0),
  CONFIRMATIONS_MAINNET: confirmations('mainnet', 3),
  CONFIRMATIONS_GOERLI: confirmations('goerli', 3),
  CONFIRMATIONS_RINKEBY: confirmations('rinkeby', 3),
  CONFIRMATIONS_MUMBAI: confirmations('mumbai', 32),
  CONFIRMATIONS_POLYGON: confirmations('polygon', 32),
  CONFIRMATIONS_SEPOLIA: confirmations('sepolia', 3),
});
export type ConfirmationsConfig = z.output<typeof confirmationsSchema>;

/** The confirmation depth configured for a chain name (0 for a chain without a setting). */
export function confirmationsOf(config: Partial<ConfirmationsConfig>, chain: string): number {
  const key = `CONFIRMATIONS_${chain.toUpperCase()}` as keyof ConfirmationsConfig;
  return Object.hasOwn(confirmationsSchema.shape, key) ? (config[key] ?? 0) : 0;
}

/** The relayer's transaction sender. The key is never logged: only its address appears in logs. */
const relayerTxSchema = z.object({
  RELAYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits')
    .describe('Minter key the relayer signs transactions with (standalone: anvil dev account #1)'),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]+$/)
    .default('metatag')
    .describe('Redis key prefix of the BullMQ queues'),
  TX_SEND_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(64)
    .describe('tx.send jobs run at once'),
  TX_REPLACE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(30000)
    .describe('A transaction not mined after this long is replaced with higher fees'),
  TX_RECEIPT_POLL_MS: z.coerce.number().int().min(10).default(500).describe('How often receipts are polled'),
  MINT_INDEX_LAG_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5000)
    .describe('How long a mint waits for the indexer before it is confirmed from the receipt'),
  RELAYER_STALL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(8000)
    .describe(
      "The relayer's readiness fails (503 with the reason) when work is pending and nothing moved for this long: nothing signed while transactions or mints wait, or its lowest transaction out not mined while the chain does not answer or mines blocks without it",
    ),
  ...confirmationsSchema.shape,
  RELAYER_PAID_TX_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(0)
    .default(30)
    .describe(
      'Relayer-paid transactions (e.g. manual mints) one account may start per chain and minute (0 = no limit)',
    ),
});

export const relayerSchema = serviceSchema.extend({
  ...queueSchema.shape,
  ...chainSchema.shape,
  ...relayerTxSchema.shape,
});
export const deployerSchema = serviceSchema.extend({
  ...chainSchema.shape,
  ...libraryLocatorSchema.shape,
  ...tagRelayerSchema.shape,
});

const startBlock = (chain: string) =>
  z.coerce.number().int().min(0).default(0).describe(`First block the indexer reads on ${chain}`);

/** Where the indexer starts on each chain (the locator's deployment block saves reading older ones). */
const indexerStartSchema = z.object({
  INDEXER_START_BLOCK_GANACHE: startBlock('ganache'),
  INDEXER_START_BLOCK_MAINNET: startBlock('mainnet'),
  INDEXER_START_BLOCK_GOERLI: startBlock('goerli'),
  INDEXER_START_BLOCK_RINKEBY: startBlock('rinkeby'),
  INDEXER_START_BLOCK_MUMBAI: startBlock('mumbai'),
  INDEXER_START_BLOCK_POLYGON: startBlock('polygon'),
  INDEXER_START_BLOCK_SEPOLIA: startBlock('sepolia'),
});

/** The Ponder chain indexer (apps/indexer): its launcher validates these and passes them to Ponder. */
export const indexerSchema = commonSchema.pick({ NODE_ENV: true, LOG_LEVEL: true }).extend({
  DATABASE_URL: databaseSchema.shape.DATABASE_URL,
  ...chainSchema.shape,
  ...libraryLocatorSchema.shape,
  ...indexerStartSchema.shape,
  INDEXER_HOST: z
    .string()
    .min(1)
    .default('127.0.0.1')
    .describe('Interface of the indexer HTTP server (/health, /ready, /status, /metrics)'),
  INDEXER_PORT: port(42069, 'HTTP port of the indexer'),
  INDEXER_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,39}$/, 'must be a lower-case SQL name of at most 40 characters')
    .default('chain')
    .describe('PostgreSQL schema of the stable views readers use; each indexer build writes beside it'),
  INDEXER_POLLING_MS: z.coerce
    .number()
    .int()
    .min(100)
    .optional()
    .describe(
      'How often the indexer polls each chain for new blocks (default: 100 ms ganache, 1000 ms others)',
    ),
});

export const standaloneSchema = gatewaySchema
  .extend(authSchema.shape)
  .extend(relayerSchema.shape)
  .omit({ TRANSPORT: true, QUEUE: true, DATABASE_URL: true, RPC_URL_GANACHE: true, SESSION_SECRET: true })
  .extend({
    DATA_DIR: z
      .string()
      .min(1)
      .default('.data')
      .describe('Standalone data: database, chain state, secrets, media'),
    PG_PORT: port(54329, 'Embedded PostgreSQL port (standalone)'),
    ANVIL_PORT: port(8545, 'Local chain port (standalone)'),
    INDEXER_PORT: indexerSchema.shape.INDEXER_PORT,
    RELAYER_PRIVATE_KEY: relayerTxSchema.shape.RELAYER_PRIVATE_KEY.optional(),
    CHIP_MASTER_KEY: chipSecretsSchema.shape.CHIP_MASTER_KEY.optional(),
    SCAN_TOKEN_SECRET: chipSecretsSchema.shape.SCAN_TOKEN_SECRET.optional(),
    ...libraryLocatorSchema.omit({ LIBRARY_LOCATOR_GANACHE: true }).shape,
    ...tagRelayerSchema.omit({ TAG_RELAYER_GANACHE: true }).shape,
    ...defaultCollectionSchema.shape,
    ...chiplinksQuotaSchema.shape,
    ...templatesQuotaSchema.shape,
    ...passkeyAccountsSchema.omit({ BUNDLER_URL_GANACHE: true }).shape,
    PASSKEY_ACCOUNTS: bool(
      true,
      'Standalone: deploy the ERC-4337 contracts and start the Alto bundler beside the local chain (passkey accounts, issue #29)',
    ),
  });

export type CommonConfig = z.output<typeof commonSchema>;
export type GatewayConfig = z.output<typeof gatewaySchema>;
export type AuthConfig = z.output<typeof authSchema>;
export type TemplatesConfig = z.output<typeof templatesSchema>;
export type ChiplinksConfig = z.output<typeof chiplinksSchema>;
export type RelayerConfig = z.output<typeof relayerSchema>;
export type DeployerConfig = z.output<typeof deployerSchema>;
export type StandaloneConfig = z.output<typeof standaloneSchema>;
export type IndexerConfig = z.output<typeof indexerSchema>;
export type ServiceConfig = z.output<typeof serviceSchema>;

/** Every app and its schema; the README table and the deployment manifests are checked against this. */
export const appSchemas = {
  gateway: gatewaySchema,
  auth: authSchema,
  templates: templatesSchema,
  chiplinks: chiplinksSchema,
  relayer: relayerSchema,
  deployer: deployerSchema,
  indexer: indexerSchema,
  standalone: standaloneSchema,
} as const;

export type AppName = keyof typeof appSchemas;

export type ChainRpcConfig = z.output<typeof chainSchema>;

export type LibraryLocatorConfig = z.output<typeof libraryLocatorSchema>;

export type DefaultCollectionConfig = z.output<typeof defaultCollectionSchema>;

/** The default collection configured for a chain name, if any (lower-cased). */
export function defaultCollectionOf(
  config: Partial<DefaultCollectionConfig>,
  chain: string,
): string | undefined {
  const key = `DEFAULT_COLLECTION_${chain.toUpperCase()}` as keyof DefaultCollectionConfig;
  return Object.hasOwn(defaultCollectionSchema.shape, key) ? config[key] : undefined;
}

/** The library-address locator configured for a chain name, if any (lower-cased). */
export function libraryLocatorOf(config: Partial<LibraryLocatorConfig>, chain: string): string | undefined {
  const key = `LIBRARY_LOCATOR_${chain.toUpperCase()}` as keyof LibraryLocatorConfig;
  return Object.hasOwn(libraryLocatorSchema.shape, key) ? config[key] : undefined;
}

export type TagRelayerConfig = z.output<typeof tagRelayerSchema>;

/** The TagRelayer configured for a chain name, if any (lower-cased). */
export function tagRelayerOf(config: Partial<TagRelayerConfig>, chain: string): string | undefined {
  const key = `TAG_RELAYER_${chain.toUpperCase()}` as keyof TagRelayerConfig;
  return Object.hasOwn(tagRelayerSchema.shape, key) ? config[key] : undefined;
}

/** The product's public origins, canonical first: PUBLIC_URL, or http://localhost:{PORT} when unset. */
export function publicOrigins(config: { PUBLIC_URL?: string[]; PORT: number }): [string, ...string[]] {
  const [first, ...rest] = config.PUBLIC_URL ?? [];
  return first ? [first, ...rest] : [`http://localhost:${config.PORT}`];
}

/** The JSON-RPC URL configured for a chain name (mainnet, goerli, polygon, ganache, ...), if any. */
export function rpcUrlOf(config: Partial<ChainRpcConfig>, chain: string): string | undefined {
  const key = `RPC_URL_${chain.toUpperCase()}` as keyof ChainRpcConfig;
  return Object.hasOwn(chainSchema.shape, key) ? config[key] : undefined;
}
