import { createConfig, factory } from 'ponder';
import { http } from 'viem';
import { collectionAbi, collectionCreatedEvent, locatorAbi } from './abis.js';
import { readIndexedChains } from './chains.js';
// the one workspace file the config imports (it imports only viem and ws)
import { followHeads } from '../src/head-following-transport.js';

const chains = readIndexedChains(process.env.INDEXER_CHAINS);

/** The local development chain: its history is short and may be reset, so Ponder keeps no RPC cache for it. */
const LOCAL_CHAIN_ID = 1337;

export default createConfig({
  // Chains are independent (a collection lives on one chain), so each is indexed as fast as it goes.
  ordering: 'multichain',
  // The connection string comes from DATABASE_URL (kept out of the config: it is part of the build id).
  // 14 = Ponder's 2 internal connections + 4 each for its indexing, sync and read pools.
  database: { kind: 'postgres', poolConfig: { max: 14 } },
  networks: Object.fromEntries(
    chains.map((chain) => {
      // Backfill answers of eth_getLogs can exceed viem's 10 MB response limit.
      const transport = http(chain.rpcUrl, { maxResponseBodySize: false });
      return [
        chain.name,
        {
          chainId: chain.chainId,
          // The local chain (anvil, polled every 100 ms) announces its blocks on a WebSocket at the
          // same address, so its latest block is asked for only after an announcement.
          transport:
            chain.chainId === LOCAL_CHAIN_ID
              ? followHeads(transport, { wsUrl: chain.rpcUrl.replace(/^http/, 'ws') })
              : transport,
          pollingInterval: chain.pollingInterval,
          disableCache: chain.chainId === LOCAL_CHAIN_ID,
        },
      ];
    }),
  ),
  contracts: {
    // The locator's announcements give each collection its deployer and creation block.
    Locator: {
      abi: locatorAbi,
      network: Object.fromEntries(
        chains.map((chain) => [chain.name, { address: chain.locator, startBlock: chain.startBlock }]),
      ),
    },
    // Every contract the locator announced (collections are deployed from wallets, not by a factory).
    Collection: {
      abi: collectionAbi,
      network: Object.fromEntries(
        chains.map((chain) => [
          chain.name,
          {
            address: factory({
              address: chain.locator,
              event: collectionCreatedEvent,
              parameter: 'collection',
            }),
            startBlock: chain.startBlock,
          },
        ]),
      ),
    },
  },
});
