import {
  API_ROUTES,
  routeUrl,
  type NoArgRoute,
  type RouteArgs,
  type RouteName,
  type RouteReply,
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
  function call<N extends RouteName>(
    name: N,
    args: RouteArgs<N> = {} as RouteArgs<N>,
    options: TypedCallOptions = {},
  ): Promise<ApiResult<RouteReply<N>>> {
    return api.request<RouteReply<N>>(routeUrl(name, args), {
      method: API_ROUTES[name].method,
      body: (args as { body?: unknown }).body,
      signal: options.signal,
      headers: options.headers,
    });
  }
  return { call };
}

export type TypedApi = ReturnType<typeof createTypedApi>;

/** The app's typed API client. */
export const typedApi: TypedApi = createTypedApi();
