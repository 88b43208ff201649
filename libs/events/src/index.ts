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
export { SERVICE_NAMES, type ServiceName } from './services.js';
export { healthPattern, healthReplySchema, type HealthReply } from './health.js';
export * from './auth.js';
export * from './relayer.js';
export * from './templates.js';
export * from './deployer.js';
export * from './chiplinks.js';
export * from './default-collections.js';
export * from './mint-counts.js';
