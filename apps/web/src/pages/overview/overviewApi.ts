import { useQuery } from '@tanstack/react-query';
import type { MintsOverviewReply } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import type { ChainName } from '../../lib/chains.js';
import { typedApi } from '../../lib/typedApi.js';
import { MINTS_POLL_MS, useNfts } from '../nfts/nftsApi.js';
import { sumTemplates, sumWeek } from './overviewStats.js';

export type { MintsOverviewReply };

/**
 * The owner's business on a chain, from routes that answer only the caller's own objects: their
 * templates (chips and links counts) and, over ALL their templates, the mint ledger's mints (per day,
 * per collection, the latest) with each day's scans — the same ledger as the mints lists (#30).
 */
export function useOverview(chain: ChainName) {
  const templates = useNfts({ chain });
  const mints = useQuery({
    queryKey: ['mints-overview', chain],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('mintsOverview', { params: { chain } }, { signal })),
    refetchInterval: MINTS_POLL_MS * 4,
    meta: { persist: false, userScoped: true },
  });
  return {
    templates,
    counts: sumTemplates(templates.data ?? []),
    mints,
    activity: sumWeek(mints.data?.perDay ?? []),
  };
}
