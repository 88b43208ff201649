export * from './abis.js';
export * from './deploy.js';
export * from './vouchers.js';
export * from './typed-data.js';
export * from './account-proofs.js';
export * from './tag-relayer.js';
export * from './networks.js';
