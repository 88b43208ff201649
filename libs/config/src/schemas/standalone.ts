// The standalone process: every app in one, with embedded PostgreSQL and a local chain.
import { z } from 'zod';
import { authSchema } from './auth.js';
import { libraryLocatorSchema, defaultCollectionSchema, tagRelayerSchema } from './chain-contracts.js';
import { chipSecretsSchema, passkeyAccountsSchema } from './chiplinks.js';
import { port, bool } from './fields.js';
import { gatewaySchema } from './gateway.js';
import { indexerSchema } from './indexer.js';
import { chiplinksQuotaSchema, templatesQuotaSchema } from './quotas.js';
import { relayerTxSchema, relayerSchema } from './relayer.js';

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

export type StandaloneConfig = z.output<typeof standaloneSchema>;
