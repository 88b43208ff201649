import { createConfig, http, injected } from 'wagmi';
import { goerli, mainnet, polygon } from 'wagmi/chains';
import { defineChain } from 'viem';
import { CHAIN_IDS } from '../lib/chains.js';

/** The local development chain (anvil in the standalone stack), called ganache in the interface. */
export const ganache = defineChain({
  id: CHAIN_IDS.ganache,
  name: 'ganache',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
});

/**
 * Injected browser wallets only for now; the built-in wallet behind NEW WALLET and other connectors
 * are added by the issues that need them. Transports use each chain's default public RPC.
 */
export const wagmiConfig = createConfig({
  chains: [mainnet, goerli, polygon, ganache],
  connectors: [injected()],
  transports: {
    [mainnet.id]: http(),
    [goerli.id]: http(),
    [polygon.id]: http(),
    [ganache.id]: http(),
  },
});

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig;
  }
}
