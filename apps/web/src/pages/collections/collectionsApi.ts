import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { BASE_ABI, MINTER_ABI } from '../../lib/abiFragments.js';
import { useConfig } from 'wagmi';
import { readContract } from 'wagmi/actions';
import type { Collection, RouteReply } from '@metatag/api-types';
import { isApiError, unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { ERROR_FETCHING_COLLECTION } from '../../lib/texts.js';
import type { TxData } from '../../wallet/useWalletTransaction.js';

export type { Collection };

/** Every collections list of a chain (the user's own, or another user's for the super admin). */
export const myCollectionsKey = (chain: ChainName) => ['collections', chain] as const;

/**
 * The signed-in user's collections on a chain (or, for the super admin, user `userId`'s:
 * `?user=`); any failure is 'Error fetching collection.' (spec 8).
 */
export const myCollectionsQuery = (chain: ChainName, userId?: number) =>
  queryOptions({
    queryKey: [...myCollectionsKey(chain), userId ?? 'me'] as const,
    queryFn: async ({ signal }) => {
      // answers `{ items, error }` (spec section 7)
      const reply = await typedApi.call(
        'myCollections',
        { params: { chain }, query: { user: userId } },
        { signal },
      );
      if (isApiError(reply) || !Array.isArray(reply.items)) throw new Error(ERROR_FETCHING_COLLECTION);
      return reply.items;
    },
    meta: { userScoped: true },
  });

/** `enabled: false` while nobody is signed in (the list answers 401 then: no request, no console error). */
export function useMyCollections(chain: ChainName, userId?: number, enabled = true) {
  return useQuery({ ...myCollectionsQuery(chain, userId), enabled });
}

/** Transaction data the deployer prepared for the admin's wallet. */
export type TxDataReply = RouteReply<'deployCollection'>;

function txData(reply: TxDataReply): TxData {
  if (!reply.ok || !reply.evm || typeof reply.evm.data !== 'string') throw new Error('server error');
  return reply.evm;
}

/** `POST /deploy-collection {chain, name, symbol, libraryAddress}` → `{ ok, evm }`. */
export async function prepareCollectionDeployment(input: {
  chain: ChainName;
  name: string;
  symbol: string;
  libraryAddress: string;
}): Promise<TxData> {
  return txData(unwrap(await typedApi.call('deployCollection', { body: input })));
}

/** `POST /json/{chain}/attach-collection-to-user`: the deployer's answer after checking the chain. */
export type AttachReply = RouteReply<'attachCollection'>;

/** The server's answer when the collection's owner is not a wallet of the account. */
export const OWNER_PROOF_REQUIRED = 'owner_proof_required';

export async function attachCollection(
  chain: ChainName,
  input: { deployedAddress: string; name: string; symbol: string; txHash: string },
  ownerSignature?: { signature: string; deadline: string },
): Promise<AttachReply> {
  const { txHash, ...dataToSave } = input;
  return unwrap(
    await typedApi.call('attachCollection', {
      params: { chain },
      body: { dataToSave, txHash, ...(ownerSignature ? { ownerSignature } : {}) },
    }),
  );
}

/** `POST /json/{chain}/contracts/{address}/set-base {}` → `{ ok, evm }`: setBase(our metadata endpoint). */
export async function prepareSetBase(chain: ChainName, address: string): Promise<TxData> {
  return txData(unwrap(await typedApi.call('setBase', { params: { chain, address }, body: {} })));
}

/** `POST /json/{chain}/contracts/{address}/set-minter` → `{ ok, evm }`: setMinter(the relayer). */
export async function prepareSetMinter(chain: ChainName, address: string): Promise<TxData> {
  return txData(unwrap(await typedApi.call('setMinter', { params: { chain, address } })));
}

export const collectionMintersKey = (chain: ChainName) => ['collection-minter', chain] as const;

/**
 * The collection's `minter()`, read from the chain through our RPC proxy (lower-case). It changes
 * with a transaction of the owner, after which the page invalidates it; never persisted.
 */
export function useCollectionMinter(chain: ChainName, address: string, options: { enabled?: boolean } = {}) {
  const config = useConfig();
  return useQuery({
    enabled: options.enabled ?? true,
    queryKey: [...collectionMintersKey(chain), address],
    queryFn: async () =>
      (
        await readContract(config, {
          address: address as Address,
          abi: MINTER_ABI,
          functionName: 'minter',
          chainId: CHAIN_IDS[chain],
        })
      ).toLowerCase(),
    meta: { persist: false },
  });
}

export const collectionBasesKey = (chain: ChainName) => ['collection-base', chain] as const;

/** The collection's tokenURI base (`base()`), read from the chain; never persisted. */
export function useCollectionBase(chain: ChainName, address: string) {
  const config = useConfig();
  return useQuery({
    queryKey: [...collectionBasesKey(chain), address],
    queryFn: () =>
      readContract(config, {
        address: address as Address,
        abi: BASE_ABI,
        functionName: 'base',
        chainId: CHAIN_IDS[chain],
      }),
    meta: { persist: false },
  });
}
