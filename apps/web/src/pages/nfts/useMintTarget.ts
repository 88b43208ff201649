import type { ChainName } from '../../lib/chains.js';
import { useNetwork } from '../../lib/networks.js';
import { useCollectionMinter, useMyCollections } from '../collections/collectionsApi.js';
import type { NftTemplate } from './nftsApi.js';

/**
 * Where a template mints and why it cannot (spec section 5: an empty collection means the chain's
 * default). The same rules as the server's: a template mints into its own collection only while that
 * collection is attached to the template's owner, and only while MetaTag's relayer is its minter.
 */
export type MintTarget =
  | { state: 'loading' }
  | { state: 'ok'; collection: string; isDefault: boolean }
  | { state: 'no-default' }
  | { state: 'not-attached'; collection: string }
  | { state: 'not-minter'; collection: string; isDefault: boolean; minter: string; relayer: string };

/** `userId`: whose collections the template may use (set when the super admin manages a user's items). */
export function useMintTarget(chain: ChainName, item: NftTemplate, userId?: number): MintTarget {
  const { data: network } = useNetwork(chain);
  const owned = useMyCollections(chain, userId);
  const isDefault = item.collection === '';
  const collection = isDefault ? (network?.defaultCollection ?? '') : item.collection;
  const minter = useCollectionMinterIf(chain, collection);
  if (network === undefined || (!isDefault && owned.isPending)) return { state: 'loading' };
  if (isDefault && collection === '') return { state: 'no-default' };
  if (!isDefault && owned.data && !owned.data.some((c) => c.deployedAddress === collection))
    return { state: 'not-attached', collection };
  const relayer = network?.minter?.toLowerCase() ?? '';
  if (relayer && minter.data !== undefined && minter.data !== relayer)
    return { state: 'not-minter', collection, isDefault, minter: minter.data, relayer };
  return { state: 'ok', collection, isDefault };
}

/** The collection's minter, or nothing to read without a collection. */
function useCollectionMinterIf(chain: ChainName, collection: string) {
  return useCollectionMinter(chain, collection || '0x0000000000000000000000000000000000000000', {
    enabled: collection !== '',
  });
}
