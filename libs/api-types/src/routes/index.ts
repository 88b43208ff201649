export * from './define.js';
export * from './queries.js';
export * from './replies.js';
export * from './table.js';
export * from './validate.js';
export * from './openapi.js';
export * from './client.js';
export * from './mint-flow.routes.js';
