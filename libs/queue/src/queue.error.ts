export type QueueErrorCode =
  /** The payload given to `add` does not match the job's schema (or does not survive JSON). */
  | 'INVALID_PAYLOAD'
  /** A job name, job id or option is out of range. */
  | 'INVALID_OPTIONS'
  /** A second processor was registered for the same job name on one queue instance. */
  | 'PROCESSOR_EXISTS'
  /** The queue was closed; it accepts no more work. */
  | 'CLOSED';

export interface QueueIssue {
  path: string;
  message: string;
}

/** The one error type this module throws; callers branch on `code`. */
export class QueueError extends Error {
  constructor(
    readonly code: QueueErrorCode,
    message: string,
    readonly issues: QueueIssue[] = [],
  ) {
    super(message);
    this.name = 'QueueError';
  }
}

/**
 * Thrown by a processor when retrying cannot help (a reverted transaction, a refused order): the job
 * fails at once whatever attempts remain. Not a QueueError because processors throw it, not this module.
 */
export class UnrecoverableJobError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnrecoverableJobError';
  }
}
