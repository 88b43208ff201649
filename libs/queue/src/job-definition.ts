import type { z } from 'zod';
import { QueueError } from './queue.error.js';

export type BackoffKind = 'fixed' | 'exponential';

/** Retry policy a definition gives every job of its name; `add` may override each field. */
export interface JobDefaults {
  /** Total tries including the first (default 1: no retry). */
  attempts?: number;
  /** Delay before the first retry in ms (default 0). */
  backoffMs?: number;
  /** `exponential` doubles the delay at each retry (default), `fixed` keeps it. */
  backoff?: BackoffKind;
  /**
   * Longest delay between two tries (exponential only; default none). A job retried through a long
   * outage must not sleep for minutes once its dependency is back (#28: the relayer's jobs waited
   * up to 256 s after PostgreSQL and the chain returned).
   */
  maxBackoffMs?: number;
}

// Phantom key: carries the processor's result type without a runtime property.
declare const resultType: unique symbol;

/**
 * One job kind shared by producers and processors: its queue name, payload schema and retry defaults.
 * Producers pass `z.input` of the schema; processors receive `z.output`, parsed again before each run.
 */
export interface JobDefinition<
  Name extends string = string,
  Schema extends z.ZodType = z.ZodType,
  Result = unknown,
> {
  readonly name: Name;
  readonly schema: Schema;
  readonly defaults: Readonly<JobDefaults>;
  readonly [resultType]?: Result;
  /** Types the processor's result (type only: results are not re-validated, see README). */
  returns<R>(): JobDefinition<Name, Schema, R>;
}

export type AnyJobDefinition = JobDefinition<string, z.ZodType, unknown>;

/** What a producer passes to `add`: the schema's input, JSON-serialisable. */
export type JobPayload<D extends AnyJobDefinition> = z.input<D['schema']>;
/** What a processor receives: the schema's output. */
export type JobData<D extends AnyJobDefinition> = z.output<D['schema']>;
/** What a processor returns and `getJob`/`completed` report. */
export type JobResult<D extends AnyJobDefinition> =
  D extends JobDefinition<string, z.ZodType, infer R> ? R : never;

// Job names become BullMQ queue names and Redis key parts, where ':' separates the prefix.
const JOB_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

export function defineJob<const Name extends string, Schema extends z.ZodType>(
  name: Name,
  schema: Schema,
  defaults: JobDefaults = {},
): JobDefinition<Name, Schema> {
  if (!JOB_NAME.test(name)) {
    throw new QueueError(
      'INVALID_OPTIONS',
      `Job name "${name}" must be 1-100 letters, digits, '.', '_' or '-', starting with a letter or digit`,
    );
  }
  validateDefaults(name, defaults);
  const definition: JobDefinition<Name, Schema> = {
    name,
    schema,
    defaults: Object.freeze({ ...defaults }),
    returns<R>() {
      return definition as JobDefinition<Name, Schema, R>;
    },
  };
  return Object.freeze(definition);
}

function validateDefaults(name: string, defaults: JobDefaults): void {
  const { attempts, backoffMs, maxBackoffMs } = defaults;
  if (maxBackoffMs !== undefined && (!Number.isFinite(maxBackoffMs) || maxBackoffMs < 0)) {
    throw new QueueError('INVALID_OPTIONS', `Job "${name}": maxBackoffMs must be >= 0`);
  }
  if (attempts !== undefined && (!Number.isInteger(attempts) || attempts < 1)) {
    throw new QueueError('INVALID_OPTIONS', `Job "${name}": attempts must be an integer >= 1`);
  }
  if (backoffMs !== undefined && (!Number.isFinite(backoffMs) || backoffMs < 0)) {
    throw new QueueError('INVALID_OPTIONS', `Job "${name}": backoffMs must be >= 0`);
  }
}
