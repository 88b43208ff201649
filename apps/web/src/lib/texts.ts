/**
 * User-visible texts of the spec (sections 2, 4 and 8), verbatim: misspellings included, they are
 * part of the contract.
 */
export const NO_COLLECTIONS = 'No collections yet.';
export const ERROR_FETCHING_COLLECTION = 'Error fetching collection.';
export const NO_TEMPLATES = "No NFT's templates yet...";
export const CANNOT_ADD = 'cannot add';
export const ERRROR = 'errror';
export const FILE_TOO_BIG = 'File size is to big';
export const NOT_MINTED = "This NFT didn't minted yet";
export const NO_DATA = 'No data yet';
export const INVALID_ADDRESS = 'Invalid address';
export const CANNOT_LINK = 'Cannot link';
export const ONE_NFT_PER = 'One NFT per chip or link';
export const MULTIPLE_NFTS_PER = 'Multiple NFTs per chip or link';

/** Spec sections 5 and 8: the wallet must be on the page's chain, or the transaction is not sent. */
export function walletNotOnChain(chain: string): string {
  return `Your wallet is not in the ${chain} chain.`;
}

/** Spec section 8 only paraphrases this notice ("raise the wallet gas limit to 5,000,000"); our wording. */
export const GAS_LIMIT_NOTICE =
  'This transaction creates a contract: raise your wallet’s gas limit to 5,000,000 if it asks.';
