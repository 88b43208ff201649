// Node-only helpers (file system, JSON-RPC deployment): import from '@metatag/contracts/node'.
export {
  ensureSharedContracts,
  type EnsureSharedContractsOptions,
  type SharedContracts,
} from './node/ensure-shared-contracts.js';
export {
  ensureDefaultCollection,
  type EnsureDefaultCollectionOptions,
  type DefaultCollectionResult,
} from './node/ensure-default-collection.js';
export { startAnvil, anvilBinaryPath, freePort, type AnvilHandle, type AnvilOptions } from './node/anvil.js';
export {
  accountAbstractionAddresses,
  ensureAccountAbstraction,
  type EnsureAccountAbstractionOptions,
} from './node/account-abstraction.js';
export { startAlto, altoCliPath, type AltoHandle, type AltoOptions } from './node/alto.js';
export { softwarePasskey } from './node/software-passkey.js';
