import {
  collectionProxyDeployedBytecode,
  libraryAddressLocatorDeployedBytecode,
  nftCodeDeployedBytecode,
  tagRelayerDeployedBytecode,
} from '@metatag/contracts';
import { ANY_CASE_ADDRESS_PATTERN } from '@metatag/api-types';

/**
 * CollectionProxy keeps its locator in an immutable, so each collection's runtime code is the build's
 * deployed bytecode with that address written into the immutable's 32-byte slots. Masking the address
 * back out must give the build's code exactly, and the address must really be there (a zero locator
 * would also "match").
 */
export function isCollectionProxyCode(code: string | undefined, locator: string): boolean {
  if (!code || !ANY_CASE_ADDRESS_PATTERN.test(locator)) return false;
  const slot = `000000000000000000000000${locator.slice(2).toLowerCase()}`;
  const actual = code.toLowerCase();
  if (!actual.includes(slot)) return false;
  return actual.split(slot).join('0'.repeat(64)) === collectionProxyDeployedBytecode.toLowerCase();
}

export type ContractKind = 'collection' | 'locator' | 'nftCode' | 'tagRelayer' | 'unknown';

/** Which of our contracts `code` is; a collection is recognised with the locator it names. */
export function contractKind(code: string, collectionLocator: string | null): ContractKind {
  const actual = code.toLowerCase();
  if (actual === libraryAddressLocatorDeployedBytecode.toLowerCase()) return 'locator';
  if (actual === nftCodeDeployedBytecode.toLowerCase()) return 'nftCode';
  // no immutables: every TagRelayer has the build's runtime code exactly
  if (actual === tagRelayerDeployedBytecode.toLowerCase()) return 'tagRelayer';
  if (collectionLocator && isCollectionProxyCode(actual, collectionLocator)) return 'collection';
  return 'unknown';
}
