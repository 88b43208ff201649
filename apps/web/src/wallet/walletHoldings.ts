import type { Address } from 'viem';
import { BALANCE_OF_ABI } from '../lib/abiFragments.js';
import { privateKeyToAccount } from 'viem/accounts';
import { getBalance, getTransactionCount, readContract } from 'wagmi/actions';
import { CHAIN_IDS, type ChainName } from '../lib/chains.js';
import { builtInWalletStore, wagmiConfig } from '../providers/wagmiConfig.js';
import type { Holdings } from './replaceQuestion.js';

async function settled<T>(work: Promise<T>): Promise<T | undefined> {
  try {
    return await work;
  } catch {
    return undefined;
  }
}

export async function readHoldings(chain: ChainName, defaultCollection: string): Promise<Holdings | null> {
  const key = builtInWalletStore.getPrivateKey();
  if (!key) return null;
  const { address } = privateKeyToAccount(key);
  const chainId = CHAIN_IDS[chain];
  const [balance, transactions, tokens] = await Promise.all([
    settled(getBalance(wagmiConfig, { address, chainId }).then((b) => b.value)),
    settled(getTransactionCount(wagmiConfig, { address, chainId })),
    defaultCollection
      ? settled(
          readContract(wagmiConfig, {
            address: defaultCollection as Address,
            abi: BALANCE_OF_ABI,
            functionName: 'balanceOf',
            args: [address],
            chainId,
          }),
        )
      : Promise.resolve(undefined),
  ]);
  return { address, balance, transactions, tokens };
}
