import { createPublicClient, http } from 'viem';
import type { IndexedChain } from './chains.js';

/** The chain id of the local development chain (anvil, the spec's "ganache"). */
export const LOCAL_CHAIN_ID = 1337;

/**
 * Ponder treats the newest 30 blocks of a chain it does not know as unfinalized: it starts its live
 * sync from the block 30 below the head and checks every later block's parent hash. anvil (1.7) adds
 * a new genesis block to its state file each time it reloads it, and may serve that one after a
 * restart, so block 1 then points at a genesis the chain no longer answers with. On a local chain of
 * fewer than 31 blocks Ponder starts from block 0, sees a "reorg beyond the finalized block" and
 * stops. Mining empty blocks up to 31 keeps block 0 out of that window; they cost nothing on a
 * development chain. Returns how many were mined.
 */
export const LOCAL_MIN_BLOCKS = 31;

export async function padLocalChain(chain: Pick<IndexedChain, 'chainId' | 'rpcUrl'>): Promise<number> {
  if (chain.chainId !== LOCAL_CHAIN_ID) return 0;
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const missing = LOCAL_MIN_BLOCKS - Number(await client.getBlockNumber());
  // evm_mine is understood by anvil, ganache and hardhat alike.
  for (let i = 0; i < missing; i++) await client.request({ method: 'evm_mine' as never });
  return Math.max(0, missing);
}
