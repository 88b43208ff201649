import {
  API_ROUTES,
  urlOfRoute,
  type NoArgRoute,
  type RouteArgs,
  type RouteName,
  type RouteReply,
  type UrlParts,
} from '@metatag/api-types';
import { api as defaultApi, type Api, type ApiResult } from './api.js';

export interface TypedCallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/**
 * Calls by route name, typed by the route table of @metatag/api-types: no path strings and no reply
 * casts at call sites. Goes through `api` (envelope, cookies, the 'server error' shape) like every call.
 */
export function createTypedApi(api: Api = defaultApi) {
  function call<N extends NoArgRoute>(
    name: N,
    args?: RouteArgs<N>,
    options?: TypedCallOptions,
  ): Promise<ApiResult<RouteReply<N>>>;
  function call<N extends RouteName>(
    name: N,
    args: RouteArgs<N>,
    options?: TypedCallOptions,
  ): Promise<ApiResult<RouteReply<N>>>;
  // the overloads type `args` by the route table; here it is only read (typing it by the table again
  // made TypeScript expand every route at once: TS2590)
  function call<N extends RouteName>(
    name: N,
    args?: UrlParts & { body?: unknown },
    options: TypedCallOptions = {},
  ): Promise<ApiResult<RouteReply<N>>> {
    return api.request<RouteReply<N>>(urlOfRoute(name, args), {
      method: API_ROUTES[name].method,
      body: args?.body,
      signal: options.signal,
      headers: options.headers,
    });
  }
  return { call };
}

export type TypedApi = ReturnType<typeof createTypedApi>;

/** The app's typed API client. */
export const typedApi: TypedApi = createTypedApi();
