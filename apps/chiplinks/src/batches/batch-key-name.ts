/** The name a batch key version is sealed under (associated data): a sealed key cannot move to another batch or version. */
export const batchKeyName = (batchId: string, version: number) => `batch:${batchId}:${version}`;
