import type { Request, Response } from 'express';

export const SESSION_COOKIE = 'mt_session';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The session token from the Cookie header (no cookie parser needed for one cookie). */
export function readSessionToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SESSION_COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/**
 * Secure whenever the browser reaches us over https: the configured public origin is https (the
 * gateway itself may listen on plain http behind the TLS proxy, on any host name), or the request
 * came over https (`req.secure`: X-Forwarded-Proto is believed only from TRUST_PROXY's proxies).
 * Otherwise too, except on localhost (browsers drop Secure cookies over plain http).
 */
export function secureCookie(req: Request, publicOrigin: string): boolean {
  return publicOrigin.startsWith('https:') || req.secure || !LOCAL_HOSTS.has(req.hostname);
}

/** HttpOnly, SameSite=Lax, Secure as `secureCookie` says. */
export function writeSessionCookie(
  req: Request,
  res: Response,
  token: string,
  expiresAt: Date,
  publicOrigin: string,
): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(req, publicOrigin),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(req: Request, res: Response, publicOrigin: string): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: secureCookie(req, publicOrigin),
    path: '/',
  });
}
