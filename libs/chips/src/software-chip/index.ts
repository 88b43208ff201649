export { SoftwareNtag424, type SoftwareChipOptions } from './ntag424.js';
export type { TamperStatus } from './mirror.js';
