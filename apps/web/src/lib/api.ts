/**
 * A small fetch wrapper for the gateway's REST API (spec section 7): same origin, JSON bodies,
 * cookies included. A request that fails (network error, or an answer that is not JSON) yields
 * `{ error: 'server error' }` instead of throwing, as the spec requires.
 *
 * Away from localhost every call but a multipart form travels in the request envelope (spec section
 * 7, `@metatag/api-types` envelope.ts): the URL becomes `/e/{sealed URL}`, a JSON body `{ d: sealed
 * JSON }`, with the marker header; answers with the marker are opened before they are read.
 */
import {
  ENVELOPE_HEADER,
  ENVELOPE_META,
  ENVELOPE_PREFIX,
  importEnvelopeKey,
  type EnvelopeKey,
  openText,
  sealText,
} from '@metatag/api-types';
import { isLocalHostname } from './chains.js';

export const SERVER_ERROR = 'server error';

export interface ApiError {
  error: string;
  /** The server's human-readable text (`{ error, errorMessage }` answers). */
  errorMessage?: string;
  /** The HTTP status of an error answer; absent when no answer arrived (network failure). */
  status?: number;
}

export type ApiResult<T> = T | ApiError;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface ApiRequest {
  method?: HttpMethod;
  /** A plain value is sent as JSON; FormData (multipart uploads) is sent as is. */
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as { error: unknown }).error === 'string' &&
    (value as { error: string }).error !== ''
  );
}

/** A failed call as an exception, for TanStack Query functions and mutations. */
export class ApiRequestError extends Error {
  readonly error: string;
  readonly status: number | undefined;

  constructor(result: ApiError) {
    // The server's errorMessage is the text meant for people; the error code is the fallback.
    super(result.errorMessage || result.error);
    this.name = 'ApiRequestError';
    this.error = result.error;
    this.status = result.status;
  }
}

/** The answer of a successful call; a failed one throws an ApiRequestError. */
export function unwrap<T>(result: ApiResult<T>): T {
  if (isApiError(result)) throw new ApiRequestError(result);
  return result;
}

/** Appends the defined query parameters to a path. */
export function withQuery(path: string, query?: ApiRequest['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** The envelope key of this page: none on localhost, without the gateway's meta tag, or without WebCrypto (plain-HTTP origins). */
export type EnvelopeKeySource = () => Promise<EnvelopeKey | undefined>;

let pageKey: Promise<EnvelopeKey | undefined> | undefined;

const pageEnvelopeKey: EnvelopeKeySource = () =>
  (pageKey ??= (async () => {
    if (typeof document === 'undefined' || isLocalHostname(location.hostname)) return undefined;
    const key = document.querySelector(`meta[name="${ENVELOPE_META}"]`)?.getAttribute('content');
    if (!key || !globalThis.crypto?.subtle) return undefined;
    return importEnvelopeKey(key);
  })().catch(() => undefined));

export function createApi(
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
  envelopeKey: EnvelopeKeySource = pageEnvelopeKey,
) {
  async function request<T>(path: string, options: ApiRequest = {}): Promise<ApiResult<T>> {
    const { method = 'GET', body, query, headers = {}, signal } = options;
    const init: RequestInit = {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', ...headers },
      signal,
    };
    // multipart forms are never enveloped (spec section 7)
    const key = body instanceof FormData ? undefined : await envelopeKey();
    let url = withQuery(path, query);
    if (body instanceof FormData) {
      init.body = body;
    } else if (body !== undefined) {
      const json = JSON.stringify(body);
      init.body = key ? JSON.stringify({ d: await sealText(key, json) }) : json;
      init.headers = { 'Content-Type': 'application/json', ...init.headers };
    }
    if (key) {
      url = `${ENVELOPE_PREFIX}${await sealText(key, url)}`;
      init.headers = { ...init.headers, [ENVELOPE_HEADER]: '1' };
    }
    let response: Response;
    try {
      response = await fetchImpl(url, init);
    } catch (error) {
      // An aborted request is the caller's decision (e.g. TanStack Query cancelling), not a failure.
      if (signal?.aborted) throw error;
      return { error: SERVER_ERROR };
    }
    const { status } = response;
    try {
      let text = await response.text();
      if (key && text !== '' && response.headers.get(ENVELOPE_HEADER)) {
        text = await openText(key, (JSON.parse(text) as { d: string }).d);
      }
      if (text === '') return (response.ok ? {} : { error: SERVER_ERROR, status }) as ApiResult<T>;
      const data: unknown = JSON.parse(text);
      if (response.ok) return data as ApiResult<T>;
      // Error answers keep their fields (`ok: false`, `errorMessage`) and gain the HTTP status.
      if (isApiError(data)) return { ...data, status };
      if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
        return { ...data, error: SERVER_ERROR, status };
      }
      return { error: SERVER_ERROR, status };
    } catch {
      return response.ok ? { error: SERVER_ERROR } : { error: SERVER_ERROR, status };
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<ApiRequest, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'GET' }),
    post: <T>(path: string, body?: unknown, options?: Omit<ApiRequest, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'POST', body }),
    put: <T>(path: string, body?: unknown, options?: Omit<ApiRequest, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'PUT', body }),
    delete: <T>(path: string, options?: Omit<ApiRequest, 'method' | 'body'>) =>
      request<T>(path, { ...options, method: 'DELETE' }),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The app's API client (browser fetch). */
export const api: Api = createApi();
