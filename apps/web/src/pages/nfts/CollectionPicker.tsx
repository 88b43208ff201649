import { useId, useState } from 'react';
import type { ChainName } from '../../lib/chains.js';
import { shortAddress } from '../../lib/format.js';
import { useNetwork } from '../../lib/networks.js';
import { useMyCollections } from '../collections/collectionsApi.js';
import { useUpdateNftField, type NftTemplate } from './nftsApi.js';

/**
 * A template's Collection (spec sections 3 and 5: an address, or empty for the default): a choice
 * among the owner's attached collections and the chain's default collection, never a typed address
 * (the server refuses other collections too). A collection that is no longer the owner's stays
 * listed as it is, marked, until another is chosen.
 */
export function CollectionPicker({
  chain,
  item,
  userId,
}: {
  chain: ChainName;
  item: NftTemplate;
  /** Whose collections: set when the super admin manages another user's items. */
  userId?: number;
}) {
  const id = useId();
  const { data: network } = useNetwork(chain);
  const collections = useMyCollections(chain, userId);
  const update = useUpdateNftField(chain);
  const [error, setError] = useState<string | null>(null);
  const fallback = network?.defaultCollection ?? '';
  const owned = collections.data ?? [];
  const foreign = item.collection !== '' && !owned.some((c) => c.deployedAddress === item.collection);

  const change = async (value: string) => {
    setError(null);
    if (value === item.collection) return;
    try {
      await update.mutateAsync({ id: item.id, field: 'collection', value });
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : 'server error');
    }
  };

  return (
    <div className="collection-picker">
      <label className="visually-hidden" htmlFor={id}>
        collection of NFT {item.id}
      </label>
      <select
        id={id}
        className="mt-input collection-picker__select"
        value={item.collection}
        title={item.collection || fallback || undefined}
        disabled={update.isPending || collections.isPending}
        aria-invalid={foreign || undefined}
        onChange={(event) => void change(event.target.value)}
      >
        <option value="">
          {fallback
            ? `Default collection (${shortAddress(fallback)})`
            : `Default collection (none on ${chain})`}
        </option>
        {owned.map((collection) => (
          <option key={collection.deployedAddress} value={collection.deployedAddress}>
            {collection.name} ({collection.symbol}) {shortAddress(collection.deployedAddress)}
          </option>
        ))}
        {foreign && (
          <option value={item.collection}>
            {shortAddress(item.collection)} (not an attached collection)
          </option>
        )}
      </select>
      {error && (
        <span className="mt-error-text" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
