import type { z } from 'zod';
import type { AnyJobDefinition, JobData, JobPayload } from './job-definition.js';
import { QueueError, type QueueIssue } from './queue.error.js';

/**
 * Validates a payload for `add` and returns what is stored: the JSON form of the schema's input.
 * Both adapters store JSON, so a payload that only validates before serialisation (a Date, a bigint)
 * is refused here rather than failing later in a worker.
 */
export function encodePayload<D extends AnyJobDefinition>(job: D, payload: JobPayload<D>): JobPayload<D> {
  let stored: unknown;
  try {
    stored = toJson(payload);
  } catch (error) {
    throw new QueueError('INVALID_PAYLOAD', `Payload of job "${job.name}" is not JSON: ${String(error)}`);
  }
  const result = job.schema.safeParse(stored);
  if (!result.success) {
    throw new QueueError(
      'INVALID_PAYLOAD',
      `Invalid payload for job "${job.name}": ${describeIssues(result.error)}`,
      issuesOf(result.error),
    );
  }
  return stored as JobPayload<D>;
}

export type DecodedPayload<D extends AnyJobDefinition> =
  { ok: true; data: JobData<D> } | { ok: false; message: string };

/** Parses stored data before a run: producer and worker may run different versions of a schema. */
export function decodePayload<D extends AnyJobDefinition>(job: D, stored: unknown): DecodedPayload<D> {
  const result = job.schema.safeParse(stored);
  if (result.success) return { ok: true, data: result.data as JobData<D> };
  return { ok: false, message: `Invalid payload for job "${job.name}": ${describeIssues(result.error)}` };
}

/** JSON round trip: what a job result or payload looks like after passing through Redis. */
export function toJson(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? null : (JSON.parse(text) as unknown);
}

function issuesOf(error: z.ZodError): QueueIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
}

function describeIssues(error: z.ZodError): string {
  return issuesOf(error)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');
}
