import type { RouteArgs, RouteReply } from '@metatag/api-types';
import { api, type ApiResult } from './api.js';

/**
 * The two calls of a tap's first moments (the chip page's early entry: chipEarly.ts → chipCheck.ts),
 * typed by the route table but without importing it: `API_ROUTES` carries zod and every route's
 * schemas (≈ 40 KB compressed), which the early entry would have to download and parse before the
 * check could start — the spec's 1 s delay counts from there (bench:page). scanApi.spec.ts checks
 * these methods and paths against the table, so they cannot drift.
 */
export const SCAN_ROUTES = {
  checkTag: { method: 'POST', path: '/json/check-tag' },
  continueVisit: { method: 'POST', path: '/json/check-tag/continue' },
  // a tap of a batch's one URL (issue #26) is a tap's first moment too
  checkBatchTap: { method: 'POST', path: '/json/check-batch-tap' },
} as const;

type ScanRoute = keyof typeof SCAN_ROUTES;

/** Calls a scan route by name, like `typedApi.call` (same envelope and error shape). */
export function scanCall<N extends ScanRoute>(
  name: N,
  args: RouteArgs<N>,
): Promise<ApiResult<RouteReply<N>>> {
  const route = SCAN_ROUTES[name];
  return api.request<RouteReply<N>>(route.path, { method: route.method, body: args.body });
}
