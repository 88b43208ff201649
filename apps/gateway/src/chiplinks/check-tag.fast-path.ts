import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { checkTag } from './check-tag.js';
import type { ScanRateLimiter } from './scan-rate.limiter.js';

/** A check-tag body is two short strings; anything bigger is not a scan. */
const MAX_BODY_BYTES = 4096;

function send(res: Response, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(json));
  res.setHeader('cache-control', 'no-store');
  // an oversized upload is not read to its end: the connection closes after the answer
  if (status === 413) res.setHeader('connection', 'close');
  res.end(json);
}

function readJson(req: Request): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // past the limit the rest is read and dropped, so the client still gets its answer
      if (size > MAX_BODY_BYTES) reject(new AppError('too_large', 'Request body is too large', 413));
      else chunks.push(chunk);
    });
    req.on('end', () => {
      try {
        resolve(size === 0 ? {} : JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        reject(new AppError('bad_request', 'Request body is not valid JSON', 400));
      }
    });
    req.on('error', reject);
  });
}

/**
 * The scan path's HTTP edge without Nest's pipeline and the per-request log line: check-tag is the
 * product's hottest call (every tap of every chip), and at thousands a second the router, guards,
 * pipes, interceptors and pino-http cost more than the scan itself. Same implementation (checkTag),
 * same answers and error shape; the route is public like its Nest twin, which stays for tools that
 * list routes. Failures of 500 are logged; the scans themselves are recorded by chiplinks.
 */
export function checkTagFastPath(deps: {
  services: ServiceClient;
  limiter: ScanRateLimiter;
  logger: Logger;
}) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'POST' || (req.url !== '/json/check-tag' && req.url !== '/json/check-tag/')) {
      next();
      return;
    }
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('application/json')) {
      next(); // not a JSON scan: the ordinary pipeline answers it
      return;
    }
    readJson(req)
      .then((input) => checkTag(deps.services, deps.limiter, input, req.ip ?? ''))
      .then(
        (reply) => send(res, 200, reply),
        (error: unknown) => {
          if (error instanceof AppError && error.status < 500) {
            send(res, error.status, { error: error.code, errorMessage: error.message });
            return;
          }
          deps.logger.error({ err: error }, 'check-tag failed');
          send(res, 500, { error: 'internal', errorMessage: 'Internal server error' });
        },
      );
  };
}
