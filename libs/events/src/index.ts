export {
  defineRequest,
  defineEvent,
  type RequestDefinition,
  type EventDefinition,
  type RequestInput,
  type RequestParsed,
  type ReplyOf,
  type EventInput,
  type EventParsed,
} from './define.js';
export { okReply, emptyRequest, claimPhaseTermsSchema, type ClaimPhaseTermsMessage } from './common.js';
export { SERVICE_NAMES, type ServiceName } from './services.js';
export { HEALTH, healthReplySchema, type HealthReply, type HealthDefinition } from './health.js';
export * from './auth.js';
export * from './relayer.js';
export * from './templates.js';
export * from './deployer.js';
export * from './chiplinks.js';
export * from './chip-batches.js';
export * from './default-collections.js';
export * from './shop.js';
export * from './utility.js';
export * from './search.js';
export * from './analytics.js';
export * from './ledger.js';
export * from './limited-chain.js';
export * from './redemptions.js';
export * from './recoveries.js';
export * from './templates-read-model.js';
export { ALL_REQUESTS, ALL_EVENTS, eventBySubject } from './registry.js';
export * from './nfc-nft.js';
export * from './passkeys.js';
