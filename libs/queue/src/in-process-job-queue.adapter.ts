import { randomUUID } from 'node:crypto';
import type { AnyJobDefinition, JobPayload, JobResult } from './job-definition.js';
import { asError, JobEventsEmitter } from './job-events.emitter.js';
import {
  backoffDelay,
  resolveConcurrency,
  resolveJobOptions,
  resolveRetention,
  type JobRetention,
  type ResolvedJobOptions,
} from './job-options.policy.js';
import type {
  AddJobOptions,
  AddedJob,
  JobAttemptObserver,
  JobCount,
  JobHandler,
  JobQueue,
  JobQueueEventName,
  JobQueueListener,
  JobState,
  JobStatus,
  ProcessOptions,
} from './job-queue.port.js';
import { decodePayload, encodePayload, toJson } from './payload.codec.js';
import { QueueError, UnrecoverableJobError } from './queue.error.js';

export interface InProcessJobQueueOptions {
  retention?: JobRetention;
  onAttempt?: JobAttemptObserver;
}

interface StoredJob {
  id: string;
  name: string;
  data: unknown;
  options: ResolvedJobOptions;
  state: JobState;
  attemptsMade: number;
  result?: unknown;
  failedReason?: string;
  createdAt: number;
  /** When it last became runnable (enqueue, or the end of a delay or backoff). */
  readyAt?: number;
  finishedAt?: number;
  timer?: NodeJS.Timeout;
}

interface Processor {
  definition: AnyJobDefinition;
  handler: (job: Parameters<JobHandler<AnyJobDefinition>>[0]) => Promise<unknown>;
  concurrency: number;
}

/** Everything about one job name: BullMQ's per-name queue, in memory. */
interface Lane {
  jobs: Map<string, StoredJob>;
  waiting: StoredJob[];
  // Finish order equals expiry order (one retention per state), so pruning only looks at the head.
  completed: StoredJob[];
  failed: StoredJob[];
  processor?: Processor;
  active: number;
  paused: boolean;
}

/**
 * The JobQueue of the standalone process: same semantics as the BullMQ adapter (JSON payloads,
 * idempotent ids, retries with backoff, delays, per-name concurrency, terminal events), no Redis.
 * Jobs live in memory only: a restart loses waiting jobs, so callers reconcile from their own state.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly running = new Set<Promise<void>>();
  private readonly events = new JobEventsEmitter();
  private readonly retention: Required<JobRetention>;
  private closing: Promise<void> | undefined;

  private readonly onAttempt?: JobAttemptObserver;

  constructor(options: InProcessJobQueueOptions = {}) {
    this.retention = resolveRetention(options.retention);
    this.onAttempt = options.onAttempt;
  }

  async add<D extends AnyJobDefinition>(
    job: D,
    payload: JobPayload<D>,
    options?: AddJobOptions,
  ): Promise<AddedJob> {
    this.assertOpen();
    const resolved = resolveJobOptions(job, options);
    const data = encodePayload(job, payload);
    const lane = this.lane(job.name);
    const id = resolved.jobId ?? randomUUID();
    if (lane.jobs.has(id)) return { id };
    const stored: StoredJob = {
      id,
      name: job.name,
      data,
      options: resolved,
      state: 'waiting',
      attemptsMade: 0,
      createdAt: Date.now(),
    };
    lane.jobs.set(id, stored);
    this.schedule(lane, stored, resolved.delayMs);
    return { id };
  }

  async process<D extends AnyJobDefinition>(
    job: D,
    handler: JobHandler<D>,
    options: ProcessOptions = {},
  ): Promise<void> {
    this.assertOpen();
    const lane = this.lane(job.name);
    if (lane.processor) {
      throw new QueueError('PROCESSOR_EXISTS', `A processor for job "${job.name}" is already registered`);
    }
    lane.processor = {
      definition: job,
      handler: handler as Processor['handler'],
      concurrency: resolveConcurrency(options.concurrency),
    };
    this.pump(lane);
  }

  async getJob<D extends AnyJobDefinition>(
    job: D,
    id: string,
  ): Promise<JobStatus<JobPayload<D>, JobResult<D>> | undefined> {
    this.assertOpen();
    const stored = this.lanes.get(job.name)?.jobs.get(id);
    if (!stored) return undefined;
    return {
      id: stored.id,
      name: stored.name,
      state: stored.state,
      // A copy: callers must not be able to change what a later attempt will see.
      data: toJson(stored.data) as JobPayload<D>,
      ...(stored.state === 'completed' ? { result: toJson(stored.result) as JobResult<D> } : {}),
      ...(stored.failedReason !== undefined ? { failedReason: stored.failedReason } : {}),
      attemptsMade: stored.attemptsMade,
      maxAttempts: stored.options.attempts,
      createdAt: new Date(stored.createdAt),
      ...(stored.finishedAt !== undefined ? { finishedAt: new Date(stored.finishedAt) } : {}),
    };
  }

  on<E extends JobQueueEventName>(event: E, listener: JobQueueListener<E>): () => void {
    return this.events.on(event, listener);
  }

  async pause(job: AnyJobDefinition): Promise<void> {
    this.assertOpen();
    this.lane(job.name).paused = true;
  }

  async resume(job: AnyJobDefinition): Promise<void> {
    this.assertOpen();
    const lane = this.lane(job.name);
    lane.paused = false;
    this.pump(lane);
  }

  async ping(): Promise<boolean> {
    return !this.closing;
  }

  async counts(): Promise<JobCount[]> {
    const counts: JobCount[] = [];
    for (const [name, lane] of this.lanes) {
      let delayed = 0;
      for (const job of lane.jobs.values()) if (job.state === 'delayed') delayed += 1;
      counts.push(
        { name, state: 'waiting', count: lane.waiting.length },
        { name, state: 'active', count: lane.active },
        { name, state: 'delayed', count: delayed },
        { name, state: 'failed', count: lane.failed.length },
      );
    }
    return counts;
  }

  close(): Promise<void> {
    this.closing ??= this.drain();
    return this.closing;
  }

  private async drain(): Promise<void> {
    for (const lane of this.lanes.values()) {
      for (const job of lane.jobs.values()) if (job.timer) clearTimeout(job.timer);
    }
    // pump() starts nothing once closing is set, so this loop ends when the last active job settles.
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private assertOpen(): void {
    if (this.closing) throw new QueueError('CLOSED', 'The job queue is closed');
  }

  private lane(name: string): Lane {
    let lane = this.lanes.get(name);
    if (!lane) {
      lane = { jobs: new Map(), waiting: [], completed: [], failed: [], active: 0, paused: false };
      this.lanes.set(name, lane);
    }
    return lane;
  }

  private schedule(lane: Lane, job: StoredJob, delayMs: number): void {
    if (delayMs > 0) {
      job.state = 'delayed';
      job.timer = setTimeout(() => {
        job.timer = undefined;
        this.schedule(lane, job, 0);
      }, delayMs);
      return;
    }
    job.state = 'waiting';
    job.readyAt = Date.now();
    lane.waiting.push(job);
    this.pump(lane);
  }

  private pump(lane: Lane): void {
    const processor = lane.processor;
    while (!this.closing && processor && !lane.paused && lane.active < processor.concurrency) {
      const job = lane.waiting.shift();
      if (!job) return;
      lane.active += 1;
      job.state = 'active';
      const run = this.run(lane, processor, job).finally(() => {
        lane.active -= 1;
        this.running.delete(run);
        this.pump(lane);
      });
      this.running.add(run);
    }
  }

  private async run(lane: Lane, processor: Processor, job: StoredJob): Promise<void> {
    // Decode a fresh JSON copy per attempt, as a worker reading from Redis would.
    const decoded = decodePayload(processor.definition, toJson(job.data));
    if (!decoded.ok) {
      job.attemptsMade += 1;
      this.finishFailed(lane, job, decoded.message);
      return;
    }
    let result: unknown;
    const started = Date.now();
    const observe = (outcome: 'completed' | 'failed') =>
      this.onAttempt?.({
        name: job.name,
        outcome,
        waitedMs: started - (job.readyAt ?? job.createdAt),
        ranMs: Date.now() - started,
      });
    try {
      result = toJson(
        await processor.handler({
          id: job.id,
          name: job.name,
          data: decoded.data,
          attempt: job.attemptsMade + 1,
          maxAttempts: job.options.attempts,
        }),
      );
    } catch (error) {
      observe('failed');
      job.attemptsMade += 1;
      const reason = asError(error).message;
      if (error instanceof UnrecoverableJobError || job.attemptsMade >= job.options.attempts) {
        this.finishFailed(lane, job, reason);
      } else {
        job.failedReason = reason;
        this.schedule(lane, job, backoffDelay(job.options, job.attemptsMade));
      }
      return;
    }
    observe('completed');
    job.attemptsMade += 1;
    job.state = 'completed';
    job.result = result;
    job.finishedAt = Date.now();
    lane.completed.push(job);
    this.prune(lane);
    this.events.emit('completed', { name: job.name, id: job.id, result: toJson(result) });
  }

  private finishFailed(lane: Lane, job: StoredJob, reason: string): void {
    job.state = 'failed';
    job.failedReason = reason;
    job.finishedAt = Date.now();
    lane.failed.push(job);
    this.prune(lane);
    this.events.emit('failed', { name: job.name, id: job.id, failedReason: reason });
  }

  private prune(lane: Lane): void {
    const now = Date.now();
    for (const [list, keepMs] of [
      [lane.completed, this.retention.completedMs],
      [lane.failed, this.retention.failedMs],
    ] as const) {
      while (list.length > 0 && now - (list[0]?.finishedAt ?? now) >= keepMs) {
        const expired = list.shift();
        if (expired) lane.jobs.delete(expired.id);
      }
    }
  }
}
