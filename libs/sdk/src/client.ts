import {
  API_ROUTES,
  replyProblems,
  urlOfRoute,
  SCAN_TOKEN_HEADER,
  type NoArgRoute,
  type RouteArgs,
  type RouteName,
  type RouteReply,
  type UrlParts,
} from '@metatag/api-types';

export interface MetaTagClientOptions {
  /** The MetaTag origin, e.g. `https://metatag.example` or `http://localhost:3000`. */
  baseUrl: string;
  /** A fetch implementation (default: the global one). */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** A session cookie (`mt_session=…`) to start with; sign-in calls set it. */
  cookie?: string;
  /** Check every JSON reply against the route table and throw on a mismatch (tests, development). */
  validateReplies?: boolean;
}

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A non-2xx answer: the API's `{error, errorMessage}` (errorMessage is the text meant for people). */
export class MetaTagApiError extends Error {
  override name = 'MetaTagApiError';
  constructor(
    readonly status: number,
    readonly error: string,
    readonly body: unknown,
  ) {
    const text =
      typeof body === 'object' && body !== null && 'errorMessage' in body
        ? String((body as { errorMessage: unknown }).errorMessage)
        : error;
    super(`${status} ${text}`);
  }
}

/**
 * The typed core: `call(routeName, {params, query, body})` answers what the route table says that route
 * answers. Keeps the session cookie between calls (Node has no cookie jar), so one client is one session.
 */
export class MetaTagClient {
  cookie: string | undefined;
  private readonly fetchImpl: (input: string, init: RequestInit) => Promise<Response>;

  constructor(readonly options: MetaTagClientOptions) {
    this.cookie = options.cookie;
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  call<N extends NoArgRoute>(name: N, args?: RouteArgs<N>, options?: CallOptions): Promise<RouteReply<N>>;
  call<N extends RouteName>(name: N, args: RouteArgs<N>, options?: CallOptions): Promise<RouteReply<N>>;
  // the overloads type `args` by the route table; here it is only read (typing it by the table again
  // made TypeScript expand every route at once: TS2590)
  async call<N extends RouteName>(
    name: N,
    args?: UrlParts & { body?: unknown },
    options: CallOptions = {},
  ): Promise<RouteReply<N>> {
    const route = API_ROUTES[name];
    const url = urlOfRoute(name, args);
    const body = args?.body;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: RequestInit['body'];
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] = 'application/json';
    }
    const res = await this.fetchImpl(`${this.options.baseUrl.replace(/\/$/, '')}${url}`, {
      method: route.method,
      headers,
      body: payload,
      signal: options.signal,
    });
    this.keepCookie(res);
    const type = res.headers.get('content-type') ?? '';
    const text = await res.text();
    const data: unknown = type.includes('json') && text ? JSON.parse(text) : text;
    if (this.options.validateReplies && type.includes('json')) {
      const problems = replyProblems(route.method, url, res.status, data);
      if (problems.length) throw new Error(`reply outside the route table:\n${problems.join('\n')}`);
    }
    if (!res.ok) {
      const code =
        typeof data === 'object' && data !== null && 'error' in data ? String(data.error) : 'server error';
      throw new MetaTagApiError(res.status, code, data);
    }
    return data as RouteReply<N>;
  }

  /** The scan token of a verified tap, sent as the chip page does (a header, never the URL). */
  static scanTokenHeader(scanToken: string): Record<string, string> {
    return { [SCAN_TOKEN_HEADER]: scanToken };
  }

  private keepCookie(res: Response): void {
    const all = res.headers.getSetCookie?.() ?? [];
    for (const line of all) {
      const pair = line.split(';')[0]!;
      if (!pair.startsWith('mt_session=')) continue;
      this.cookie = pair.endsWith('=') ? undefined : pair;
    }
  }
}
