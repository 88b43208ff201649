// Test and benchmark helpers (not built into dist): import '@metatag/relayer/testing' with the
// `source` condition.
export * from './relayer.fixture.js';
export { TxSenderRegistry } from '../transactions/tx-sender.registry.js';
