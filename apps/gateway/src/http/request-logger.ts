import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { errSerializer } from '@metatag/nest-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/**
 * Query parameters that carry credentials: a shop token, a scan token, a chip's SUN message (and the
 * other SUN layouts' `e`, `enc`, `cmac`, boltcard's `p`), a chip visit's continuation credential (`mtv`,
 * before #26 `c`), the embed button's mint ticket (`/{chain}/mint-flow?ticket=`), and the generic
 * names any client or proxy might put a secret under (a false positive only hides a harmless value).
 */
const SECRET_PARAMS = new Set([
  'ticket',
  'password',
  'secret',
  'client_secret',
  'signature',
  'sig',
  'key',
  'apikey',
  'api_key',
  'session',
  'code',
  'nonce',
  'refresh_token',
  'id_token',
  'authtoken',
  'access_token',
  'auth',
  'jwt',
  'token',
  'c',
  'mtv',
  'p',
  'e',
  'enc',
  'cmac',
  'picc_data',
]);

/**
 * Path segments that carry a claim id (issue #28 item 2: a link's id is a bearer claim), and the search
 * page's query (a visitor searches the whole id they hold). Matched case-insensitively, as the router
 * matches routes; the id segment becomes `[redacted]`, the route's shape stays readable.
 */
const SECRET_SEGMENTS = [
  /^(\/link\/)[^/]+/i,
  /^(\/json\/get-mint-data\/)[^/]+/i,
  /^(\/json\/claim-gasless\/)[^/]+/i,
  /^(\/json\/email-claim\/)[^/]+/i,
  /^(\/json\/nft-by-chiplink\/)[^/]+/i,
  /^(\/json\/chiplink-token\/)[^/]+/i,
  /^(\/json\/qrlink\/)[^/]+(?=\/qr\.(?:svg|png)\/?$)/i,
  /^(\/search\/)[^/]+/i,
];
/** `/json/search?q=`: anonymous search finds a link only by its whole id, so `q` may be one. */
const SEARCH_PATH = /^\/json\/search\/?$/i;

function redactPath(path: string): string {
  for (const pattern of SECRET_SEGMENTS) if (pattern.test(path)) return path.replace(pattern, '$1[redacted]');
  return path;
}

/** A query parameter's name as the server reads it: percent-decoded, `+` as space, lower-cased. */
function paramName(raw: string): string {
  const name = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name).toLowerCase();
  } catch {
    // a malformed escape: decode what can be decoded, so `auth%74oken%` still reads as authtoken%
    return name
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      .toLowerCase();
  }
}

/**
 * A URL fit for the log: credential query parameters and claim ids in the path are replaced by
 * `[redacted]`. Names are compared after URL decoding (`auth%74oken=` is `authtoken=` to the server, so
 * it is redacted too).
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const fragment = hash >= 0 ? url.slice(hash) : '';
  const rest = hash >= 0 ? url.slice(0, hash) : url;
  const question = rest.indexOf('?');
  const path = question >= 0 ? rest.slice(0, question) : rest;
  if (question < 0) return `${redactPath(path)}${fragment}`;
  const secret = (name: string) => SECRET_PARAMS.has(name) || (name === 'q' && SEARCH_PATH.test(path));
  const query = rest
    .slice(question + 1)
    .split(/([&;])/)
    .map((part) => {
      if (part === '&' || part === ';') return part;
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      return secret(paramName(part.slice(0, equals))) ? `${part.slice(0, equals + 1)}[redacted]` : part;
    })
    .join('');
  return `${redactPath(path)}?${query}${fragment}`;
}

/** pino request logs; a request id from the caller's X-Request-Id when sane, else a new one, echoed back. */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId(req: IncomingMessage, res: ServerResponse) {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, err) =>
      err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      err: errSerializer,
    },
  });
}
