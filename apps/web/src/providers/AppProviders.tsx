import { useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { createQueryClient, createQueryPersister, persistOptions } from './queryClient.js';

/**
 * App-wide providers: TanStack Query with the spec's 24 h cache persisted to localStorage. Wallet
 * providers are not here on purpose; see WalletBoundary. The server renders the chip pages inside the
 * same providers (src/ssr/chipPage.server.tsx), so the browser hydrates the same tree.
 */
export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  // `client`: one made before the first render, seeded with a server-rendered page's data
  const [queryClient] = useState(() => client ?? createQueryClient());
  const [options] = useState(() => persistOptions(createQueryPersister()));
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={options}>
      {children}
    </PersistQueryClientProvider>
  );
}
