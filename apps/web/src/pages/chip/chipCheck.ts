import type { CheckTagReply } from '@metatag/api-types';
import { isApiError, type ApiResult } from '../../lib/api.js';
import { scanCall } from '../../lib/scanApi.js';
import { AUTH_DELAY_MS, AUTHENTICATED, authStatusClass } from './chipTexts.js';
import { HYDRATING_ATTRIBUTE } from './hydration.js';
import { tapQuery } from './tapQuery.js';
import { CONTINUATION_PARAM, CREDENTIAL, LEGACY_CONTINUATION_PARAM } from './visitUrl.js';

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

/** `POST /json/check-tag {tag, query}`: the tap's exact query string, any SUN layout. Each call is a check. */
export function checkTag(tag: string, query: string): Promise<ApiResult<CheckTagReply>> {
  return scanCall('checkTag', { body: { tag, query } });
}

/**
 * `POST /json/check-tag {tag, query}` (the tap's exact query string, any SUN layout), at most once per
 * URL in this page's life: a SUN message is accepted once, so a second request (React's development
 * double effects, a re-render) would turn a genuine chip into 'Not Authentic'.
 */
export function checkTagOnce(tag: string, query: string): Promise<ApiResult<CheckTagReply>> {
  return once(`a\n${tag}\n${query}`, () => checkTag(tag, query)).reply;
}

/**
 * `POST /json/check-tag/continue {tag, c}`, at most once per credential in this page's life: a
 * continuation credential is good once.
 */
export function continueVisitOnce(tag: string, c: string): Promise<ApiResult<CheckTagReply>> {
  return once(`c\n${tag}\n${c}`, () => scanCall('continueVisit', { body: { tag, c } })).reply;
}

/** What a chip page's URL presents: a tap's SUN message (its query string), or a visit's continuation credential. */
export type ChipProof = { tap: string } | { c: string };

/** When this page started checking `tag` with a tap (or continuing with `c`); undefined before it did. */
export function checkStartedAt(tag: string, proof: ChipProof): number | undefined {
  return started.get('tap' in proof ? `a\n${tag}\n${proof.tap}` : `c\n${tag}\n${proof.c}`)?.at;
}

/** The proof in a chip page's query string (`location.search`): a SUN message in any layout, else `?c=`. */
export function proofOf(search: string): ChipProof | null {
  const tap = tapQuery(search);
  if (tap) return { tap };
  const params = new URLSearchParams(search);
  const c = params.get(CONTINUATION_PARAM);
  if (c) return { c };
  // a link from before `mtv`: `?c=` alone, holding a credential (never a tap's 16-hex-digit MAC)
  const legacy = params.get(LEGACY_CONTINUATION_PARAM);
  return legacy && [...params.keys()].length === 1 && CREDENTIAL.test(legacy) ? { c: legacy } : null;
}

/** The tap (`tag` and query) whose acceptance the early script showed before React took the page. */
let shownEarly: string | undefined;

/**
 * 'MetaTag Was Authenticated' as soon as the check and the spec's 1 s allow, also when React has not
 * hydrated the server's markup yet (on a slow phone the page's code arrives after that: bench:page).
 * The early script writes exactly what ChipAuthStatus renders for an accepted tap into the
 * server-rendered status, and the page's first render shows the same (`authShownEarly`), so hydration
 * finds what it renders. Only a plain accepted tap: a seal, file data, a failure (and its alert) are
 * React's to show, as is everything an accepted tap enables further down the page.
 */
function showEarly(tag: string, tap: string, reply: ApiResult<CheckTagReply>): void {
  if (document.documentElement.hasAttribute(HYDRATING_ATTRIBUTE)) return;
  if (isApiError(reply) || reply.ok !== true || reply.tamper || reply.fileData) return;
  const status = document.querySelector<HTMLElement>('[data-testid="chip-auth"][data-state="checking"]');
  if (!status) return;
  status.className = authStatusClass('ok');
  status.dataset.state = 'ok';
  status.textContent = AUTHENTICATED;
  shownEarly = `${tag}\n${tap}`;
}

/** Whether the early script already shows this tap as authenticated (see showEarly). */
export function authShownEarly(tag: string, tap: string): boolean {
  return shownEarly === `${tag}\n${tap}`;
}

/**
 * Starts the chip page's check as soon as a script can run (src/chipEarly.ts, a tiny entry the
 * server-rendered chip page loads with `async`): the request then travels while React and the page's
 * code are still downloading, and the page picks up the same request (this module is shared).
 */
export function startCheckFromLocation(location: Pick<Location, 'pathname' | 'search'>): void {
  const match = /^\/tag\/([A-Za-z0-9]{1,64})$/.exec(location.pathname);
  const proof = proofOf(location.search);
  if (!match || !proof) return;
  if ('tap' in proof) {
    const tag = match[1];
    const reply = checkTagOnce(tag, proof.tap);
    const delay = new Promise((resolve) => setTimeout(resolve, AUTH_DELAY_MS));
    // the early answer is a head start: React's page asks again and shows any failure
    void Promise.all([reply, delay]).then(([settled]) => showEarly(tag, proof.tap, settled));
    // the early answer is a head start: React's page asks again and shows any failure
  } else void continueVisitOnce(match[1], proof.c);
}
