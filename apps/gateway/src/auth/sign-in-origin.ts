import type { Request } from 'express';

/**
 * The origin a sign-in message is bound to: one of PUBLIC_URL's. The browser's Origin header (or, for
 * a same-origin GET that sends none, the Host header) only chooses among them, so a deployment with
 * several public names gives each visitor a message for the name in their address bar; a phishing
 * site's Host or Origin is not among them and gets the canonical (first) origin, which its victim's
 * wallet then shows as a different site.
 */
export function signInOrigin(origins: [string, ...string[]], req: Request): string {
  const origin = req.get('origin');
  if (origin && origins.includes(origin)) return origin;
  const host = req.get('host');
  return origins.find((o) => new URL(o).host === host) ?? origins[0];
}
