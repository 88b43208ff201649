import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { AppError, currentTraceId, type ServiceClient } from '@metatag/nest-kit';
import { openedBody } from '../http/envelope.js';
import { observeRaw } from '../http/http-metrics.js';
import { traceRequest } from '../http/http-tracing.js';
import { parseJson, readBodyText, sendError, sendJson } from '../http/raw-http.js';
import { checkBatchTap, checkTag } from './check-tag.js';
import type { ScanRateLimiter } from './scan-rate.limiter.js';

/** A check-tag body is the chip id and a tap's query string (at most 1,024 characters); anything bigger is not a scan. */
const MAX_BODY_BYTES = 4096;
const NO_STORE = { 'cache-control': 'no-store' };

function readJson(req: IncomingMessage): Promise<unknown> {
  return readBodyText(req, MAX_BODY_BYTES).then((text) => (text === '' ? {} : parseJson(text)));
}

/** A property getter anywhere on an object's prototype chain. */
function getterOf(object: object, name: string): (() => unknown) | undefined {
  for (let o: object | null = object; o; o = Object.getPrototypeOf(o) as object | null) {
    const getter = Object.getOwnPropertyDescriptor(o, name)?.get;
    if (getter) return getter;
  }
  return undefined;
}

/** The scan routes this listener answers (a tap of a chip's own URL, a tap of a batch's one URL). */
const SCAN_ROUTES: Record<string, '/json/check-tag' | '/json/check-batch-tap'> = {
  '/json/check-tag': '/json/check-tag',
  '/json/check-tag/': '/json/check-tag',
  '/json/check-batch-tap': '/json/check-batch-tap',
  '/json/check-batch-tap/': '/json/check-batch-tap',
};

/** The scan route of a JSON POST, undefined for anything Express answers. */
function scanRoute(req: IncomingMessage): (typeof SCAN_ROUTES)[string] | undefined {
  if (req.method !== 'POST' || !(req.headers['content-type'] ?? '').startsWith('application/json')) return;
  return Object.hasOwn(SCAN_ROUTES, req.url ?? '') ? SCAN_ROUTES[req.url!] : undefined;
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
 * other request to Express. The batch URL's tap (`/json/check-batch-tap`, issue #26) is the same call
 * for a fleet written with one URL, so it takes the same path. The routes are public, like their Nest
 * twins, which still answer what this passes on (another content type). 5xx failures are logged;
 * scans are recorded by chiplinks.
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
    const route = scanRoute(incoming);
    if (!route) {
      for (const listener of others) listener.call(server, incoming, outgoing);
      return;
    }
    const check = route === '/json/check-tag' ? checkTag : checkBatchTap;
    traceRequest(
      incoming,
      outgoing,
      () => route,
      () => {
        observeRaw(incoming, outgoing, route);
        const ip = clientIp(incoming) ?? '';
        // a request that came in an envelope has its body opened already (http/envelope.ts)
        const opened = openedBody(incoming);
        (opened ? Promise.resolve(opened.body) : readJson(incoming))
          .then((input) => check(deps.services, deps.limiter, input, ip))
          .then(
            (reply) => sendJson(outgoing, 200, reply, NO_STORE),
            (error: unknown) => {
              if (error instanceof AppError && error.status < 500) {
                sendError(outgoing, error, NO_STORE);
                return;
              }
              deps.logger.error({ err: error, route }, 'scan failed');
              sendJson(
                outgoing,
                500,
                { error: 'internal', errorMessage: 'Internal server error', traceId: currentTraceId() },
                NO_STORE,
              );
            },
          );
      },
    );
  });
}
