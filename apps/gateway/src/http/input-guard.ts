import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@metatag/nest-kit';

/** Deeper JSON than any request of the API needs; past it the body is refused before any service sees it. */
export const MAX_JSON_DEPTH = 32;

/**
 * Input no route can store: a NUL character (PostgreSQL text cannot hold one) in the path, the query or
 * any string (or key) of a JSON body, and JSON nested deeper than MAX_JSON_DEPTH. Refused with a 400
 * that says what is wrong, never a 500 from the database or a 503 from the transport.
 */
export function malformedInput(req: Pick<Request, 'path' | 'query' | 'body'>): AppError | undefined {
  if (hasNul(decoded(req.path))) return nulError('the path');
  if (valueProblem(req.query, 8) === 'nul') return nulError('the query');
  const body = valueProblem(req.body, MAX_JSON_DEPTH);
  if (body === 'nul') return nulError('the request body');
  if (body === 'deep')
    return new AppError(
      'invalid_input',
      `Request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels)`,
      400,
    );
  return undefined;
}

/** The Nest middleware of every gateway route (after the body parsers). */
export function rejectMalformedInput(req: Request, _res: Response, next: NextFunction): void {
  const problem = malformedInput(req);
  if (problem) throw problem;
  next();
}

const nulError = (where: string) =>
  new AppError('invalid_input', `Text must not contain NUL characters (\\u0000) in ${where}`, 400);

/** The path as routes read their parameters: percent-decoded (a malformed escape stays as it is). */
function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function hasNul(text: string): boolean {
  return text.includes('\0');
}

/** Walks a parsed value without recursion (a deep body must not overflow the stack). */
function valueProblem(value: unknown, maxDepth: number): 'nul' | 'deep' | undefined {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (typeof item === 'string') {
      if (hasNul(item)) return 'nul';
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= maxDepth) return 'deep';
    if (Array.isArray(item)) {
      for (const child of item) stack.push([child, depth + 1]);
      continue;
    }
    for (const [key, child] of Object.entries(item)) {
      if (hasNul(key)) return 'nul';
      stack.push([child, depth + 1]);
    }
  }
  return undefined;
}
