/**
 * Path prefixes of the JSON API (spec section 7) and operations endpoints. An unmatched path under
 * one of these gets a JSON 404; any other unmatched GET is a page and gets the SPA.
 */
const API_PREFIXES = [
  '/json/',
  '/api/',
  '/auth/',
  '/e/',
  '/password-login',
  '/deploy-collection',
  '/deploy-nft-code',
  '/deploy-library-locator',
  '/deploy-tag-relayer',
  '/nft-media/',
  '/nft-media-metadata/',
  '/scans',
  '/woo_commmerce_access_token',
  '/woocommerce-webhook',
  '/nfc-nft',
  '/is_i_owner',
  '/healthz',
  '/readyz',
  '/metadata/',
];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix));
}
