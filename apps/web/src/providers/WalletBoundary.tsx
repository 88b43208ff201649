import { Suspense, lazy, type ReactNode } from 'react';
import { loadChunk } from '../lib/chunkLoad.js';

const LazyWalletProvider = lazy(() =>
  loadChunk(() => import('./WalletProvider.js')).then((module) => ({ default: module.WalletProvider })),
);

/**
 * Wraps routes that use wallets (the admin area, later the wallet actions of chip pages) in the
 * wagmi provider, loaded on demand so pages without wallets never download wagmi/viem. A failed or
 * timed-out load throws a ChunkLoadError to the route error boundary.
 */
export function WalletBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<div className="wallet-loading" aria-busy="true" />}>
      <LazyWalletProvider>{children}</LazyWalletProvider>
    </Suspense>
  );
}
