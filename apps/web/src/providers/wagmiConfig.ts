import { createConfig, http, injected } from 'wagmi';
import { goerli, mainnet, polygon } from 'wagmi/chains';
import { defineChain, type Chain } from 'viem';
import { routeUrl } from '@metatag/api-types';
import { CHAIN_IDS, chainNameById, type ChainName } from '../lib/chains.js';
import { builtInWallet } from '../wallet/builtInConnector.js';
import { createBuiltInProvider, createHttpRpcSender, type WalletChain } from '../wallet/builtInProvider.js';
import { browserStorage, createWalletKeyStore } from '../wallet/walletKeyStore.js';

/**
 * Chain RPC goes through the gateway's JSON-RPC proxy (`POST /json/rpc/{chain}`) on our own origin,
 * so the browser needs no node URLs or keys. viem wants an absolute URL.
 */
export function rpcProxyUrl(chain: ChainName, origin: string = window.location.origin): string {
  return `${origin}${routeUrl('rpc', { params: { chain } })}`;
}

/** The local development chain (anvil in the standalone stack), called ganache in the interface. */
export const ganache = defineChain({
  id: CHAIN_IDS.ganache,
  name: 'ganache',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcProxyUrl('ganache')] } },
  testnet: true,
});

const chains = [mainnet, goerli, polygon, ganache] as const satisfies readonly Chain[];

const walletChains: WalletChain[] = chains.map((chain) => {
  const name = chainNameById(chain.id);
  if (!name) throw new Error(`chain ${chain.id} is not an interface chain`);
  return { id: chain.id, name, rpcUrl: rpcProxyUrl(name) };
});

/** The built-in wallet's key lives in localStorage (see wallet/walletKeyStore.ts). */
export const builtInWalletStore = createWalletKeyStore(browserStorage());

export const builtInWalletProvider = createBuiltInProvider({
  chains: walletChains,
  store: builtInWalletStore,
  rpc: createHttpRpcSender(),
});

/**
 * Wallets: the built-in wallet behind NEW WALLET, the generic injected wallet (window.ethereum),
 * and every wallet announcing itself by EIP-6963 (wagmi's multi-injected provider discovery).
 */
export const wagmiConfig = createConfig({
  chains,
  connectors: [builtInWallet(builtInWalletProvider), injected()],
  multiInjectedProviderDiscovery: true,
  transports: {
    [mainnet.id]: http(rpcProxyUrl('mainnet')),
    [goerli.id]: http(rpcProxyUrl('goerli')),
    [polygon.id]: http(rpcProxyUrl('polygon')),
    [ganache.id]: http(rpcProxyUrl('ganache')),
  },
});

declare module 'wagmi' {
  interface Register {
    config: typeof wagmiConfig;
  }
}
