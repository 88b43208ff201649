import { QueryClient } from '@tanstack/react-query';
import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister';
import type { Persister } from '@tanstack/react-query-persist-client';
import { deserialize, serialize } from '../lib/serialize.js';

/** Spec section 9: query cache lifetime and persisted-cache maximum age, 24 hours. */
export const QUERY_CACHE_MAX_AGE_MS = 86_400_000;

/** localStorage key of the persisted cache. */
export const QUERY_CACHE_STORAGE_KEY = 'metatag-query-cache';

/** Bump when cached data shapes change incompatibly: a different buster discards the persisted cache. */
export const QUERY_CACHE_BUSTER = 'metatag-2';

/**
 * Per-query options read by the app (set with `meta` on a query):
 * - `persist: false` keeps the query out of the localStorage cache (the session user, user lists);
 * - `userScoped: true` marks data of the signed-in user, dropped on login and logout.
 */
export interface AppQueryMeta extends Record<string, unknown> {
  persist?: boolean;
  userScoped?: boolean;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: AppQueryMeta;
  }
}

/**
 * The part of a query the persister looks at. Structural on purpose: the persist client bundles its
 * own copy of query-core, whose Query class is a different type.
 */
interface PersistableQuery {
  state: { status: string };
  meta?: Record<string, unknown> | undefined;
}

/**
 * Whether a query is written to the persisted cache: successful ones (TanStack's default) not
 * marked `persist: false`.
 */
export function shouldPersistQuery(query: PersistableQuery): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false;
}

/** Spec section 9: no retries, no refetch on window focus, offline-first network mode. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        retry: false,
        refetchOnWindowFocus: false,
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        networkMode: 'offlineFirst',
      },
    },
  });
}

function browserLocalStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    // Access can throw (storage disabled); the cache then simply is not persisted.
    return undefined;
  }
}

export function createQueryPersister(storage: Storage | undefined = browserLocalStorage()): Persister {
  return createSyncStoragePersister({
    storage,
    key: QUERY_CACHE_STORAGE_KEY,
    serialize,
    deserialize,
  });
}

export const persistOptions = (persister: Persister) => ({
  persister,
  maxAge: QUERY_CACHE_MAX_AGE_MS,
  buster: QUERY_CACHE_BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
});
