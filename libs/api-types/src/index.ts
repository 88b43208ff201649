export * from './validation.js';
export * from './users.js';
