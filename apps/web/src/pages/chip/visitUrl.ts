/**
 * The query parameter of a continuation credential: `/tag/{id}?mtv=…`. It was `c`, which boltcard's
 * and NXP AN12196's tap URLs use for their MAC (issue #26): old `?c=` links still continue when `c`
 * is a credential (47 base64url characters) and nothing else is in the query.
 */
export const CONTINUATION_PARAM = 'mtv';
/** The parameter of continuation links made before `mtv`. */
export const LEGACY_CONTINUATION_PARAM = 'c';
/** A continuation credential: 35 bytes in base64url (apps/chiplinks continuation.ts). */
export const CREDENTIAL = /^[A-Za-z0-9_-]{47}$/;

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
