import type { AnyJobDefinition, BackoffKind, JobData, JobPayload, JobResult } from './job-definition.js';

export interface AddJobOptions {
  /**
   * Makes `add` idempotent: while a job with this id exists for this job name (in any state, until
   * retention removes it), adding again returns it instead of enqueuing a second one. Not an integer
   * and no ':' (BullMQ reserves both; the in-process adapter refuses them too so code stays portable).
   */
  jobId?: string;
  /** Run no sooner than this many ms from now. */
  delayMs?: number;
  /** Overrides the definition's attempts. */
  attempts?: number;
  /** Overrides the definition's backoffMs. */
  backoffMs?: number;
  /** Overrides the definition's backoff kind. */
  backoff?: BackoffKind;
}

export interface AddedJob {
  id: string;
}

/** What a processor is given for one attempt. */
export interface ActiveJob<Data> {
  id: string;
  name: string;
  data: Data;
  /** 1 on the first try, 2 on the first retry, ... */
  attempt: number;
  maxAttempts: number;
}

export type JobHandler<D extends AnyJobDefinition> = (job: ActiveJob<JobData<D>>) => Promise<JobResult<D>>;

export interface ProcessOptions {
  /** Jobs of this name run at once by this queue instance (default 1). */
  concurrency?: number;
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';

export interface JobStatus<Payload, Result> {
  id: string;
  name: string;
  state: JobState;
  /** The payload as stored (the schema's input). */
  data: Payload;
  /** Set once completed; `null` when the processor returned nothing. */
  result?: Result;
  /** The last attempt's error message, kept while the job waits to retry and after it failed. */
  failedReason?: string;
  /** Attempts that have finished (failed or completed). */
  attemptsMade: number;
  maxAttempts: number;
  createdAt: Date;
  finishedAt?: Date;
}

export interface JobCompletedEvent {
  name: string;
  id: string;
  result: unknown;
}

/** Emitted once, when a job has failed for good (attempts exhausted or unrecoverable), not per retry. */
export interface JobFailedEvent {
  name: string;
  id: string;
  failedReason: string;
}

/** One processor attempt as observed where it ran (metrics): how long it waited since enqueue and ran. */
export interface JobAttemptObservation {
  name: string;
  outcome: 'completed' | 'failed';
  /** From enqueue (or the end of its delay/backoff) to the attempt's start. */
  waitedMs: number;
  ranMs: number;
}

export type JobAttemptObserver = (observation: JobAttemptObservation) => void;

/** Jobs of one name in one state, for queue-depth metrics. */
export interface JobCount {
  name: string;
  state: Exclude<JobState, 'completed'>;
  count: number;
}

export interface JobQueueEventMap {
  completed: JobCompletedEvent;
  failed: JobFailedEvent;
  /** Infrastructure trouble (lost Redis connection, a throwing listener); jobs are not affected. */
  error: Error;
}

export type JobQueueEventName = keyof JobQueueEventMap;
export type JobQueueListener<E extends JobQueueEventName> = (event: JobQueueEventMap[E]) => void;

/**
 * The port every producer and processor uses. Delivery is at least once: a processor that crashes
 * mid-job may see the job again (BullMQ stalled-job recovery), so side effects must be idempotent.
 */
export interface JobQueue {
  /** Validates the payload against the definition's schema, then enqueues it. */
  add<D extends AnyJobDefinition>(job: D, payload: JobPayload<D>, options?: AddJobOptions): Promise<AddedJob>;

  /** Registers the processor for a job name; resolves once it is ready to take jobs. */
  process<D extends AnyJobDefinition>(
    job: D,
    handler: JobHandler<D>,
    options?: ProcessOptions,
  ): Promise<void>;

  /** The job's status, or undefined when there is no such job (never added, or removed by retention). */
  getJob<D extends AnyJobDefinition>(
    job: D,
    id: string,
  ): Promise<JobStatus<JobPayload<D>, JobResult<D>> | undefined>;

  /**
   * Listens to outcomes of every job name this instance knows (declared, added, processed or looked
   * up), whichever process ran them. Returns the function that removes the listener.
   */
  on<E extends JobQueueEventName>(event: E, listener: JobQueueListener<E>): () => void;

  /** Jobs not yet finished (waiting, active, delayed) and kept failures, per job name this instance knows. */
  counts(): Promise<JobCount[]>;

  /** Whether the queue's store answers now (readiness): Redis replies to PING within a second; in process: open. */
  ping(): Promise<boolean>;

  /** Stops handing out jobs of this name (to every worker, for BullMQ); running ones finish. */
  pause(job: AnyJobDefinition): Promise<void>;
  resume(job: AnyJobDefinition): Promise<void>;

  /** Stops taking jobs, waits for running ones to finish, then releases connections and timers. */
  close(): Promise<void>;
}
