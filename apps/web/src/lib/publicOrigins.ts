import { PUBLIC_ORIGINS_META } from '@metatag/api-types';

/**
 * The deployment's public origins (PUBLIC_URL, canonical first), from the meta tag the gateway puts in
 * index.html. Addresses the page hands out (a shop's webhook URL, a tap URL) use the first; a page
 * served without the tag (the Vite dev server) falls back to its own origin.
 */
export function publicOrigins(): string[] {
  const content = document.querySelector(`meta[name="${PUBLIC_ORIGINS_META}"]`)?.getAttribute('content');
  const origins = content?.split(/\s+/).filter(Boolean) ?? [];
  return origins.length > 0 ? origins : [window.location.origin];
}

/** The canonical public origin: the first of PUBLIC_URL. */
export const canonicalOrigin = (): string => publicOrigins()[0];

/**
 * Origins whose chip and link URLs are this deployment's: PUBLIC_URL's, and the page's own (it is
 * served by this deployment, whatever host it was opened through). For recognising a URL only;
 * what the page hands out uses canonicalOrigin().
 */
export const recognisedOrigins = (): string[] => [...new Set([...publicOrigins(), window.location.origin])];
