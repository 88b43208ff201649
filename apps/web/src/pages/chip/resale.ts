import { queryOptions } from '@tanstack/react-query';
import { SCAN_TOKEN_HEADER, type ResaleClaim, type ResaleReply, type ResaleStatus } from '@metatag/api-types';
import { isApiError, unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

/** The chip's resale setting and latest claim (issue #32 item 2), read again every 30 s. */
export const resaleQuery = (id: string) =>
  queryOptions({
    queryKey: ['resale', id],
    queryFn: async ({ signal }): Promise<ResaleStatus> =>
      unwrap(await typedApi.call('resaleStatus', { params: { id } }, { signal })),
    refetchInterval: 30_000,
  });

export type ResaleBody =
  | { action: 'open' | 'complete'; to: string }
  | { action: 'cancel'; address: string; signature: string; timestamp: number };

/** `POST /json/resale/{id}` with this visit's scan token in a header (never in a URL). */
export async function postResale(
  id: string,
  body: ResaleBody,
  scanToken: string | null,
): Promise<ResaleReply> {
  const result = await typedApi.call(
    'resaleAction',
    { params: { id }, body },
    { headers: scanToken ? { [SCAN_TOKEN_HEADER]: scanToken } : undefined },
  );
  if (isApiError(result))
    return { ok: false, errorMessage: result.errorMessage ?? result.error, reason: 'resale_off' };
  return result;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The notice on the chip page while a claim waits; who asked is never known to the page. */
export function pendingNotice(claim: ResaleClaim): string {
  return `Someone who tapped this chip asked for this item. It moves to them on ${when(claim.dueAt)} unless the owner locks it: a token still locked then does not move.`;
}

export function isDue(claim: ResaleClaim, now: number): boolean {
  return claim.status === 'pending' && Date.parse(claim.dueAt) <= now;
}

export { when as resaleTime };
