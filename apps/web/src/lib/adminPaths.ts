import type { ChainName } from './chains.js';

/** Paths of the admin area (spec section 2). */
export const loginPath = (chain: ChainName) => `/${chain}/admin/login`;
export const superAdminPath = (chain: ChainName) => `/${chain}/admin/super-admin`;
export const collectionsPath = (chain: ChainName) => `/${chain}/admin/collections`;
/** The collection area (spec section 2); its NFT templates table is at `nfts`. */
export const collectionPath = (chain: ChainName, address: string) => `/${chain}/admin/collection/${address}`;
export const collectionNftsPath = (chain: ChainName, address: string) =>
  `${collectionPath(chain, address)}/nfts`;
/** The signed-in user's NFT templates of the chain, across collections. */
export const panelNftsPath = (chain: ChainName) => `/${chain}/admin/panel/nfts`;
/** Per-user items (spec section 2): the super admin looks at another user's templates. */
export const userPanelNftsPath = (userId: number, chain: ChainName) =>
  `/user/${userId}/${chain}/admin/panel/nfts`;

/** The super admin's view of one user's relayer balance and ledger on a chain. */
export const userLedgerPath = (userId: number, chain: ChainName) => `/user/${userId}/${chain}/admin/ledger`;

/** The NFC-NFT linker has no chain segment. */
export const NFC_NFT_PATH = '/admin/nfc-nft';

/** After a login a super admin goes to the super-admin page, any other user to the collections. */
export function landingPath(chain: ChainName, user: { isSuperAdmin: boolean }): string {
  return user.isSuperAdmin ? superAdminPath(chain) : collectionsPath(chain);
}

/**
 * Whether the header shows the wallet items (spec section 2, "Header": the wallet address, its
 * connection and NEW WALLET): on every page that has the header, i.e. all but the public chip and
 * link pages and the terms, which have their own look. Issue #30 found them missing on check-parent,
 * redeem, mint-flow, search and email-nft.
 */
export function showsHeaderWallet(pathname: string): boolean {
  const [, first] = pathname.split(/[?#]/, 1)[0].split('/');
  return !['tag', 'link', 'terms'].includes(first);
}
