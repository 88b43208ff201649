// The configuration schemas, one file per app in schemas/ (shared fields and keys in fields.ts,
// common.ts, chain-contracts.ts). What the package exports of them:
export {
  commonSchema,
  type CommonConfig,
  type ServiceConfig,
  type ChainRpcConfig,
  rpcUrlOf,
} from './schemas/common.js';
export {
  type LibraryLocatorConfig,
  type DefaultCollectionConfig,
  defaultCollectionOf,
  libraryLocatorOf,
  type TagRelayerConfig,
  tagRelayerOf,
} from './schemas/chain-contracts.js';
export { gatewaySchema, type GatewayConfig, publicOrigins } from './schemas/gateway.js';
export { authSchema, type AuthConfig } from './schemas/auth.js';
export {
  chiplinksQuotaSchema,
  templatesQuotaSchema,
  type ChiplinksQuotaConfig,
  type TemplatesQuotaConfig,
} from './schemas/quotas.js';
export { templatesSchema, type TemplatesConfig } from './schemas/templates.js';
export {
  passkeyAccountsSchema,
  bundlerUrlOf,
  chiplinksSchema,
  type ChiplinksConfig,
} from './schemas/chiplinks.js';
export {
  type ConfirmationsConfig,
  confirmationsOf,
  relayerSchema,
  type RelayerConfig,
} from './schemas/relayer.js';
export { deployerSchema, type DeployerConfig } from './schemas/deployer.js';
export { indexerSchema, type IndexerConfig } from './schemas/indexer.js';
export { standaloneSchema, type StandaloneConfig } from './schemas/standalone.js';
export { appSchemas, type AppName } from './schemas/apps.js';
