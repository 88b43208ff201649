import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../lib/api.js';
import type { ChiplinkType } from './chipActions.js';
import { fetchTokenState, type ChiplinkTokenState } from './chipApi.js';

/** While the page is open and visible it re-reads the token this often (someone else may mint, claim or lock). */
export const TOKEN_POLL_MS = 10_000;
/** After a transaction: up to 10 reads a second apart, until the chain index shows the change. */
const AFTER_TX_ATTEMPTS = 10;
const AFTER_TX_INTERVAL_MS = 1000;
/** Focus and visibility events come in bursts: one read for a burst. */
const MIN_GAP_MS = 1000;

type TokenState = ChiplinkTokenState | null | undefined;

const same = (a: TokenState, b: TokenState) =>
  a === b ||
  (!!a &&
    !!b &&
    a.tokenId === b.tokenId &&
    a.owner === b.owner &&
    a.locked === b.locked &&
    a.txHash === b.txHash);

const visible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * The token a chip or link mints, kept true while the page is open (`GET /json/chiplink-token/{id}`,
 * which counts no scan): read after every transaction until the change shows, when the page regains
 * focus or becomes visible, and every 10 s while it is visible (paused while hidden). Starts from what
 * the page's first answer (or the server-rendered data) carried, so the first render needs no request.
 */
export function useTokenState(type: ChiplinkType, id: string, initial: TokenState) {
  const [token, setToken] = useState<TokenState>(initial);
  const tokenRef = useRef(token);
  const lastRead = useRef(0);
  useEffect(() => {
    tokenRef.current = token;
  }, [token]);

  useEffect(() => {
    if (initial !== undefined) setToken((current) => (same(current, initial) ? current : initial));
  }, [initial]);

  const read = useCallback(async (): Promise<TokenState> => {
    lastRead.current = Date.now();
    const reply = await fetchTokenState(type, id);
    if (isApiError(reply)) return tokenRef.current;
    setToken((current) => (same(current, reply) ? current : reply));
    return reply;
  }, [id, type]);

  useEffect(() => {
    const soon = () => {
      // read keeps the last state on a failed read; the next poll tries again
      if (visible() && Date.now() - lastRead.current >= MIN_GAP_MS) void read();
    };
    const timer = setInterval(() => {
      // read keeps the last state on a failed read; the next poll tries again
      if (visible()) void read();
    }, TOKEN_POLL_MS);
    window.addEventListener('focus', soon);
    document.addEventListener('visibilitychange', soon);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', soon);
      document.removeEventListener('visibilitychange', soon);
    };
  }, [read]);

  /** After a transaction the chain index may be a moment behind: read again until the token changed. */
  const refreshAfterTransaction = useCallback(async () => {
    const before = tokenRef.current;
    for (let attempt = 0; attempt < AFTER_TX_ATTEMPTS; attempt++) {
      const now = await read();
      if (now && (now.owner !== before?.owner || now.locked !== before?.locked)) return;
      await new Promise((resolve) => setTimeout(resolve, AFTER_TX_INTERVAL_MS));
    }
  }, [read]);

  return { token, refreshAfterTransaction };
}
