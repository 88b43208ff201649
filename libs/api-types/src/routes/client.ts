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

type UrlSlots<N extends RouteName> = ParamSlot<Route<N>> &
  QuerySlot<Route<N>> &
  (Route<N> extends { authToken: true } ? { authtoken?: string } : object);

/**
 * Each route's arguments, computed once per route. Looked up by name rather than written as
 * `ParamSlot<…> & QuerySlot<…> & BodySlot<…>` of N: for a generic N TypeScript distributed that
 * intersection over every route and multiplied the unions (params × queries × bodies), which hit its
 * limit (TS2590) as the table grew. A lookup's union has one member per route.
 */
type ArgsMap = { [N in RouteName]: UrlSlots<N> & BodySlot<Route<N>> };
type UrlArgsMap = { [N in RouteName]: UrlSlots<N> };
// interfaces, not the mapped types themselves: TypeScript rewrites `{[K in X]: T<K>}[N]` back into
// `T<N>` (and distributes it again); an interface's member lookup stays one member per route
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the interface is the point (above)
interface ArgsTable extends ArgsMap {}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the interface is the point (above)
interface UrlArgsTable extends UrlArgsMap {}

/** The path parameters, query and body of a call of route N, typed by the route table. */
export type RouteArgs<N extends RouteName> = ArgsTable[N];

/** Routes whose every argument is optional: callable without an argument object. */
export type NoArgRoute = {
  [N in RouteName]: object extends RouteArgs<N> ? N : never;
}[RouteName];

type QueryValue = string | number | boolean | null | undefined;

/** What a route's URL is made of: its call's arguments without the body. */
export type RouteUrlArgs<N extends RouteName> = UrlArgsTable[N];

/**
 * The URL (path and query string) of a call: parameters encoded, undefined query values left out.
 * Also the href of a download (CSV, QR image, media) and the target of calls that cannot go through a
 * typed client (a multipart upload with progress, the wallet's JSON-RPC transport).
 */
export function routeUrl<N extends RouteName>(name: N, args?: RouteUrlArgs<N>): string {
  return urlOfRoute(name, args as UrlParts | undefined);
}

/** What a call's URL is made of, untyped by route. */
export interface UrlParts {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  authtoken?: string;
}

/**
 * routeUrl for callers whose arguments the route table has typed already (the SDK's `call`): typing
 * a generic route's arguments once more made TypeScript expand the whole table (TS2590).
 */
export function urlOfRoute(name: RouteName, args: UrlParts = {}): string {
  const route = API_ROUTES[name];
  const values = args.params ?? {};
  let path: string = route.path;
  for (const param of pathParamNames(route.path)) {
    const value = values[param];
    if (value === undefined || value === '') throw new Error(`${name}: path parameter ${param} is missing`);
    path = path.replace(`:${param}`, encodeURIComponent(String(value)));
  }
  const query = { ...(args.query ?? {}) };
  if (args.authtoken !== undefined) query.authtoken = args.authtoken;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== null) search.append(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
