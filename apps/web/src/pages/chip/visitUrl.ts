/** The query parameter of a continuation credential: `/tag/{id}?c=…`. */
export const CONTINUATION_PARAM = 'c';

/**
 * The page's address carrying the continuation credential `c` instead of the tap's SUN parameters
 * (which the tap consumed and which must never travel on): same path and hash, the query is `?c=`.
 */
export function visitUrl(location: Pick<Location, 'origin' | 'pathname' | 'hash'>, c: string): string {
  return `${location.origin}${location.pathname}?${CONTINUATION_PARAM}=${encodeURIComponent(c)}${location.hash}`;
}

/**
 * Puts the continuation credential in the address bar, so a reload or a copied address continues the
 * visit. Behind the router's back on purpose: the page must not react to its own URL change (it would
 * redeem the credential it was just given).
 */
export function showContinuation(c: string): void {
  if (typeof window === 'undefined') return;
  const next = visitUrl(window.location, c);
  window.history.replaceState(window.history.state, '', next);
}
