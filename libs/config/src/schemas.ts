import { z } from 'zod';

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

export const gatewaySchema = commonSchema.extend({
  ...databaseSchema.shape,
  ...chainSchema.shape,
  HOST: z.string().min(1).default('127.0.0.1').describe('Interface the gateway binds'),
  PORT: port(3000, 'HTTP port of the gateway'),
  WEB_DIST: z.string().min(1).optional().describe('Built SPA directory (default apps/web/dist)'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').describe('Signs session cookies'),
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

export const templatesSchema = serviceSchema.extend(chainSchema.shape);
export const chiplinksSchema = serviceSchema.extend(chainSchema.shape);
export const relayerSchema = serviceSchema.extend({ ...queueSchema.shape, ...chainSchema.shape });
export const deployerSchema = serviceSchema.extend(chainSchema.shape);

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
  });

export type CommonConfig = z.output<typeof commonSchema>;
export type GatewayConfig = z.output<typeof gatewaySchema>;
export type AuthConfig = z.output<typeof authSchema>;
export type TemplatesConfig = z.output<typeof templatesSchema>;
export type ChiplinksConfig = z.output<typeof chiplinksSchema>;
export type RelayerConfig = z.output<typeof relayerSchema>;
export type DeployerConfig = z.output<typeof deployerSchema>;
export type StandaloneConfig = z.output<typeof standaloneSchema>;
export type ServiceConfig = z.output<typeof serviceSchema>;

/** Every app and its schema; the README table and the deployment manifests are checked against this. */
export const appSchemas = {
  gateway: gatewaySchema,
  auth: authSchema,
  templates: templatesSchema,
  chiplinks: chiplinksSchema,
  relayer: relayerSchema,
  deployer: deployerSchema,
  standalone: standaloneSchema,
} as const;

export type AppName = keyof typeof appSchemas;

export type ChainRpcConfig = z.output<typeof chainSchema>;

/** The JSON-RPC URL configured for a chain name (mainnet, goerli, polygon, ganache, ...), if any. */
export function rpcUrlOf(config: Partial<ChainRpcConfig>, chain: string): string | undefined {
  const key = `RPC_URL_${chain.toUpperCase()}` as keyof ChainRpcConfig;
  return Object.hasOwn(chainSchema.shape, key) ? config[key] : undefined;
}
