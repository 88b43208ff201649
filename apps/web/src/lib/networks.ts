import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NetworkEntry as ChainNetworkEntry } from '@metatag/contracts';
import { unwrap } from './api.js';
import { typedApi } from './typedApi.js';
import type { ChainName } from './chains.js';

/**
 * A row of the network table (spec section 3, "Network entry", with `relayer`: the chain's TagRelayer
 * contract, '' when none), plus `minter`: the address the relayer mints with on the chain ('' when
 * unknown; a collection needs it as its minter), and the chain's default collection, where templates
 * without a collection mint ('' when it has none): configured by the operator, registered by the
 * super admin, or none.
 */
export type NetworkEntry = ChainNetworkEntry & {
  minter?: string;
  defaultCollection?: string;
  defaultCollectionSource?: 'config' | 'registered' | 'none';
};

/** `GET /json/networks`: the network table of the interface chains. */
export interface NetworksReply {
  items: Partial<Record<ChainName, NetworkEntry>>;
}

export const networksQuery = queryOptions({
  queryKey: ['networks'],
  queryFn: async ({ signal }) => unwrap(await typedApi.call('networks', {}, { signal })).items,
  // The locators come from the server's configuration: read them again on every page that needs them.
  staleTime: 0,
});

/** The network entry of a chain; `data` is undefined while loading, null when the chain has none. */
export function useNetwork(chain: ChainName) {
  return useQuery({ ...networksQuery, select: (items) => items[chain] ?? null });
}

/** Explorer link of a transaction, or undefined on a chain without an explorer (ganache). */
export function txExplorerUrl(network: NetworkEntry | null | undefined, hash: string): string | undefined {
  return network?.tx_explorer ? `${network.tx_explorer}${hash}` : undefined;
}

/** Explorer link of an address, or undefined on a chain without an explorer (ganache). */
export function addressExplorerUrl(
  network: NetworkEntry | null | undefined,
  address: string,
): string | undefined {
  return network?.address_explorer ? `${network.address_explorer}${address}` : undefined;
}

/** A token's marketplace page (OpenSea), else its explorer page; undefined on a chain with neither. */
export function marketplaceTokenUrl(
  network: NetworkEntry | null | undefined,
  collection: string,
  tokenId: string,
): string | undefined {
  if (network?.token_explorer_opensea) return `${network.token_explorer_opensea}${collection}/${tokenId}`;
  if (network?.token_explorer) return `${network.token_explorer}${collection}?a=${tokenId}`;
  return undefined;
}
