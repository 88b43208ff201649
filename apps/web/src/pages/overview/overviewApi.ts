import { useQueries } from '@tanstack/react-query';
import type { ChainName } from '../../lib/chains.js';
import { analyticsQuery } from '../analytics/analyticsApi.js';
import { useNfts } from '../nfts/nftsApi.js';
import { lastDays, sumDays, sumTemplates } from './overviewStats.js';

/** Templates whose analytics the overview reads (the most recent ones): one request each. */
export const OVERVIEW_TEMPLATES = 20;

/**
 * The owner's business on a chain, from routes that already answer only the caller's own objects:
 * their templates (with chips, links and mints counts) and each template's scans and mints per day.
 */
export function useOverview(chain: ChainName) {
  const templates = useNfts({ chain });
  const days = lastDays(new Date(), 7);
  const range = { from: days[0], to: days[days.length - 1] };
  const shown = (templates.data ?? []).slice(0, OVERVIEW_TEMPLATES);
  const analytics = useQueries({
    queries: shown.map((template) => analyticsQuery({ nftId: template.id }, range)),
  });
  const loaded = analytics.flatMap((query) => (query.data ? [query.data] : []));
  return {
    templates,
    counts: sumTemplates(templates.data ?? []),
    activity: sumDays(loaded, days),
    activityPending: analytics.some((query) => query.isPending),
  };
}
