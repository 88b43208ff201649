import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import {
  ENVELOPE_HEADER,
  ENVELOPE_IV_BYTES,
  ENVELOPE_PREFIX,
  fromBase64Url,
  toBase64Url,
} from '@metatag/api-types';
import { AppError } from '@metatag/nest-kit';
import { parseJson, readBodyText, sendError } from './raw-http.js';

const TAG_BYTES = 16;
const notOpening = () => new AppError('bad_request', 'The request envelope does not open', 400);
/** Express's JSON limit (body-parser's default, 100 KiB) applies to the opened body as to a plain one. */
const MAX_OPENED_BYTES = 100 * 1024;
/** The sealed form of such a body: base64url (4/3), the IV, the tag and `{"d":""}`. */
const MAX_BODY_BYTES = Math.ceil((MAX_OPENED_BYTES + 64) * (4 / 3));

/**
 * The gateway's side of the request envelope (spec section 7; format and purpose in
 * `@metatag/api-types` envelope.ts): the same AES-256-GCM format as the page's WebCrypto, with
 * node:crypto so that answers are sealed synchronously.
 */
export class EnvelopeCodec {
  private readonly key: Buffer;

  /** The key is derived from the session secret: every gateway replica has the same one, no new setting. */
  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('metatag request envelope v1').digest();
  }

  /** What the page receives in its meta tag. */
  get pageKey(): string {
    return toBase64Url(this.key);
  }

  seal(text: string): string {
    const iv = randomBytes(ENVELOPE_IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([iv, cipher.update(text, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return toBase64Url(sealed);
  }

  /** undefined when the text was not sealed with this key or was altered. */
  open(sealed: string): string | undefined {
    try {
      const bytes = Buffer.from(fromBase64Url(sealed));
      if (bytes.length < ENVELOPE_IV_BYTES + TAG_BYTES) return undefined;
      const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, ENVELOPE_IV_BYTES));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      const body = bytes.subarray(ENVELOPE_IV_BYTES, bytes.length - TAG_BYTES);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }
}

type WithBody = IncomingMessage & { body?: unknown };

/**
 * The JSON body an envelope carried (already opened, on `req.body` as Express keeps it), or
 * `undefined` when the envelope did not read this request's stream.
 */
export function openedBody(req: IncomingMessage): { body: unknown } | undefined {
  return req.readableEnded ? { body: (req as WithBody).body } : undefined;
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(.+\+)?json\b/i.test(contentType);
}

/** Opens the URL and JSON body of an enveloped request in place. */
async function openRequest(req: IncomingMessage, codec: EnvelopeCodec): Promise<void> {
  const url = req.url ?? '/';
  if (url.startsWith(ENVELOPE_PREFIX)) {
    const original = codec.open(url.slice(ENVELOPE_PREFIX.length).split('?')[0]);
    if (!original?.startsWith('/') || original.startsWith(ENVELOPE_PREFIX)) {
      throw notOpening();
    }
    req.url = original;
  }
  if (req.headers[ENVELOPE_HEADER] === undefined || !isJson(req.headers['content-type'])) return;
  const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length']) > 0;
  if (!hasBody) return;
  const text = await readBodyText(req, MAX_BODY_BYTES);
  // the stream is read: whoever comes next takes the body from req.body, even an empty one
  (req as WithBody).body = undefined;
  if (text === '') return;
  const sealed = (parseJson(text) as { d?: unknown } | null)?.d;
  const opened = typeof sealed === 'string' ? codec.open(sealed) : undefined;
  if (opened === undefined) throw notOpening();
  if (Buffer.byteLength(opened) > MAX_OPENED_BYTES)
    throw new AppError('too_large', 'Request body is too large', 413);
  // Express's body parser skips a request whose stream is already read and keeps this body
  (req as WithBody).body = parseJson(opened);
}

type End = ServerResponse['end'];
type Write = ServerResponse['write'];

/**
 * Seals the JSON answers of `res` (`{ d }` plus the marker header); anything else (downloads, pages,
 * streams) passes as it is, without the marker, and the page reads it as it comes.
 */
function sealAnswers(res: ServerResponse, codec: EnvelopeCodec): void {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const chunks: Buffer[] = [];
  let mode: 'seal' | 'pass' | undefined;
  const decide = () => (mode ??= !res.headersSent && isJson(res.getHeader('content-type')) ? 'seal' : 'pass');
  const toBuffer = (chunk: unknown, encoding?: BufferEncoding) =>
    Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, encoding);

  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (decide() === 'pass') return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    chunks.push(toBuffer(chunk, typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined));
    const callback = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (callback) queueMicrotask(callback);
    return true;
  }) as Write;

  res.end = ((...args: unknown[]) => {
    if (decide() === 'pass') return (end as (...a: unknown[]) => ServerResponse)(...args);
    const callback = args.find((a) => typeof a === 'function') as (() => void) | undefined;
    const chunk = typeof args[0] === 'function' ? undefined : args[0];
    if (chunk !== undefined && chunk !== null) {
      chunks.push(toBuffer(chunk, typeof args[1] === 'string' ? (args[1] as BufferEncoding) : undefined));
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const sealed = text === '' ? '' : JSON.stringify({ d: codec.seal(text) });
    res.setHeader(ENVELOPE_HEADER, '1');
    res.setHeader('content-length', Buffer.byteLength(sealed));
    res.removeHeader('etag');
    return end(sealed, callback);
  }) as End;
}

/**
 * Puts the envelope in front of every other request listener (the check-tag fast path, Express): an
 * enveloped request is opened in place (URL, JSON body) and handed on; with the marker header its JSON
 * answer is sealed. Requests without envelope pass untouched, so localhost pages, tools and tests
 * speak plain JSON (spec section 7: only traffic away from localhost is wrapped).
 */
export function serveEnvelopes(server: Server, codec: EnvelopeCodec): void {
  const others = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const handOn = (req: IncomingMessage, res: ServerResponse) => {
    for (const listener of others) listener.call(server, req, res);
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const marked = req.headers[ENVELOPE_HEADER] !== undefined;
    if (!marked && !req.url?.startsWith(ENVELOPE_PREFIX)) return handOn(req, res);
    openRequest(req, codec).then(
      () => {
        if (marked) sealAnswers(res, codec);
        handOn(req, res);
      },
      (error: unknown) => {
        if (error instanceof AppError) return sendError(res, error);
        res.destroy(error instanceof Error ? error : undefined);
      },
    );
  });
}
