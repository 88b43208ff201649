export { SoftwareNtag424, type SoftwareChipOptions, type SoftwareChipState } from './ntag424.js';
export type { TamperStatus } from './mirror.js';
export * from './simulated-chips.js';
export * from './provision.js';
