import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { checkTag } from './check-tag.js';
import type { ScanRateLimiter } from './scan-rate.limiter.js';

/** A check-tag body is two short strings; anything bigger is not a scan. */
const MAX_BODY_BYTES = 4096;

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
    'cache-control': 'no-store',
  };
  // an oversized upload is not read to its end: the connection closes after the answer
  if (status === 413) headers.connection = 'close';
  res.writeHead(status, headers).end(json);
}

function readJson(req: IncomingMessage): Promise<unknown> {
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

/** A property getter anywhere on an object's prototype chain. */
function getterOf(object: object, name: string): (() => unknown) | undefined {
  for (let o: object | null = object; o; o = Object.getPrototypeOf(o) as object | null) {
    const getter = Object.getOwnPropertyDescriptor(o, name)?.get;
    if (getter) return getter;
  }
  return undefined;
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
  // Express's own `req.ip` getter, called on a stand-in request: the app's trust-proxy setting
  // applies exactly as on every other route, without turning each scan into an Express request
  const ipGetter = getterOf(app.request, 'ip');
  if (!ipGetter) throw new Error("Express's request has no `ip` getter: check the express version");
  const clientIp = (req: IncomingMessage): string | undefined =>
    ipGetter.call({ app, headers: req.headers, socket: req.socket, connection: req.socket }) as
      string | undefined;
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (incoming: IncomingMessage, outgoing: ServerResponse) => {
    if (!isScan(incoming)) {
      for (const listener of others) listener.call(server, incoming, outgoing);
      return;
    }
    const ip = clientIp(incoming) ?? '';
    readJson(incoming)
      .then((input) => checkTag(deps.services, deps.limiter, input, ip))
      .then(
        (reply) => send(outgoing, 200, reply),
        (error: unknown) => {
          if (error instanceof AppError && error.status < 500) {
            send(outgoing, error.status, { error: error.code, errorMessage: error.message });
            return;
          }
          deps.logger.error({ err: error }, 'check-tag failed');
          send(outgoing, 500, { error: 'internal', errorMessage: 'Internal server error' });
        },
      );
  });
}
