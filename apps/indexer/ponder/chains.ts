// The chains to index, handed over by the launcher (apps/indexer/src/indexer.ts) in INDEXER_CHAINS:
// it validates the environment with libs/config, checks each RPC URL answers with the expected chain,
// and starts Ponder. Kept free of imports so Ponder's own compiler needs nothing from the workspace.

/** One chain as the launcher passes it. */
export interface IndexedChain {
  /** Chain name as in routes and configuration: ganache, mainnet, polygon, ... */
  name: string;
  chainId: number;
  rpcUrl: string;
  /** The library-address locator whose CollectionCreated events list the chain's collections. */
  locator: `0x${string}`;
  /** First block to read (the locator's deployment block, or 0). */
  startBlock: number;
  /** How often Ponder asks the chain for a new block, in ms (Ponder's minimum is 100). */
  pollingInterval: number;
}

const ADDRESS = /^0x[0-9a-f]{40}$/;
const NAME = /^[a-z][a-z0-9_]*$/;

/** Parses and checks INDEXER_CHAINS; throws naming the first bad entry. */
export function readIndexedChains(json: string | undefined): IndexedChain[] {
  if (!json) throw new Error('INDEXER_CHAINS is not set: start the indexer through its launcher');
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) throw new Error('INDEXER_CHAINS must be a JSON array');
  return value.map((entry: unknown, i): IndexedChain => {
    const chain = (entry ?? {}) as Partial<Record<keyof IndexedChain, unknown>>;
    const bad = (field: string) => new Error(`INDEXER_CHAINS[${i}].${field} is invalid`);
    if (typeof chain.name !== 'string' || !NAME.test(chain.name)) throw bad('name');
    if (!Number.isSafeInteger(chain.chainId) || (chain.chainId as number) <= 0) throw bad('chainId');
    if (typeof chain.rpcUrl !== 'string' || !/^https?:\/\//.test(chain.rpcUrl)) throw bad('rpcUrl');
    if (typeof chain.locator !== 'string' || !ADDRESS.test(chain.locator)) throw bad('locator');
    if (!Number.isSafeInteger(chain.startBlock) || (chain.startBlock as number) < 0) throw bad('startBlock');
    if (!Number.isSafeInteger(chain.pollingInterval) || (chain.pollingInterval as number) < 100) {
      throw bad('pollingInterval');
    }
    return {
      name: chain.name,
      chainId: chain.chainId as number,
      rpcUrl: chain.rpcUrl,
      locator: chain.locator as `0x${string}`,
      startBlock: chain.startBlock as number,
      pollingInterval: chain.pollingInterval as number,
    };
  });
}
