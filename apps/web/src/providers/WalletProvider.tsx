import type { ReactNode } from 'react';
import { WagmiProvider } from 'wagmi';
import { wagmiConfig } from './wagmiConfig.js';

/**
 * wagmi + viem for the subtree. Heavy: import it only through `WalletBoundary`, which loads this
 * module as its own chunk. It relies on the app-wide QueryClientProvider from `AppProviders`.
 */
export function WalletProvider({ children }: { children: ReactNode }) {
  return <WagmiProvider config={wagmiConfig}>{children}</WagmiProvider>;
}
