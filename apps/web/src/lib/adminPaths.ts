import { isChainName, type ChainName } from './chains.js';

/** Paths of the admin area (spec section 2). */
export const loginPath = (chain: ChainName) => `/${chain}/admin/login`;
export const superAdminPath = (chain: ChainName) => `/${chain}/admin/super-admin`;
export const collectionsPath = (chain: ChainName) => `/${chain}/admin/collections`;

/** The NFC-NFT linker has no chain segment. */
export const NFC_NFT_PATH = '/admin/nfc-nft';

/** After a login a super admin goes to the super-admin page, any other user to the collections. */
export function landingPath(chain: ChainName, user: { isSuperAdmin: boolean }): string {
  return user.isSuperAdmin ? superAdminPath(chain) : collectionsPath(chain);
}

/**
 * Whether a path belongs to the admin area, whose pages (and header items) use wallets:
 * `/{chain}/admin/...` and `/admin/...`. Public pages (chip, link, search...) do not.
 */
export function isAdminAreaPath(pathname: string): boolean {
  const [, first, second] = pathname.split(/[?#]/, 1)[0].split('/');
  if (first === 'admin') return true;
  return isChainName(first) && second === 'admin';
}
