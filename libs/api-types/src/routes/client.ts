import type { z } from 'zod';
import { pathParamNames } from './define.js';
import { API_ROUTES, type ApiRoutes, type RouteName } from './table.js';

type Route<N extends RouteName> = ApiRoutes[N];
type Replies<N extends RouteName> = Route<N>['replies'];
type OkStatus<N extends RouteName> = Extract<keyof Replies<N>, 200 | 201 | 206>;

/** What a successful call of route N answers (its 2xx schema's output). */
export type RouteReply<N extends RouteName> = z.output<Replies<N>[OkStatus<N>] & z.ZodType>;

/** Required when the schema's input has a required key; optional otherwise. */
type Slot<K extends string, S> = S extends z.ZodType
  ? object extends z.input<S>
    ? { [P in K]?: z.input<S> }
    : { [P in K]: z.input<S> }
  : { [P in K]?: never };

/** A body is JSON by its schema; routes that take multipart forms also take FormData. */
type BodySlot<R> = R extends { body: infer B extends z.ZodType }
  ? R extends { bodyKind: 'json-or-multipart' | 'multipart' }
    ? { body?: z.input<B> | FormData }
    : object extends z.input<B>
      ? { body?: z.input<B> }
      : { body: z.input<B> }
  : { body?: never };

/** A path parameter the table types as any string may also be given as a number (an id). */
type PathValues<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] };
type ParamSlot<R> = R extends { params: infer P extends z.ZodType }
  ? { params: PathValues<z.input<P>> }
  : { params?: never };
type QuerySlot<R> = R extends { query: infer Q } ? Slot<'query', Q> : { query?: never };

/** The path parameters, query and body of a call of route N, typed by the route table. */
export type RouteArgs<N extends RouteName> = ParamSlot<Route<N>> &
  QuerySlot<Route<N>> &
  BodySlot<Route<N>> &
  (Route<N> extends { authToken: true } ? { authtoken?: string } : object);

/** Routes whose every argument is optional: callable without an argument object. */
export type NoArgRoute = {
  [N in RouteName]: object extends RouteArgs<N> ? N : never;
}[RouteName];

type QueryValue = string | number | boolean | null | undefined;

/** What a route's URL is made of: its call's arguments without the body. */
export type RouteUrlArgs<N extends RouteName> = Omit<RouteArgs<N>, 'body'>;

/**
 * The URL (path and query string) of a call: parameters encoded, undefined query values left out.
 * Also the href of a download (CSV, QR image, media) and the target of calls that cannot go through a
 * typed client (a multipart upload with progress, the wallet's JSON-RPC transport).
 */
export function routeUrl<N extends RouteName>(
  name: N,
  args: RouteUrlArgs<N> = {} as RouteUrlArgs<N>,
): string {
  const route = API_ROUTES[name];
  const values = (args as { params?: Record<string, string | number> }).params ?? {};
  let path: string = route.path;
  for (const param of pathParamNames(route.path)) {
    const value = values[param];
    if (value === undefined || value === '') throw new Error(`${name}: path parameter ${param} is missing`);
    path = path.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const query = { ...((args as { query?: Record<string, QueryValue> }).query ?? {}) };
  const authtoken = (args as { authtoken?: string }).authtoken;
  if (authtoken !== undefined) query.authtoken = authtoken;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
