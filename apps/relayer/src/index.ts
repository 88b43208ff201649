export { relayerDefinition } from './relayer.definition.js';
export { RelayerModule, type RelayerOverrides } from './relayer.module.js';
