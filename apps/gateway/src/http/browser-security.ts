import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AppError } from '@metatag/nest-kit';
import { sendError } from './raw-http.js';

/**
 * Browser security of every answer the gateway gives (pages, the server-rendered chip pages, JSON,
 * static files, media, QR images, errors, the check-tag fast path, enveloped answers) and the
 * cross-site request rules of state-changing routes. It runs as the outermost request listener, ahead
 * of the envelope, the fast path and Express, so no kind of answer can miss it.
 */
export interface BrowserSecurityOptions {
  /** The product's public origins (`publicOrigins(config)`): the only origins that may post. */
  origins: readonly string[];
  /** Outside production a page on a loopback origin (the Vite dev server, tests) may post too. */
  allowLoopbackOrigins: boolean;
}

/**
 * The Content-Security-Policy. Scripts only from our origin and no inline script (the chip pages'
 * data travels in a `type="application/json"` block, which is data); styles allow 'unsafe-inline'
 * because React renders `style` attributes into the server-rendered chip pages and <model-viewer>
 * styles its shadow DOM. Every API call and the wallets' JSON-RPC go to our own origin (the RPC proxy),
 * so connect-src is 'self' plus blob:/data:, which the 3D viewer (three.js GLTF loader) fetches
 * embedded textures from; it also decodes images from blob: and data: URLs. Images may also come from
 * any https origin: a collection's chip-page logo is an admin's URL (passive content, no script).
 */
export function contentSecurityPolicy(https: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self' blob: data:",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** The headers every answer carries; HSTS only when the canonical public origin is https. */
export function securityHeaders(origins: readonly string[]): Record<string, string> {
  const https = origins[0]?.startsWith('https:') ?? false;
  return {
    'content-security-policy': contentSecurityPolicy(https),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED_TYPES = new Set(['application/json', 'multipart/form-data']);
const WEBHOOK_PATH = '/woocommerce-webhook';
const LOOPBACK = /^http:\/\/(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * Why a request must be refused, or undefined. Only state-changing methods are checked:
 * - a body must be `application/json` or `multipart/form-data` (415): the types a browser form or a
 *   no-preflight `fetch` can send cross-site (`application/x-www-form-urlencoded`, `text/plain`) are
 *   never accepted, whatever the Origin says;
 * - an `Origin` header (else the `Referer`'s origin) must be one of ours (403); `Origin: null`
 *   (sandboxed frames, privacy redirects) is refused. Browsers send Origin with every cross-origin
 *   POST/PUT/PATCH/DELETE, so a request with neither header is a machine caller (the shop webhook
 *   with its own token, scripts with credentials): it passes and meets the route's own authentication.
 */
export function refusal(req: IncomingMessage, options: BrowserSecurityOptions): AppError | undefined {
  if (!STATE_CHANGING.has(req.method ?? '')) return undefined;
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  // WooCommerce's delivery ping is a form body (`webhook_id=N`); the webhook takes no cookie and proves
  // itself with its access token and the body's HMAC signature, so no body type forges anything there
  const webhook = (req.url ?? '').split('?')[0] === WEBHOOK_PATH;
  if (!webhook && (type !== undefined ? !ACCEPTED_TYPES.has(type) : hasBody(req))) {
    return new AppError(
      'unsupported_media_type',
      'Request body must be application/json or multipart/form-data',
      415,
    );
  }
  const origin = req.headers.origin;
  const referer = req.headers.referer;
  const claimed = origin !== undefined ? origin : referer !== undefined ? originOf(referer) : undefined;
  if (origin === undefined && referer === undefined) return undefined;
  const allowed =
    claimed !== undefined &&
    (options.origins.includes(claimed) || (options.allowLoopbackOrigins && LOOPBACK.test(claimed)));
  return allowed ? undefined : AppError.forbidden('Cross-site request refused: origin not allowed');
}

/** Puts the headers and the request rules in front of every other request listener of the server. */
export function serveBrowserSecurity(server: Server, options: BrowserSecurityOptions): void {
  const headers = Object.entries(securityHeaders(options.origins));
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    const refused = refusal(req, options);
    if (refused) {
      // the body is not read: the connection closes after the answer
      res.setHeader('connection', 'close');
      sendError(res, refused);
      return;
    }
    for (const listener of others) listener.call(server, req, res);
  });
}
