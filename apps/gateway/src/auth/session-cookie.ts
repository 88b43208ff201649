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

/** HttpOnly, SameSite=Lax, Secure except on localhost (browsers drop Secure cookies over plain http). */
export function writeSessionCookie(req: Request, res: Response, token: string, expiresAt: Date): void {
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: !LOCAL_HOSTS.has(req.hostname),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: !LOCAL_HOSTS.has(req.hostname),
    path: '/',
  });
}
