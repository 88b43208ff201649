import type { CheckTagReply } from '@metatag/api-types';
import { api, type ApiResult } from '../../lib/api.js';
import { CONTINUATION_PARAM } from './visitUrl.js';

/** A request of this page's life and when it started (`performance.now()`): the spec's 1 s delay counts from there. */
interface Started {
  reply: Promise<ApiResult<CheckTagReply>>;
  at: number;
}

const started = new Map<string, Started>();

function once(key: string, send: () => Promise<ApiResult<CheckTagReply>>): Started {
  let entry = started.get(key);
  if (!entry) {
    entry = { reply: send(), at: performance.now() };
    started.set(key, entry);
  }
  return entry;
}

/**
 * `POST /json/check-tag {tag, auth}`, at most once per URL in this page's life: a SUN message is
 * accepted once, so a second request (React's development double effects, a re-render) would turn a
 * genuine chip into 'Not Authentic'.
 */
export function checkTagOnce(tag: string, auth: string): Promise<ApiResult<CheckTagReply>> {
  return once(`a\n${tag}\n${auth}`, () => api.post<CheckTagReply>('/json/check-tag', { tag, auth })).reply;
}

/**
 * `POST /json/check-tag/continue {tag, c}`, at most once per credential in this page's life: a
 * continuation credential is good once.
 */
export function continueVisitOnce(tag: string, c: string): Promise<ApiResult<CheckTagReply>> {
  return once(`c\n${tag}\n${c}`, () => api.post<CheckTagReply>('/json/check-tag/continue', { tag, c })).reply;
}

/** When this page started checking `tag` with `auth` (or continuing with `c`); undefined before it did. */
export function checkStartedAt(tag: string, proof: { auth: string } | { c: string }): number | undefined {
  return started.get('auth' in proof ? `a\n${tag}\n${proof.auth}` : `c\n${tag}\n${proof.c}`)?.at;
}

/** What a chip page's URL presents: a tap's SUN message, or a visit's continuation credential. */
export function proofOf(search: URLSearchParams): { auth: string } | { c: string } | null {
  const auth = search.get('auth');
  if (auth) return { auth };
  const c = search.get(CONTINUATION_PARAM);
  return c ? { c } : null;
}

/**
 * Starts the chip page's check as soon as a script can run (src/chipEarly.ts, a tiny entry the
 * server-rendered chip page loads with `async`): the request then travels while React and the page's
 * code are still downloading, and the page picks up the same request (this module is shared).
 */
export function startCheckFromLocation(location: Pick<Location, 'pathname' | 'search'>): void {
  const match = /^\/tag\/([A-Za-z0-9]{1,64})$/.exec(location.pathname);
  const proof = proofOf(new URLSearchParams(location.search));
  if (!match || !proof) return;
  if ('auth' in proof) void checkTagOnce(match[1], proof.auth);
  else void continueVisitOnce(match[1], proof.c);
}
