import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError } from '@metatag/nest-kit';

/**
 * Reading and answering for the request listeners that run ahead of Express (the request envelope,
 * the check-tag fast path): the same `{ error, errorMessage }` shape and limits as the Nest routes.
 */

/** A JSON answer; headers are set one by one (not by writeHead) so the envelope can still seal it. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(json));
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // an oversized upload is not read to its end: the connection closes after the answer
  if (status === 413) res.setHeader('connection', 'close');
  res.end(json);
}

export function sendError(res: ServerResponse, error: AppError, headers: Record<string, string> = {}): void {
  sendJson(res, error.status, { error: error.code, errorMessage: error.message }, headers);
}

/** The body as text; past `maxBytes` it rejects with 413 (the rest is read and dropped). */
export function readBodyText(req: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) reject(new AppError('too_large', 'Request body is too large', 413));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', 'Request body is not valid JSON', 400);
  }
}
