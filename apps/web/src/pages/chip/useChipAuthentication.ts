import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api.js';
import type { AuthState, ChiplinkType } from './chipActions.js';
import { checkTagOnce, type CheckTagReply } from './chipApi.js';
import { AUTH_DELAY_MS, XHR_ERROR } from './chipTexts.js';

export interface ChipAuthentication {
  state: AuthState;
  /** The scan token of an accepted scan: later calls of this visit present it instead of the SUN. */
  jwt: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `url?jwt=…` (or `&jwt=` when the url has a query already). */
export function utilityUrlWithJwt(url: string, jwt: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}jwt=${encodeURIComponent(jwt)}`;
}

/** Only http(s) targets are opened: the url comes from an admin's template. */
function openable(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/**
 * Chip authentication (spec section 4): starts when the page was opened with a tap (`tap`: its query
 * string in any SUN layout, sent exactly as written; see tapQuery.ts); Checking, then
 * after at least 1 second 'MetaTag Was Authenticated' or 'Not Authentic'. A request that fails is a
 * failure too, alerted as 'xhr error'. With a url and a jwt and no pending transaction, the url opens
 * in a new tab with the jwt. Links need no authentication.
 */
export function useChipAuthentication(
  type: ChiplinkType,
  id: string,
  tap: string | null,
): ChipAuthentication {
  const active = type === 'chip' && !!tap;
  const [result, setResult] = useState<ChipAuthentication>({
    state: active ? 'checking' : 'none',
    jwt: null,
  });

  useEffect(() => {
    if (!active || !tap) {
      setResult({ state: 'none', jwt: null });
      return;
    }
    let cancelled = false;
    setResult({ state: 'checking', jwt: null });
    void Promise.all([checkTagOnce(id, tap), sleep(AUTH_DELAY_MS)]).then(([reply]) => {
      if (cancelled) return;
      if (isApiError(reply)) {
        setResult({ state: 'failed', jwt: null });
        window.alert(XHR_ERROR);
        return;
      }
      const ok = reply.ok === true;
      setResult({ state: ok ? 'ok' : 'failed', jwt: ok ? reply.jwt : null });
      if (ok) openUtility(reply);
    });
    return () => {
      cancelled = true;
    };
  }, [active, tap, id]);

  return result;
}

function openUtility(reply: CheckTagReply): void {
  if (!reply.url || !reply.jwt || reply.pendingTransactionData || !openable(reply.url)) return;
  window.open(utilityUrlWithJwt(reply.url, reply.jwt), '_blank', 'noopener');
}
