import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScanItem } from '@metatag/api-types';
import { unwrap } from '../../../lib/api.js';
import type { ChainName } from '../../../lib/chains.js';
import { LIST_POLL_MS, nftsChainKey } from '../nftsApi.js';
import type { ChiplinkKind } from './chiplinkRules.js';
import { typedApi } from '../../../lib/typedApi.js';

export type { ScanItem };

/** A chip or QR link as the admin tables get it (spec section 3 "Chip or QR link"). */
export interface Chiplink {
  id: string;
  type: ChiplinkKind;
  nftId: number;
  /** A chip's UID (the admin's own input) or a link's random uid. */
  uid: string;
  scans: number;
  mints: number;
  created: string;
  deleted: boolean;
  tokenToMint: string;
  locked: boolean;
  /** Chips (issue #26): the TagTamper letters and file data (hex) of the latest taps that read them. */
  tamper?: string | null;
  fileData?: string | null;
  /** Chips: accepted taps whose counter jumped more than the batch's threshold. */
  counterJumps?: number;
}

/** `GET /json/qrlink/{type}/{nftId}`: the first 30 live rows, oldest first, and how many there are. */
export interface ChiplinkList {
  items: Chiplink[];
  total: number;
}

/** Which template's rows, and whose (`userId`: a super admin managing another user's items). */
export interface ChiplinkScope {
  chain: ChainName;
  nftId: number;
  userId?: number;
}

export const chiplinksKey = (type: ChiplinkKind, nftId: number) => ['chiplinks', type, nftId] as const;
export const scansKey = (id: string) => ['scans', id] as const;

export function useChiplinks(type: ChiplinkKind, { nftId, userId }: ChiplinkScope) {
  return useQuery({
    queryKey: chiplinksKey(type, nftId),
    queryFn: async ({ signal }): Promise<ChiplinkList> => {
      const reply = unwrap(
        await typedApi.call(
          'listChiplinks',
          { params: { type, nftId }, query: { user: userId } },
          { signal },
        ),
      );
      return { items: reply.items, total: reply.total };
    },
    // scans and mints per row change without the admin doing anything: read again while shown
    refetchInterval: LIST_POLL_MS,
    meta: { persist: false, userScoped: true },
  });
}

/** After a change: the table and the template lists (their chips/links counts) are fetched again. */
function useRefresh(type: ChiplinkKind, { chain, nftId }: ChiplinkScope) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: chiplinksKey(type, nftId) }),
      queryClient.invalidateQueries({ queryKey: nftsChainKey(chain) }),
    ]);
}

/** `POST /json/qrlink/chip/{nftId}?user=` `{ uid }`: one chip, linked by its UID. */
export function useCreateChip(scope: ChiplinkScope) {
  const refresh = useRefresh('chip', scope);
  return useMutation({
    mutationFn: async (uid: string) => {
      const reply = unwrap(
        await typedApi.call('createChiplink', {
          params: { type: 'chip', nftId: scope.nftId },
          query: { user: scope.userId },
          body: { uid },
        }),
      );
      // a chip answers its one row
      if (!('item' in reply)) throw new Error('server error');
      return reply;
    },
    onSuccess: refresh,
  });
}

/** `POST /json/qrlink/link/{nftId}?user=&batch=N`: N QR links. */
export function useCreateLinks(scope: ChiplinkScope) {
  const refresh = useRefresh('link', scope);
  return useMutation({
    mutationFn: async (batch: number) => {
      const reply = unwrap(
        await typedApi.call('createChiplink', {
          params: { type: 'link', nftId: scope.nftId },
          query: { user: scope.userId, batch },
          body: {},
        }),
      );
      // a batch of links answers its rows
      if (!('items' in reply)) throw new Error('server error');
      return reply;
    },
    onSuccess: refresh,
  });
}

/** `DELETE /json/qrlink/{type}/{nftId}/{id}?user=`: a soft delete. */
export function useRemoveChiplink(type: ChiplinkKind, scope: ChiplinkScope) {
  const refresh = useRefresh(type, scope);
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(
        await typedApi.call('deleteChiplink', {
          params: { type, nftId: scope.nftId, id },
          query: { user: scope.userId },
        }),
      ),
    onSuccess: refresh,
  });
}

/** `GET /scans?uid={chiplink id}`: the scans of a chip or link, newest first. */
export function useScans(id: string) {
  return useQuery({
    queryKey: scansKey(id),
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('scans', { query: { uid: id } }, { signal })).items,
    meta: { persist: false, userScoped: true },
  });
}
