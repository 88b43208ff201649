import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/api.js';
import type { ChainName } from '../lib/chains.js';
import { typedApi } from '../lib/typedApi.js';

/**
 * A passkey account's tokens (the chain index), kept fresh while shown: My tokens' list, the recovery
 * wallet's sponsorship and the recovery by wallet read the same query.
 */
export function useAccountTokens(chain: ChainName, account: string) {
  return useQuery({
    queryKey: ['passkey-tokens', chain, account],
    queryFn: async ({ signal }) =>
      unwrap(await typedApi.call('passkeyTokens', { params: { chain, address: account } }, { signal }))
        .tokens,
    staleTime: 0,
    refetchInterval: 10_000,
  });
}
