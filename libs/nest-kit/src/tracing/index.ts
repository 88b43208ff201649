export * from './tracing.js';
export { traceDatabase } from './pg.js';
