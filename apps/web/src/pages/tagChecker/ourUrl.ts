import { tapQuery } from '../chip/tapQuery.js';

/** A URL of ours that a tag can carry: a chip page (with its tap, when present) or a link page. */
export type OurUrl = { type: 'chip'; id: string; tap: string | null } | { type: 'link'; id: string };

const PAGE = /^\/(tag|link)\/([A-Za-z0-9]{1,64})\/?$/;

/**
 * Whether `text` is one of this app's chip or link URLs. "Ours" means this page's own origin: the
 * web app knows no other public origin, and a chip provisioned for another deployment is checked
 * there (check-tag of this deployment would call it foreign anyway).
 */
export function ourUrl(text: string, origin: string): OurUrl | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const match = PAGE.exec(url.pathname);
  if (!match) return null;
  return match[1] === 'tag'
    ? { type: 'chip', id: match[2], tap: tapQuery(url.search) }
    : { type: 'link', id: match[2] };
}
