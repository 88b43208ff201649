import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express, Request, Response } from 'express';
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

function isScan(req: IncomingMessage): boolean {
  return (
    req.method === 'POST' &&
    (req.url === '/json/check-tag' || req.url === '/json/check-tag/') &&
    (req.headers['content-type'] ?? '').startsWith('application/json')
  );
}

export interface CheckTagFastPathDeps {
  services: ServiceClient;
  limiter: ScanRateLimiter;
  logger: Logger;
}

/**
 * The scan path's HTTP edge ahead of Express and Nest: check-tag is the product's hottest call (every
 * tap of every chip), and at thousands a second Express's router, Nest's guards, pipes and
 * interceptors and the per-request log line cost more than the scan itself. The server's request
 * listener answers JSON check-tag requests itself (same implementation, checkTag; same answers and
 * error shape; the client address by Express's own `req.ip` and trust-proxy setting) and hands every
 * other request to Express. The route is public, like its Nest twin, which still answers what this
 * passes on (another content type). 5xx failures are logged; scans are recorded by chiplinks.
 */
export function serveCheckTagFirst(server: Server, app: Express, deps: CheckTagFastPathDeps): void {
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (!isScan(incoming)) {
      for (const listener of others) listener.call(server, incoming, outgoing);
      return;
    }
    // what Express's init middleware does, so `req.ip` honours the app's trust-proxy setting
    Object.setPrototypeOf(incoming, app.request);
    Object.setPrototypeOf(outgoing, app.response);
    const req = incoming as Request;
    const res = outgoing as Response;
    Object.assign(req, { app, res });
    Object.assign(res, { app, req });
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
  });
}
