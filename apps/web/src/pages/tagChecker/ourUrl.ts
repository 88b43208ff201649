import { tapQuery } from '../chip/tapQuery.js';

/** A URL of ours that a tag can carry: a chip page (with its tap, when present) or a link page. */
export type OurUrl = { type: 'chip'; id: string; tap: string | null } | { type: 'link'; id: string };

const PAGE = /^\/(tag|link)\/([A-Za-z0-9]{1,64})\/?$/;

/**
 * Whether `text` is one of this deployment's chip or link URLs: on one of its public origins
 * (PUBLIC_URL, lib/publicOrigins.ts). A chip provisioned for another deployment is checked there
 * (check-tag of this deployment would call it foreign anyway).
 */
export function ourUrl(text: string, origins: readonly string[]): OurUrl | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (!origins.includes(url.origin)) return null;
  const match = PAGE.exec(url.pathname);
  if (!match) return null;
  return match[1] === 'tag'
    ? { type: 'chip', id: match[2], tap: tapQuery(url.search) }
    : { type: 'link', id: match[2] };
}
