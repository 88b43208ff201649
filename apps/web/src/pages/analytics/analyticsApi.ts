import { queryOptions } from '@tanstack/react-query';
import type { ScanAnalytics } from '@metatag/api-types';
import { api, unwrap, withQuery } from '../../lib/api.js';

export type { ScanAnalytics };

export interface DayRange {
  from?: string;
  to?: string;
}

/** What the analytics are of: one template, or a collection (its templates). */
export type AnalyticsScope = { nftId: number } | { chain: string; address: string };

const scopePath = (scope: AnalyticsScope) =>
  'nftId' in scope
    ? `/json/analytics/template/${scope.nftId}`
    : `/json/analytics/collection/${scope.chain}/${scope.address}`;

export const analyticsQuery = (scope: AnalyticsScope, range: DayRange) =>
  queryOptions({
    queryKey: ['analytics', scopePath(scope), range.from ?? '', range.to ?? ''],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<ScanAnalytics>(scopePath(scope), {
          query: { from: range.from, to: range.to },
          signal,
        }),
      ),
    meta: { persist: false },
  });

/** The scans of the range as CSV (the gateway streams it as a download). */
/** Current owners of the scope's tokens (chain index); not limited by the range. */
export const ownersCsvPath = (scope: AnalyticsScope) => `${scopePath(scope)}/owners.csv`;

export const scansCsvPath = (scope: AnalyticsScope, range: DayRange) =>
  withQuery(`${scopePath(scope)}/scans.csv`, { from: range.from, to: range.to });
