import type { RouteArgs, RouteName } from '@metatag/api-types';
import { MetaTagApiError, type RouteCaller } from '@metatag/sdk';
import { api as defaultApi, isApiError, type Api } from '../../lib/api.js';
import { createTypedApi } from '../../lib/typedApi.js';

// The mint flow's steps live in the SDK (libs/sdk/src/mint-flow.ts): one implementation for the
// page, the embed popup and integrators' scripts. The page only supplies its API client and wallet.
export {
  MINT_FLOW_STEPS,
  MINT_FLOW_TEXTS,
  MintFlowError,
  addressWallet,
  readMintTicket,
  runMintFlow,
  runTicketMint,
  type MintFlowResult,
  type MintFlowStep,
  type MintFlowWallet,
  type TicketMintResult,
} from '@metatag/sdk';

/**
 * The SDK's typed `call` over the app's API client (same origin, cookies, the request envelope away
 * from localhost): a failed answer becomes the SDK's MetaTagApiError with the server's text.
 */
export function sdkCaller(api: Api = defaultApi): RouteCaller {
  const typed = createTypedApi(api);
  const call = async <N extends RouteName>(name: N, args: RouteArgs<N> = {} as RouteArgs<N>) => {
    const result = await typed.call(name, args);
    if (isApiError(result)) throw new MetaTagApiError(result.status ?? 0, result.error, result);
    return result;
  };
  return { call } as RouteCaller;
}
