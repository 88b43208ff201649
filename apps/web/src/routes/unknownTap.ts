/**
 * The routes whose page is '404 not found yet' for whatever path they match (the catch-alls at the
 * end of the route table carry it as their `handle`): a tap of a batch URL on a path of its own
 * (`/ln?p=…&c=…`, `/ntag424?e=…&c=…`) lands there, and UnknownPathGate asks the server first.
 */
export const UNKNOWN_PATH = { unknownPath: true } as const;

export const isUnknownPathHandle = (handle: unknown): boolean =>
  (handle as typeof UNKNOWN_PATH | undefined)?.unknownPath === true;

/** SUN data a chip mirrors: PICC data, ENC data, a MAC, a UID (7 bytes) in hex. */
const HEX_RUN = /^[0-9A-Fa-f]{14,}$/;

/**
 * Whether a path and query could be a chip's tap of a batch URL: a query value or a path segment
 * that is a run of at least 14 hex digits (a plain UID; PICC data, ENC data and MACs are longer).
 * Only such paths are sent to the server; any other unknown path is the 404 at once.
 */
export function looksLikeTap(pathname: string, search: string): boolean {
  for (const value of new URLSearchParams(search).values()) if (HEX_RUN.test(value)) return true;
  return pathname.split('/').some((segment) => HEX_RUN.test(segment));
}
