export { SERVICE_NAMES, type ServiceName } from './services.js';
export { healthPattern, healthReplySchema, type HealthReply } from './health.js';
export * from './auth.js';
