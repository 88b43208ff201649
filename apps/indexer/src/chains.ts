import { chainIds, chainNames, type ChainName } from '@metatag/contracts';
import type { IndexerConfig } from '@metatag/config';
import type { IndexedChain } from '../ponder/chains.js';

export type { IndexedChain };

/** anvil mines on demand; a short poll keeps a mint's row readable well under a second after its block. */
export const LOCAL_POLLING_MS = 100;
/** Public chains make a block every 2–12 s; Ponder's own default. */
export const REMOTE_POLLING_MS = 1000;

type ChainKey = Uppercase<ChainName>;

/**
 * The chains to index: every chain with both an RPC URL and a library-address locator. ganache always
 * has an RPC URL (the schema's default), so it is indexed as soon as its locator is known.
 */
export function indexedChains(config: IndexerConfig): IndexedChain[] {
  const chains: IndexedChain[] = [];
  for (const name of chainNames) {
    const key = name.toUpperCase() as ChainKey;
    const rpcUrl = config[`RPC_URL_${key}`];
    const locator = config[`LIBRARY_LOCATOR_${key}`];
    if (!rpcUrl || !locator) continue;
    chains.push({
      name,
      chainId: chainIds[name],
      rpcUrl,
      locator: locator.toLowerCase() as `0x${string}`,
      startBlock: config[`INDEXER_START_BLOCK_${key}`],
      pollingInterval:
        config.INDEXER_POLLING_MS ?? (name === 'ganache' ? LOCAL_POLLING_MS : REMOTE_POLLING_MS),
    });
  }
  return chains;
}
