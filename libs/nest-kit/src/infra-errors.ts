import { pino } from 'pino';
import { AppError } from './app-error.js';

/**
 * Failures of the infrastructure below a handler (PostgreSQL, the network to it), told apart from bugs:
 * input PostgreSQL cannot store is the caller's 400, a database that cannot be reached is a 503 (try
 * again), everything else stays a 500. And what such errors may put in a log: never the SQL text or
 * its parameters (drizzle's "Failed query: … params: …"), never the row values PostgreSQL quotes.
 */

/** Node socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
]);
/** node-postgres's own messages for a lost or impossible connection (they carry no code). */
const PG_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|the database system is (?:starting up|shutting down)/i;

interface CodedError {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** The error and its causes (drizzle wraps the driver's error; AggregateError holds one per address). */
function* chain(error: unknown): Generator<CodedError> {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const next = queue.shift();
    if (typeof next !== 'object' || next === null || seen.has(next)) continue;
    seen.add(next);
    yield next as CodedError;
    queue.push((next as CodedError).cause);
    const inner = (next as CodedError).errors;
    if (Array.isArray(inner)) queue.push(...inner);
  }
}

/** A SQLSTATE: five characters, digits and upper-case letters. */
const sqlState = (code: unknown): string | undefined =>
  typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;

/** The AppError an infrastructure failure stands for, or undefined for anything else. */
export function infraErrorToAppError(error: unknown): AppError | undefined {
  for (const link of chain(error)) {
    const state = sqlState(link.code);
    if (state) {
      // class 22, data exception: NUL bytes, out-of-range numbers, invalid text for a type
      if (state.startsWith('22'))
        return new AppError('invalid_input', 'Invalid input: a value cannot be stored', 400);
      // class 08 connection exception, 57P0x shutdown / cannot connect now, 53 insufficient resources
      if (state.startsWith('08') || /^57P0[1-4]$/.test(state) || state.startsWith('53'))
        return AppError.unavailable('The database is unavailable, try again shortly');
    }
    if (typeof link.code === 'string' && NETWORK_CODES.has(link.code))
      return AppError.unavailable('The database is unavailable, try again shortly');
    if (typeof link.message === 'string' && PG_CONNECTION_MESSAGES.test(link.message))
      return AppError.unavailable('The database is unavailable, try again shortly');
  }
  return undefined;
}

/** Drops the SQL and its parameters (and PostgreSQL's quoted values) from an error before it is logged. */
export function loggableError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return error;
  const e = error as Error & { query?: unknown; params?: unknown; cause?: unknown };
  if (e.query !== undefined || e.params !== undefined) {
    // drizzle's DrizzleQueryError: its message is the query and its parameters; keep the cause only
    const cause = loggableError(e.cause);
    return { type: e.name || 'DrizzleQueryError', message: 'database query failed', cause };
  }
  const pgFields = e as unknown as Record<string, unknown>;
  if (sqlState(pgFields.code) && ('severity' in pgFields || 'detail' in pgFields || 'where' in pgFields)) {
    // node-postgres DatabaseError: `detail`, `where`, `internalQuery` may quote row values
    return {
      type: e.name,
      message: e.message,
      code: pgFields.code,
      severity: pgFields.severity,
      table: pgFields.table,
      constraint: pgFields.constraint,
      routine: pgFields.routine,
    };
  }
  return error;
}

/** pino's `err` serializer with loggableError first. */
export function errSerializer(error: unknown): unknown {
  const safe = loggableError(error);
  return safe instanceof Error ? pino.stdSerializers.err(safe) : safe;
}
