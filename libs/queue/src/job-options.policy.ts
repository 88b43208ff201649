import type { AnyJobDefinition, BackoffKind } from './job-definition.js';
import type { AddJobOptions } from './job-queue.port.js';
import { QueueError } from './queue.error.js';

/** The options of one job after merging the definition's defaults; identical on both adapters. */
export interface ResolvedJobOptions {
  jobId?: string;
  delayMs: number;
  attempts: number;
  backoffMs: number;
  backoff: BackoffKind;
  /** 0: no cap. */
  maxBackoffMs: number;
}

export function resolveJobOptions(job: AnyJobDefinition, options: AddJobOptions = {}): ResolvedJobOptions {
  const resolved: ResolvedJobOptions = {
    jobId: options.jobId,
    delayMs: options.delayMs ?? 0,
    attempts: options.attempts ?? job.defaults.attempts ?? 1,
    backoffMs: options.backoffMs ?? job.defaults.backoffMs ?? 0,
    backoff: options.backoff ?? job.defaults.backoff ?? 'exponential',
    maxBackoffMs: job.defaults.maxBackoffMs ?? 0,
  };
  if (resolved.jobId !== undefined) assertJobId(resolved.jobId);
  if (!Number.isInteger(resolved.attempts) || resolved.attempts < 1) {
    throw new QueueError('INVALID_OPTIONS', `attempts must be an integer >= 1, got ${resolved.attempts}`);
  }
  for (const key of ['delayMs', 'backoffMs'] as const) {
    if (!Number.isFinite(resolved[key]) || resolved[key] < 0) {
      throw new QueueError('INVALID_OPTIONS', `${key} must be a number >= 0, got ${resolved[key]}`);
    }
  }
  return resolved;
}

/**
 * BullMQ refuses integer ids (they would collide with its own counter) and ids with ':' (its key
 * separator); refusing them on both adapters keeps code written against the in-process one portable.
 */
export function assertJobId(id: string): void {
  if (id.length === 0 || id.length > 200) {
    throw new QueueError('INVALID_OPTIONS', 'jobId must be 1-200 characters');
  }
  if (id.includes(':')) throw new QueueError('INVALID_OPTIONS', `jobId "${id}" must not contain ':'`);
  if (String(Number.parseInt(id, 10)) === id) {
    throw new QueueError('INVALID_OPTIONS', `jobId "${id}" must not be an integer`);
  }
}

/** Delay before the next try after `attemptsMade` failed ones; BullMQ's built-in formulas. */
export function backoffDelay(
  options: Pick<ResolvedJobOptions, 'backoff' | 'backoffMs'> & { maxBackoffMs?: number },
  attemptsMade: number,
): number {
  if (options.backoff === 'fixed') return options.backoffMs;
  const delay = Math.round(2 ** (attemptsMade - 1) * options.backoffMs);
  return options.maxBackoffMs ? Math.min(delay, options.maxBackoffMs) : delay;
}

/** BullMQ's backoff type of an exponential backoff capped at `maxMs` (its custom strategy reads it). */
export const cappedBackoffType = (maxMs: number) => `capped-exponential-${maxMs}`;
const CAPPED = /^capped-exponential-(\d+)$/;

/** BullMQ's custom backoff strategy: the capped exponential of `cappedBackoffType`. */
export function cappedBackoffStrategy(
  attemptsMade: number,
  type: string | undefined,
  delayMs: number,
): number {
  const max = Number(CAPPED.exec(type ?? '')?.[1] ?? 0);
  return backoffDelay({ backoff: 'exponential', backoffMs: delayMs, maxBackoffMs: max }, attemptsMade);
}

/**
 * How long finished jobs are kept. Idempotent `jobId`s hold only while the job is kept, so these are
 * also the de-duplication window; afterwards the same id enqueues a new job.
 */
export interface JobRetention {
  completedMs?: number;
  failedMs?: number;
}

export const DEFAULT_RETENTION: Required<JobRetention> = {
  completedMs: 7 * 24 * 60 * 60 * 1000,
  // Failed jobs are kept longer: someone has to look at them.
  failedMs: 30 * 24 * 60 * 60 * 1000,
};

export function resolveRetention(retention: JobRetention = {}): Required<JobRetention> {
  const resolved = { ...DEFAULT_RETENTION, ...retention };
  for (const [key, value] of Object.entries(resolved)) {
    if (!Number.isFinite(value) || value < 0) {
      throw new QueueError('INVALID_OPTIONS', `retention.${key} must be a number >= 0`);
    }
  }
  return resolved;
}

export function resolveConcurrency(concurrency = 1): number {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new QueueError('INVALID_OPTIONS', `concurrency must be an integer >= 1, got ${concurrency}`);
  }
  return concurrency;
}
