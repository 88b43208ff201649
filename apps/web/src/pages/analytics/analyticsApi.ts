import { queryOptions } from '@tanstack/react-query';
import type { ScanAnalytics } from '@metatag/api-types';
import { api, unwrap, withQuery } from '../../lib/api.js';

export type { ScanAnalytics };

export interface DayRange {
  from?: string;
  to?: string;
}

export const templateAnalyticsQuery = (nftId: number, range: DayRange) =>
  queryOptions({
    queryKey: ['analytics', 'template', nftId, range.from ?? '', range.to ?? ''],
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<ScanAnalytics>(`/json/analytics/template/${nftId}`, {
          query: { from: range.from, to: range.to },
          signal,
        }),
      ),
    meta: { persist: false },
  });

/** The scans of the range as CSV (the gateway streams it as a download). */
export const scansCsvPath = (nftId: number, range: DayRange) =>
  withQuery(`/json/analytics/template/${nftId}/scans.csv`, { from: range.from, to: range.to });
