import { useState, type ReactNode } from 'react';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createQueryClient, createQueryPersister, persistOptions } from './queryClient.js';

/**
 * App-wide providers: TanStack Query with the spec's 24 h cache persisted to localStorage. Wallet
 * providers are not here on purpose; see WalletBoundary.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [options] = useState(() => persistOptions(createQueryPersister()));
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={options}>
      {children}
    </PersistQueryClientProvider>
  );
}
