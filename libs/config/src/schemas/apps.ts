// Every app and its schema.
import { authSchema } from './auth.js';
import { chiplinksSchema } from './chiplinks.js';
import { deployerSchema } from './deployer.js';
import { gatewaySchema } from './gateway.js';
import { indexerSchema } from './indexer.js';
import { relayerSchema } from './relayer.js';
import { standaloneSchema } from './standalone.js';
import { templatesSchema } from './templates.js';

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
