import { useEffect, useState } from 'react';
import { isApiError } from '../../lib/api.js';
import type { AuthState, ChiplinkType } from './chipActions.js';
import { checkTagOnce, continueVisitOnce, type CheckTagReply } from './chipApi.js';
import { checkStartedAt, type ChipProof } from './chipCheck.js';
import { AUTH_DELAY_MS, XHR_ERROR } from './chipTexts.js';
import { pendingRelayOf, type PendingRelay } from './pendingRelay.js';
import { showContinuation } from './visitUrl.js';

export interface ChipAuthentication {
  state: AuthState;
  /** The scan token of an accepted scan: later calls of this visit present it instead of the SUN. */
  jwt: string | null;
  /** The continuation credential now in the page's URL (`?c=`): what wallet deep links carry. */
  continuation: string | null;
  /** The chip's pending NFC-NFT transaction, authorized for this tap: the page sends it instead of opening the url. */
  pending: PendingRelay | null;
  /** The TagTamper letters a TT chip's tap mirrored (issue #26), null without. */
  tamper: string | null;
  /** The tap's decrypted file data (hex), null without. */
  fileData: string | null;
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

const NONE: ChipAuthentication = {
  state: 'none',
  jwt: null,
  continuation: null,
  pending: null,
  tamper: null,
  fileData: null,
};

/**
 * Chip authentication (spec section 4): starts when the page was opened with a tap (its query string
 * in any SUN layout, sent exactly as written; see tapQuery.ts); Checking, then
 * after at least 1 second 'MetaTag Was Authenticated' or 'Not Authentic'. A request that fails is a
 * failure too, alerted as 'xhr error'. With a url and a jwt (the utility token) and no pending
 * transaction, the url opens in a new tab with the jwt. Links need no authentication.
 *
 * After a verified tap the URL's SUN parameters (consumed) are replaced by the tap's continuation
 * credential `?c=`; a page opened with `?c=` (a reload, or a wallet app's browser) redeems it for a
 * fresh scan token of the same tap and shows the next credential. A spent or expired one is 'expired':
 * the page asks for a new tap.
 */
export function useChipAuthentication(
  type: ChiplinkType,
  id: string,
  pageProof: ChipProof | null,
): ChipAuthentication {
  const proof = type === 'chip' ? pageProof : null;
  const [result, setResult] = useState<ChipAuthentication>(proof ? { ...NONE, state: 'checking' } : NONE);
  const authKey = proof ? ('tap' in proof ? `a:${proof.tap}` : `c:${proof.c}`) : '';

  useEffect(() => {
    if (!authKey) {
      setResult(NONE);
      return;
    }
    let cancelled = false;
    const isTap = authKey.startsWith('a:');
    const value = authKey.slice(2);
    setResult({ ...NONE, state: 'checking' });
    const request = isTap ? checkTagOnce(id, value) : continueVisitOnce(id, value);
    // the spec's 1 s counts from the request's start, which the early script may have made already
    const since =
      performance.now() - (checkStartedAt(id, isTap ? { tap: value } : { c: value }) ?? performance.now());
    // the check answers failures as values; `cancelled` drops a reply after unmount
    void Promise.all([request, sleep(Math.max(0, AUTH_DELAY_MS - since))]).then(([reply]) => {
      if (cancelled) return;
      if (isApiError(reply)) {
        setResult({ ...NONE, state: 'failed' });
        window.alert(XHR_ERROR);
        return;
      }
      if (reply.ok !== true) {
        setResult({ ...NONE, state: isTap ? 'failed' : 'expired' });
        return;
      }
      if (reply.continuation) showContinuation(reply.continuation);
      setResult({
        state: 'ok',
        jwt: reply.scanToken,
        continuation: reply.continuation,
        pending: pendingRelayOf(reply),
        tamper: reply.tamper ?? null,
        fileData: reply.fileData ?? null,
      });
      if (isTap) openUtility(reply);
    });
    return () => {
      cancelled = true;
    };
  }, [authKey, id]);

  return result;
}

function openUtility(reply: CheckTagReply): void {
  if (!reply.url || !reply.jwt || reply.pendingTransactionData || !openable(reply.url)) return;
  window.open(utilityUrlWithJwt(reply.url, reply.jwt), '_blank', 'noopener');
}
