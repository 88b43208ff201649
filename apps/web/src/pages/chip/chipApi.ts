import { queryOptions } from '@tanstack/react-query';
import {
  SCAN_TOKEN_HEADER,
  type CheckTagReply,
  type ChiplinkLookupReply,
  type ChiplinkTokenState,
  type CollectionTemplate,
  type MintDataReply,
} from '@metatag/api-types';
import { isApiError, unwrap } from '../../lib/api.js';
import type { ChiplinkType } from './chipActions.js';
import { typedApi } from '../../lib/typedApi.js';

export type { CheckTagReply, ChiplinkLookupReply, ChiplinkTokenState, CollectionTemplate, MintDataReply };

/**
 * The chip/link lookup (`GET /json/nft-by-chiplink/{id}?type=`). Never persisted and always fresh:
 * opening a link counts as its scan, and the token's owner changes under the page.
 */
export const lookupQuery = (type: ChiplinkType, id: string) =>
  queryOptions({
    queryKey: ['chiplink', type, id],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('nftByChiplink', { params: { id }, query: { type } }, { signal })),
    staleTime: Infinity,
    gcTime: 0,
    networkMode: 'online',
    meta: { persist: false },
  });

/** The collection's colours, logo and menu (public; the page renders nothing before it has them). */
export const collectionTemplateQuery = (chain: string, address: string) =>
  queryOptions({
    queryKey: ['collection-template', chain, address.toLowerCase()],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('publicCollectionTemplate', { params: { chain, address } }, { signal }))
        .item,
    staleTime: 60_000,
  });

/** The token's owner, lock and transaction, re-read after a mint, claim or lock (counts no scan). */
export function fetchTokenState(type: ChiplinkType, id: string) {
  return typedApi.call('chiplinkToken', { params: { id }, query: { type } });
}

export { checkTagOnce, continueVisitOnce } from './chipCheck.js';

export interface MintDataRequest {
  id: string;
  to: string;
  /** The scan token of this visit's chip authentication. */
  authtoken?: string | null;
  isTransfer?: boolean;
}

/**
 * `GET /json/get-mint-data/{id}?to=&isTransfer=` with the scan token in a header (never in a URL); a
 * failed call answers `{ok: false}`.
 */
export async function fetchMintData(
  request: MintDataRequest,
): Promise<MintDataReply | { ok: false; errorMessage: string; status?: number }> {
  const result = await typedApi.call(
    'mintData',
    {
      params: { id: request.id },
      query: { to: request.to.toLowerCase(), isTransfer: request.isTransfer ? 'true' : undefined },
    },
    { headers: request.authtoken ? { [SCAN_TOKEN_HEADER]: request.authtoken } : undefined },
  );
  // the status names a cause (#30: 402 is the owner's relayer balance)
  if (isApiError(result))
    return { ok: false, errorMessage: result.errorMessage ?? result.error, status: result.status };
  return result;
}

export interface ToggleLockRequest {
  id: string;
  newStatus: boolean;
  address: string;
  signature: string;
  timestamp: number;
}

export function postToggleLock(request: ToggleLockRequest) {
  return typedApi.call('toggleLock', { body: request });
}

/**
 * `POST /json/nfc-nft/confirm`: reports the transaction that relayed the chip's pending transaction;
 * the server clears it once it has seen the TagRelayer's event in the receipt.
 */
export function postRelayConfirmation(tag: string, txHash: string) {
  return typedApi.call('nfcNftConfirm', { body: { tag, txHash } });
}

/** `POST /json/nfc-nft/complete`: 'Complete without a wallet' (queues once; asked again, the progress). */
export function postCompleteGasless(tag: string, scanToken: string) {
  return typedApi.call('nfcNftCompleteGasless', { body: { tag, scanToken } });
}
