export { SERVICE_NAMES, type ServiceName } from './services.js';
export { healthPattern, healthReplySchema, type HealthReply } from './health.js';
export * from './auth.js';
export * from './relayer.js';
export * from './templates.js';
export * from './deployer.js';
export * from './chiplinks.js';
