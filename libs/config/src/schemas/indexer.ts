// The Ponder chain indexer (apps/indexer).
import { z } from 'zod';
import { libraryLocatorSchema } from './chain-contracts.js';
import { commonSchema, databaseSchema, chainSchema } from './common.js';
import { port } from './fields.js';

export const startBlock = (chain: string) =>
  z.coerce.number().int().min(0).default(0).describe(`First block the indexer reads on ${chain}`);

/** Where the indexer starts on each chain (the locator's deployment block saves reading older ones). */
export const indexerStartSchema = z.object({
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

export type IndexerConfig = z.output<typeof indexerSchema>;
