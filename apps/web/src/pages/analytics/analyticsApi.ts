import { queryOptions } from '@tanstack/react-query';
import { routeUrl, type ScanAnalytics } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

export type { ScanAnalytics };

export interface DayRange {
  from?: string;
  to?: string;
}

/** What the analytics are of: one template, or a collection (its templates). */
export type AnalyticsScope = { nftId: number } | { chain: string; address: string };

const rangeQuery = (range: DayRange) => ({ from: range.from, to: range.to });

/** The scope's analytics URL (also the query key: one cache entry per template or collection). */
const scopePath = (scope: AnalyticsScope) =>
  'nftId' in scope
    ? routeUrl('templateAnalytics', { params: { nftId: scope.nftId } })
    : routeUrl('collectionAnalytics', { params: { chain: scope.chain, address: scope.address } });

export const analyticsQuery = (scope: AnalyticsScope, range: DayRange) =>
  queryOptions({
    queryKey: ['analytics', scopePath(scope), range.from ?? '', range.to ?? ''],
    queryFn: async ({ signal }): Promise<ScanAnalytics> =>
      unwrap(
        'nftId' in scope
          ? await typedApi.call(
              'templateAnalytics',
              { params: { nftId: scope.nftId }, query: rangeQuery(range) },
              { signal },
            )
          : await typedApi.call(
              'collectionAnalytics',
              { params: { chain: scope.chain, address: scope.address }, query: rangeQuery(range) },
              { signal },
            ),
      ),
    meta: { persist: false },
  });

/** Current owners of the scope's tokens (chain index); not limited by the range. */
export const ownersCsvPath = (scope: AnalyticsScope) =>
  'nftId' in scope
    ? routeUrl('templateOwnersCsv', { params: { nftId: scope.nftId } })
    : routeUrl('collectionOwnersCsv', { params: { chain: scope.chain, address: scope.address } });

/** The scans of the range as CSV (the gateway streams it as a download). */
export const scansCsvPath = (scope: AnalyticsScope, range: DayRange) =>
  'nftId' in scope
    ? routeUrl('templateAnalyticsCsv', { params: { nftId: scope.nftId }, query: rangeQuery(range) })
    : routeUrl('collectionAnalyticsCsv', {
        params: { chain: scope.chain, address: scope.address },
        query: rangeQuery(range),
      });
