import { z } from 'zod';

/**
 * Who may call a route (spec section 6). `admin` is any signed-in account; `superAdmin` also needs
 * isSuperAdmin. `walletSignature` and `scanToken` routes are public at the HTTP edge (the gateway's
 * `@Public()`), and their handlers check a wallet signature or a chip tap's scan token instead.
 */
export type RouteAccess = 'public' | 'admin' | 'superAdmin' | 'walletSignature' | 'scanToken';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** What the body of a reply is: JSON validated by its schema, or bytes described by a media type. */
export type ReplyKind = 'json' | 'csv' | 'svg' | 'png' | 'html' | 'bytes';

export interface RouteDefinition {
  readonly method: HttpMethod;
  /** Express/Nest style: `/json/:chain/nft/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tag: string;
  readonly access: RouteAccess;
  /** The route also accepts `?authtoken=` (the owner's shop access token) instead of a session. */
  readonly authToken?: boolean;
  readonly params?: z.ZodObject;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** `multipart` routes take form data (the media upload) besides, or instead of, the JSON body. */
  readonly bodyKind?: 'json' | 'multipart' | 'json-or-multipart';
  /** Reply schema per HTTP status; error statuses default to `errorReply`. */
  readonly replies: Readonly<Record<number, z.ZodType>>;
  readonly replyKind?: ReplyKind;
  /** A human note on the route's rate limit, or undefined when it has none of its own. */
  readonly rateLimit?: string;
  /** A human note on the per-account quota of what the route creates (issue #28), if any. */
  readonly quota?: string;
  /** The spec's error texts (section 8) a client shows for this route's failures. */
  readonly errors?: readonly string[];
  /** One example request body (docs and the SDK's README). */
  readonly example?: unknown;
}

/** The one JSON error shape of the API (the gateway's HttpErrorFilter). */
export const errorReply = z
  .object({ error: z.string(), errorMessage: z.string() })
  .describe('Every failure: a code and a human message');
export type ErrorReply = z.infer<typeof errorReply>;

/** `{ok: true}`, optionally with more fields. */
export const okReply = z.object({ ok: z.literal(true) });

/** A typed identity helper: keeps each route's literal types for the typed clients. */
export function route<const R extends RouteDefinition>(definition: R): R {
  return definition;
}

/** `/json/:chain/nft/:id` → `/json/{chain}/nft/{id}` (OpenAPI). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** The names of a path's parameters, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** A regular expression matching concrete paths of a route (a parameter is one path segment). */
export function pathMatcher(path: string): RegExp {
  const escaped = path
    .split(/(:[A-Za-z0-9_]+)/)
    .map((part) => (part.startsWith(':') ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${escaped}$`);
}
