export { relayerDefinition } from './relayer.definition.js';
export { RelayerModule } from './relayer.module.js';
