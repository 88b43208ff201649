import { routeUrl } from '@metatag/api-types';
import type { ChainName } from '../../lib/chains.js';

/** Spec section 9: the marketplace link of child tokens points to a test network. */
const CHILD_MARKET_NETWORK: Record<ChainName, string> = {
  mainnet: 'goerli',
  goerli: 'goerli',
  polygon: 'mumbai',
  ganache: 'goerli',
};

/** A child token's marketplace page, on the test network of its chain (spec section 9). */
export function childMarketplaceUrl(chain: ChainName, collection: string, tokenId: string): string {
  return `https://testnets.opensea.io/assets/${CHILD_MARKET_NETWORK[chain]}/${collection}/${tokenId}`;
}

/** The check link the mint flow writes into descriptions (spec section 4). */
export const checkParentPath = (chain: string, collection: string, tokenId: string) =>
  `/${chain}/check-parent/${collection.toLowerCase()}/${tokenId}`;

/** The token's metadata as wallets and marketplaces read it. */
export const tokenMetadataPath = (chain: string, collection: string, tokenId: string) =>
  routeUrl('tokenMetadata', { params: { chain, collection: collection.toLowerCase(), tokenId } });

/** A long uint256 (child ids are above 2^255) shortened for a narrow screen; the title keeps it whole. */
export function shortTokenId(tokenId: string): string {
  return tokenId.length > 16 ? `${tokenId.slice(0, 6)}…${tokenId.slice(-6)}` : tokenId;
}

/** Redeemed = transfers disallowed (ERC-5192 Locked); the chain has one bit for it. */
export const REDEEMED = 'Redeemed (untransferable)';
export const TRANSFERABLE = 'Transferable';
