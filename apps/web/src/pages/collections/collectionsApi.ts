import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from 'viem';
import { BASE_ABI, MINTER_ABI } from '../../lib/abiFragments.js';
import { useConfig } from 'wagmi';
import { readContract } from 'wagmi/actions';
import type { Collection } from '@metatag/api-types';
import { api, isApiError, unwrap } from '../../lib/api.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';
import { ERROR_FETCHING_COLLECTION } from '../../lib/texts.js';
import type { TxData } from '../../wallet/useWalletTransaction.js';

export type { Collection };

/** `GET /json/{chain}/get-my-collections` answers `{ items, error }` (spec section 7). */
interface MyCollectionsReply {
  items?: Collection[];
  error?: string | null;
}

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
      const reply = await api.get<MyCollectionsReply>(`/json/${chain}/get-my-collections`, {
        signal,
        query: { user: userId },
      });
      if (isApiError(reply) || !Array.isArray(reply.items)) throw new Error(ERROR_FETCHING_COLLECTION);
      return reply.items;
    },
    meta: { userScoped: true },
  });

export function useMyCollections(chain: ChainName, userId?: number) {
  return useQuery(myCollectionsQuery(chain, userId));
}

/** Transaction data the deployer prepared for the admin's wallet. */
export interface TxDataReply {
  ok: boolean;
  evm: TxData;
}

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
  return txData(unwrap(await api.post<TxDataReply>('/deploy-collection', input)));
}

/** `POST /json/{chain}/attach-collection-to-user`: the deployer's answer after checking the chain. */
export interface AttachReply {
  ok: boolean;
  item: Collection;
  /** Transaction data pointing the collection's tokenURI base at our metadata endpoint. */
  setBase?: TxData;
  /** The relayer's minter address ('' when unknown). */
  relayer?: string;
  /** Transaction data making the relayer the minter; null when it already is (or is unknown). */
  setMinter?: TxData | null;
}

/** The server's answer when the collection's owner is not a wallet of the account. */
export const OWNER_PROOF_REQUIRED = 'owner_proof_required';

export async function attachCollection(
  chain: ChainName,
  input: { deployedAddress: string; name: string; symbol: string; txHash: string },
  ownerSignature?: { signature: string; deadline: string },
): Promise<AttachReply> {
  const { txHash, ...dataToSave } = input;
  return unwrap(
    await api.post<AttachReply>(`/json/${chain}/attach-collection-to-user`, {
      dataToSave,
      txHash,
      ...(ownerSignature ? { ownerSignature } : {}),
    }),
  );
}

/** `POST /json/{chain}/contracts/{address}/set-base {}` → `{ ok, evm }`: setBase(our metadata endpoint). */
export async function prepareSetBase(chain: ChainName, address: string): Promise<TxData> {
  return txData(unwrap(await api.post<TxDataReply>(`/json/${chain}/contracts/${address}/set-base`, {})));
}

/** `POST /json/{chain}/contracts/{address}/set-minter` → `{ ok, evm }`: setMinter(the relayer). */
export async function prepareSetMinter(chain: ChainName, address: string): Promise<TxData> {
  return txData(
    unwrap(await api.post<TxDataReply>(`/json/${chain}/contracts/${address}/set-minter`, undefined)),
  );
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
