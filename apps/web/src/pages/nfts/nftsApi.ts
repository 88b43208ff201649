import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  routeUrl,
  type MintSource,
  type NftTemplate,
  type NftTemplateField,
  type RouteReply,
  type Resale,
  type Redemption,
  type ClaimPhase,
  type TwoTap,
} from '@metatag/api-types';
import { isApiError, unwrap, ApiRequestError, SERVER_ERROR, type ApiError } from '../../lib/api.js';
import type { ChainName } from '../../lib/chains.js';
import { mediaTypeOf } from '../../lib/media.js';
import { typedApi } from '../../lib/typedApi.js';

export type { NftTemplate, NftTemplateField };

/**
 * Whose templates a table shows: the signed-in user's (no `userId`) or, for the super admin,
 * another user's (`?user=`); in the collection area only those of one collection.
 */
export interface NftScope {
  chain: ChainName;
  userId?: number;
  collection?: string;
}

/** All template lists of a chain share this prefix, so one update reaches each of them. */
export const nftsChainKey = (chain: ChainName) => ['nfts', chain] as const;
export const nftsKey = ({ chain, userId, collection }: NftScope) =>
  [...nftsChainKey(chain), userId ?? 'me', collection ?? 'all'] as const;

/** `GET /json/{chain}/nfts?user=&collection=` → `{ items }`. */
export const nftsQuery = (scope: NftScope) =>
  queryOptions({
    queryKey: nftsKey(scope),
    queryFn: async ({ signal }) =>
      unwrap(
        await typedApi.call(
          'listNfts',
          { params: { chain: scope.chain }, query: { user: scope.userId, collection: scope.collection } },
          { signal },
        ),
      ).items,
    meta: { userScoped: true },
  });

/** The spec's poll (2.5 s) for every admin list that is open: counts change without a reload. */
export const LIST_POLL_MS = 2500;

/** The templates of a scope, read again every 2.5 s while the table is shown. */
export function useNfts(scope: NftScope) {
  return useQuery({ ...nftsQuery(scope), refetchInterval: LIST_POLL_MS });
}

/** The PUT answers the updated template (some answers wrap it as `{ item }`). */
function templateOf(reply: NftTemplate | { item: NftTemplate }): NftTemplate {
  return 'item' in reply && typeof reply.item === 'object' ? reply.item : (reply as NftTemplate);
}

/** Puts an updated template into every cached list of its chain (or drops a deleted one). */
export function replaceTemplate(queryClient: QueryClient, chain: ChainName, item: NftTemplate): void {
  queryClient.setQueriesData<NftTemplate[]>({ queryKey: nftsChainKey(chain) }, (items) =>
    items?.flatMap((current) => (current.id !== item.id ? [current] : item.deleted ? [] : [item])),
  );
}

export function removeTemplate(queryClient: QueryClient, chain: ChainName, id: number): void {
  queryClient.setQueriesData<NftTemplate[]>({ queryKey: nftsChainKey(chain) }, (items) =>
    items?.filter((item) => item.id !== id),
  );
}

/**
 * `POST /json/{chain}/nft?user=` `{ collectionAddress }` → `{ item }`. A failed request is thrown
 * as an ApiRequestError (its `status` is undefined when no answer arrived).
 */
export function useCreateNft(scope: NftScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const reply = await typedApi.call('createNft', {
        params: { chain: scope.chain },
        query: { user: scope.userId },
        body: { collectionAddress: scope.collection ?? '' },
      });
      if (isApiError(reply)) throw new ApiRequestError(reply);
      if (!reply.item) throw new ApiRequestError({ error: 'cannot_add', status: 200 });
      return reply.item;
    },
    onSuccess: (item) => {
      queryClient.setQueryData<NftTemplate[]>(nftsKey(scope), (items) => (items ? [...items, item] : items));
      // a refetch in the background: the list already has the new item
      void queryClient.invalidateQueries({ queryKey: nftsChainKey(scope.chain) });
    },
  });
}

/** `PUT /json/{chain}/nft/{id}` with ONE changed field → the updated template. */
/** What one field's PUT sends: text, a number, a flag, or the two-tap window (null: off). */
export type NftFieldValue = string | number | boolean | TwoTap | Resale | Redemption | ClaimPhase[] | null;

export async function updateNftField(
  chain: ChainName,
  id: number,
  field: NftTemplateField,
  value: NftFieldValue,
): Promise<NftTemplate> {
  return templateOf(
    unwrap(await typedApi.call('updateNft', { params: { chain, id }, body: { [field]: value } })),
  );
}

export function useUpdateNftField(chain: ChainName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, field, value }: { id: number; field: NftTemplateField; value: NftFieldValue }) =>
      updateNftField(chain, id, field, value),
    onSuccess: (item, { field }) => {
      replaceTemplate(queryClient, chain, item);
      // A new collection moves the template between the collection areas' lists.
      if (field === 'collection') void queryClient.invalidateQueries({ queryKey: nftsChainKey(chain) });
    },
  });
}

/** `DELETE /json/{chain}/nft/{id}`: a soft delete. */
export async function deleteNft(chain: ChainName, id: number): Promise<void> {
  unwrap(await typedApi.call('deleteNft', { params: { chain, id } }));
}

export { GLB_TYPE, mediaKind, mediaTypeOf, mediaUrl, type MediaKind } from '../../lib/media.js';

function errorOfXhr(xhr: XMLHttpRequest): ApiError {
  try {
    const data: unknown = JSON.parse(xhr.responseText);
    if (isApiError(data)) return { ...data, status: xhr.status };
  } catch {
    // Not JSON: a generic failure.
  }
  return { error: SERVER_ERROR, status: xhr.status || undefined };
}

/** An upload's bytes sent so far and in all (the whole multipart body, as the browser counts it). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Thrown when the user cancelled an upload (the server keeps nothing of it). */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

/**
 * `PUT /json/{chain}/nft/{id}` multipart (`type`, then `image`) with XMLHttpRequest, whose upload
 * events give the progress (fetch has none). Resolves with the updated template; `abort()` cancels
 * (the request is aborted, the server discards what it received).
 */
export function uploadNftMedia(input: {
  chain: ChainName;
  id: number;
  file: File;
  onProgress: (progress: UploadProgress) => void;
}): { done: Promise<NftTemplate>; abort: () => void } {
  const { chain, id, file, onProgress } = input;
  let xhr: XMLHttpRequest | undefined;
  let cancelled = false;
  const done = new Promise<NftTemplate>((resolve, reject) => {
    const form = new FormData();
    // The type first: the server reads the fields in order, before the file's bytes.
    form.append('type', mediaTypeOf(file));
    form.append('image', file, file.name);
    const request = new XMLHttpRequest();
    xhr = request;
    request.open('PUT', routeUrl('updateNft', { params: { chain, id } }));
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress({ loaded: event.loaded, total: event.total });
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(
            templateOf(JSON.parse(request.responseText) as RouteReply<'updateNft'> | { item: NftTemplate }),
          );
        } catch {
          reject(new ApiRequestError({ error: SERVER_ERROR, status: request.status }));
        }
        return;
      }
      reject(new ApiRequestError(errorOfXhr(request)));
    };
    request.onerror = () => reject(new ApiRequestError({ error: SERVER_ERROR }));
    request.onabort = () =>
      reject(cancelled ? new UploadCancelledError() : new ApiRequestError({ error: SERVER_ERROR }));
    request.send(form);
  });
  return {
    done,
    abort: () => {
      cancelled = true;
      xhr?.abort();
    },
  };
}

/** A mint of a template (spec section 3: tokenId, to, created, status, tx). */
export type MintItem = RouteReply<'listMints'>['items'][number];

/** Spec section 4: the mints list refreshes every 2.5 seconds while open. */
export const MINTS_POLL_MS = 2500;

export const mintsKey = (chain: ChainName, nftId: number) => ['mints', chain, nftId] as const;

/** A page of a template's mints (#30: every source, from the mint ledger), optionally of one source. */
export function useMints(
  chain: ChainName,
  nftId: number,
  view: { page: number; source?: MintSource } = { page: 1 },
) {
  return useQuery({
    queryKey: [...mintsKey(chain, nftId), view.page, view.source ?? ''],
    queryFn: async ({ signal }) =>
      unwrap(
        await typedApi.call(
          'listMints',
          { params: { chain, nftId }, query: { page: view.page, source: view.source } },
          { signal },
        ),
      ),
    refetchInterval: MINTS_POLL_MS,
    placeholderData: (previous) => previous,
    meta: { persist: false, userScoped: true },
  });
}

/** `POST /json/{chain}/mint?nftId&to&collection`: a manual mint, sent by the relayer. */
export function useManualMint(chain: ChainName, nftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ to, collection }: { to: string; collection: string }) =>
      unwrap(
        await typedApi.call('mint', { params: { chain }, query: { nftId: String(nftId), to, collection } }),
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: mintsKey(chain, nftId) }),
        // the row's count follows the mint once it is confirmed (the list polls meanwhile)
        queryClient.invalidateQueries({ queryKey: nftsChainKey(chain) }),
        // the mint reserved its fee from the relayer balance
        queryClient.invalidateQueries({ queryKey: ['ledger', chain] }),
      ]);
    },
  });
}

/**
 * `GET /woo_commmerce_access_token?user=` → `{ value, secret }`: the signed-in user's shop token and
 * webhook secret, or (super admin only) another user's.
 */
export function useShopToken(enabled: boolean, userId?: number) {
  return useQuery({
    queryKey: ['shop-token', userId ?? 'me'],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('shopToken', { query: { user: userId } }, { signal })),
    enabled,
    meta: { persist: false, userScoped: true },
  });
}

export type ShopDelivery = RouteReply<'shopDeliveries'>['items'][number];

/** `GET /json/shop/deliveries?user=`: the shop webhook's delivery log, newest first. */
export function useShopDeliveries(enabled: boolean, userId?: number) {
  return useQuery({
    queryKey: ['shop-deliveries', userId ?? 'me'],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('shopDeliveries', { query: { user: userId, limit: 20 } }, { signal })).items,
    enabled,
    refetchInterval: enabled ? 5000 : false,
    meta: { persist: false, userScoped: true },
  });
}

/** The shop webhook address shown as text (spec section 7). */
export function shopWebhookUrl(origin: string, token: string): string {
  return `${origin}${routeUrl('wooCommerceWebhook')}?access_token=${token}`;
}
