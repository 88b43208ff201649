export { loadConfig, ConfigError, type ConfigIssue } from './load-config.js';
export * from './schemas.js';
export { describeConfig, configTableMarkdown, type ConfigRow } from './describe-config.js';
export { trustProxy, type TrustProxy } from './trust-proxy.js';
