export * from './abis.js';
export * from './deploy.js';
export * from './vouchers.js';
export * from './tag-relayer.js';
export * from './networks.js';
