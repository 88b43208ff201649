import { queryOptions } from '@tanstack/react-query';
import type { SearchKind } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: async ({ signal }) => unwrap(await typedApi.call('search', { query: { q } }, { signal })),
    enabled: q.trim() !== '',
    staleTime: 10_000,
    meta: { persist: false },
  });

export const KIND_LABELS: Record<SearchKind, string> = {
  chip: 'Chips',
  link: 'QR links',
  token: 'Tokens',
  template: 'NFT templates',
  collection: 'Collections',
  transaction: 'Transactions',
};

/** `/search/{encoded query}` (spec section 2). */
export const searchPath = (q: string) => `/search/${encodeURIComponent(q.trim())}`;
