export * from './registry.js';
export { serveMetrics, type MetricsServer } from './server.js';
export { watchPool } from './pool.js';
