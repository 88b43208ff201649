// The launcher of the Ponder chain indexer, for the runtimes that start it (main.ts, the standalone
// process). No Ponder import: Ponder runs as a child process. Readers of the index use
// @metatag/chain-index, not this package.
export {
  startIndexer,
  type RunningIndexer,
  type StartIndexerOptions,
  type IndexerLogEntry,
} from './indexer.js';
export { indexedChains, type IndexedChain, LOCAL_POLLING_MS, REMOTE_POLLING_MS } from './chains.js';
export { VIEW_NAMES } from './views.js';
export { watchNewHeads, type HeadWatch } from './new-heads.js';
