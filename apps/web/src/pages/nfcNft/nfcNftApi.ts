import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NfcNftField } from '@metatag/api-types';
import { unwrap } from '../../lib/api.js';
import { typedApi } from '../../lib/typedApi.js';

export const nfcNftKey = ['nfc-nft'] as const;

/** The signed-in admin's NFC-NFT records (`GET /nfc-nft`). */
export function useNfcNfts() {
  return useQuery(
    queryOptions({
      queryKey: nfcNftKey,
      queryFn: async ({ signal }) => unwrap(await typedApi.call('nfcNftList', {}, { signal })).items,
      meta: { persist: false, userScoped: true },
    }),
  );
}

function useRecordMutation<I>(call: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: nfcNftKey }),
  });
}

/** 'Attach new': `POST /nfc-nft` makes an empty record. */
export const useAttachNew = () => useRecordMutation(async () => unwrap(await typedApi.call('nfcNftCreate')));

/** One field of a record: `PUT /nfc-nft/{id}`. */
export const useUpdateRecordField = () =>
  useRecordMutation(async ({ id, field, value }: { id: number; field: NfcNftField; value: string }) =>
    unwrap(await typedApi.call('nfcNftUpdate', { params: { id }, body: { [field]: value } })),
  );

export const useRemoveRecord = () =>
  useRecordMutation(async (id: number) => unwrap(await typedApi.call('nfcNftRemove', { params: { id } })));

export interface PendingInput {
  nftId: string;
  pendingTransactionData: string;
  pendingTransactionValue: string;
  redirectUrl: string;
}

/** 'Create pending transaction': `PUT /nfc-nft/byTag/{nftId}`. */
export const useSetPending = () =>
  useRecordMutation(async ({ nftId, ...body }: PendingInput) =>
    unwrap(await typedApi.call('nfcNftSetPending', { params: { nftId }, body })),
  );
