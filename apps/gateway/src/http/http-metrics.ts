import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import { httpRequestSeconds } from '@metatag/nest-kit';

/**
 * The route label: the matched route's template (`/json/:chain/mint`), never the raw path, whose ids
 * would make one series per chip. Requests no route matched are static files or the SPA's pages.
 */
export function routeOf(req: Request): string {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  return req.method === 'GET' || req.method === 'HEAD' ? 'static-or-page' : 'unmatched';
}

/** Express middleware: one observation per answered request, taken when the answer is sent. */
export function httpMetrics() {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('finish', () =>
      httpRequestSeconds.observe(
        { method: req.method, route: routeOf(req), status: String(res.statusCode) },
        (performance.now() - started) / 1000,
      ),
    );
    next();
  };
}

/** The same observation for a route answered ahead of Express (the check-tag fast path). */
export function observeRaw(req: IncomingMessage, res: ServerResponse, route: string): void {
  const started = performance.now();
  res.once('finish', () =>
    httpRequestSeconds.observe(
      { method: req.method ?? 'GET', route, status: String(res.statusCode) },
      (performance.now() - started) / 1000,
    ),
  );
}
