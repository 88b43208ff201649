// Keys every app reads, and those of every service with a database, a queue or chain RPC.
import { z } from 'zod';
import { url } from './fields.js';

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

export const databaseSchema = z.object({
  DATABASE_URL: url('PostgreSQL connection string').default('postgres://postgres@127.0.0.1:5432/metatag'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10).describe('Connections per service'),
});

export const queueSchema = z.object({
  QUEUE: z
    .enum(['inprocess', 'bullmq'])
    .default('bullmq')
    .describe('Job queue: bullmq on Redis, or inprocess'),
  REDIS_URL: url('Redis for BullMQ').default('redis://127.0.0.1:6379'),
});

export const chainSchema = z.object({
  RPC_URL_GANACHE: url('JSON-RPC of the local chain (chain id 1337)').default('http://127.0.0.1:8545'),
  RPC_URL_MAINNET: url('JSON-RPC of Ethereum mainnet (chain id 1)').optional(),
  RPC_URL_GOERLI: url('JSON-RPC of goerli (chain id 5)').optional(),
  RPC_URL_RINKEBY: url('JSON-RPC of rinkeby (chain id 4)').optional(),
  RPC_URL_MUMBAI: url('JSON-RPC of mumbai (chain id 80001)').optional(),
  RPC_URL_POLYGON: url('JSON-RPC of polygon (chain id 137)').optional(),
  RPC_URL_SEPOLIA: url('JSON-RPC of sepolia (chain id 11155111)').optional(),
});

export const serviceSchema = commonSchema.extend(databaseSchema.shape);

export type CommonConfig = z.output<typeof commonSchema>;

export type ServiceConfig = z.output<typeof serviceSchema>;

export type ChainRpcConfig = z.output<typeof chainSchema>;

/** The JSON-RPC URL configured for a chain name (mainnet, goerli, polygon, ganache, ...), if any. */
export function rpcUrlOf(config: Partial<ChainRpcConfig>, chain: string): string | undefined {
  const key = `RPC_URL_${chain.toUpperCase()}` as keyof ChainRpcConfig;
  return Object.hasOwn(chainSchema.shape, key) ? config[key] : undefined;
}
