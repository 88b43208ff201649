export * from './validation.js';
export * from './users.js';
export * from './templates.js';
export * from './collections.js';
export * from './chiplinks.js';
export * from './envelope.js';
export * from './nfc-nft.js';
