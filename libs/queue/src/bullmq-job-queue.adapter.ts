import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { AnyJobDefinition, JobPayload, JobResult } from './job-definition.js';
import { asError, JobEventsEmitter } from './job-events.emitter.js';
import {
  cappedBackoffStrategy,
  cappedBackoffType,
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
import { createRedisConnection, DEFAULT_REDIS_URL } from './redis-connection.factory.js';

export interface BullMqJobQueueOptions {
  /** Default redis://127.0.0.1:6379. */
  redisUrl?: string;
  /** Namespace of every Redis key (`<prefix>:<job name>:...`); isolates environments and tests. */
  prefix?: string;
  retention?: JobRetention;
  /** Job names known from the start, so `on()` hears jobs other processes add and run. */
  jobs?: AnyJobDefinition[];
  /** Stalled-job recovery: how long a crashed worker's job stays locked before another worker retakes it. */
  worker?: {
    /** Default 30 000 ms. */
    lockDurationMs?: number;
    /** How often workers look for stalled jobs; default 30 000 ms. */
    stalledIntervalMs?: number;
  };
  /** Told of every processor attempt this instance's workers run (metrics). */
  onAttempt?: JobAttemptObserver;
}

export const DEFAULT_PREFIX = 'metatag';

/** BullMQ states this port does not distinguish are reported as waiting (not yet taken by a worker). */
const STATES: Record<string, JobState> = {
  waiting: 'waiting',
  paused: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  active: 'active',
  delayed: 'delayed',
  completed: 'completed',
  failed: 'failed',
};

/**
 * The distributed JobQueue: one BullMQ Queue, Worker and QueueEvents per job name (see README for why
 * per name). All Queues share one producer connection; Workers and QueueEvents get their own
 * duplicates of a blocking-safe template, which reconnect by themselves after a Redis restart.
 */
export class BullMqJobQueue implements JobQueue {
  readonly prefix: string;
  private readonly redisUrl: string;
  private readonly retention: Required<JobRetention>;
  private readonly workerOptions: NonNullable<BullMqJobQueueOptions['worker']>;
  private readonly events = new JobEventsEmitter();
  private readonly knownNames = new Set<string>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly queueEvents = new Map<string, Promise<QueueEvents>>();
  private producer: Redis | undefined;
  private workerTemplate: Redis | undefined;
  private closing: Promise<void> | undefined;
  private readonly onAttempt?: JobAttemptObserver;

  constructor(options: BullMqJobQueueOptions = {}) {
    this.onAttempt = options.onAttempt;
    this.redisUrl = options.redisUrl ?? DEFAULT_REDIS_URL;
    this.prefix = options.prefix ?? DEFAULT_PREFIX;
    if (!/^[A-Za-z0-9._-]+(:[A-Za-z0-9._-]+)*$/.test(this.prefix)) {
      throw new QueueError('INVALID_OPTIONS', `Invalid queue prefix "${this.prefix}"`);
    }
    this.retention = resolveRetention(options.retention);
    this.workerOptions = options.worker ?? {};
    for (const job of options.jobs ?? []) this.knownNames.add(job.name);
  }

  async add<D extends AnyJobDefinition>(
    job: D,
    payload: JobPayload<D>,
    options?: AddJobOptions,
  ): Promise<AddedJob> {
    this.assertOpen();
    const resolved = resolveJobOptions(job, options);
    const data = encodePayload(job, payload);
    await this.know(job.name);
    const added = await this.queue(job.name).add(job.name, data, this.bullOptions(resolved));
    // BullMQ answers a duplicate jobId with the existing job, which is what idempotent add means.
    return { id: added.id ?? resolved.jobId ?? '' };
  }

  async process<D extends AnyJobDefinition>(
    job: D,
    handler: JobHandler<D>,
    options: ProcessOptions = {},
  ): Promise<void> {
    this.assertOpen();
    if (this.workers.has(job.name)) {
      throw new QueueError('PROCESSOR_EXISTS', `A processor for job "${job.name}" is already registered`);
    }
    const concurrency = resolveConcurrency(options.concurrency);
    await this.know(job.name);
    const worker = new Worker(job.name, (bullJob: Job) => this.runAttempt(job, handler, bullJob), {
      connection: this.template(),
      prefix: this.prefix,
      concurrency,
      lockDuration: this.workerOptions.lockDurationMs ?? 30_000,
      stalledInterval: this.workerOptions.stalledIntervalMs ?? 30_000,
      // BullMQ's exponential backoff has no cap: ours is a custom type (see cappedBackoffType).
      settings: {
        backoffStrategy: (attemptsMade, type, _error, bullJob) =>
          cappedBackoffStrategy(
            attemptsMade,
            type,
            Number(
              bullJob?.opts.backoff && typeof bullJob.opts.backoff === 'object'
                ? bullJob.opts.backoff.delay
                : 0,
            ),
          ),
      },
      // Finished-job retention is set per job (see bullOptions); nothing to override here.
    });
    worker.on('error', (error) => this.events.emit('error', error));
    this.workers.set(job.name, worker);
    await worker.waitUntilReady();
  }

  async getJob<D extends AnyJobDefinition>(
    job: D,
    id: string,
  ): Promise<JobStatus<JobPayload<D>, JobResult<D>> | undefined> {
    this.assertOpen();
    await this.know(job.name);
    const found = await this.queue(job.name).getJob(id);
    if (!found) return undefined;
    const state = STATES[await found.getState()];
    if (!state) return undefined;
    return {
      id,
      name: job.name,
      state,
      data: found.data as JobPayload<D>,
      ...(state === 'completed' ? { result: (found.returnvalue ?? null) as JobResult<D> } : {}),
      ...(found.failedReason ? { failedReason: found.failedReason } : {}),
      attemptsMade: found.attemptsMade,
      maxAttempts: found.opts.attempts ?? 1,
      createdAt: new Date(found.timestamp),
      ...(found.finishedOn ? { finishedAt: new Date(found.finishedOn) } : {}),
    };
  }

  on<E extends JobQueueEventName>(event: E, listener: JobQueueListener<E>): () => void {
    const off = this.events.on(event, listener);
    if (event !== 'error' && !this.closing) {
      for (const name of this.knownNames) {
        this.listen(name).catch((error: unknown) => this.events.emit('error', asError(error)));
      }
    }
    return off;
  }

  async pause(job: AnyJobDefinition): Promise<void> {
    this.assertOpen();
    await this.know(job.name);
    await this.queue(job.name).pause();
  }

  async resume(job: AnyJobDefinition): Promise<void> {
    this.assertOpen();
    await this.know(job.name);
    await this.queue(job.name).resume();
  }

  async ping(): Promise<boolean> {
    if (this.closing) return false;
    const client = this.producerClient();
    // while Redis is away ioredis holds commands until it reconnects: do not wait for that
    if (client.status !== 'ready') return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('late'), 1000)));
    try {
      return (await Promise.race([client.ping(), late])) === 'PONG';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async counts(): Promise<JobCount[]> {
    const counts: JobCount[] = [];
    await Promise.all(
      [...this.knownNames].map(async (name) => {
        const c = await this.queue(name).getJobCounts(
          'waiting',
          'prioritized',
          'active',
          'delayed',
          'failed',
        );
        counts.push(
          { name, state: 'waiting', count: (c.waiting ?? 0) + (c.prioritized ?? 0) },
          { name, state: 'active', count: c.active ?? 0 },
          { name, state: 'delayed', count: c.delayed ?? 0 },
          { name, state: 'failed', count: c.failed ?? 0 },
        );
      }),
    );
    return counts;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /**
   * Stops this instance's workers (letting running jobs finish), then deletes every key of every job
   * name it knows, jobs included. For tests and for tearing down an environment; call close() after.
   */
  async obliterate(): Promise<void> {
    await this.closeWorkers();
    for (const name of this.knownNames) await this.queue(name).obliterate({ force: true });
  }

  private async shutdown(): Promise<void> {
    // Workers first: Worker.close() waits for active jobs, which still need the producer side.
    await this.closeWorkers();
    const events = await Promise.allSettled(this.queueEvents.values());
    await Promise.all([
      ...events.map((settled) => (settled.status === 'fulfilled' ? settled.value.close() : undefined)),
      ...[...this.queues.values()].map((queue) => queue.close()),
    ]);
    // BullMQ leaves caller-owned clients open.
    if (this.producer) await this.producer.quit().catch(() => this.producer?.disconnect());
    this.workerTemplate?.disconnect();
  }

  private async closeWorkers(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.close()));
    this.workers.clear();
  }

  private assertOpen(): void {
    if (this.closing) throw new QueueError('CLOSED', 'The job queue is closed');
  }

  private async runAttempt<D extends AnyJobDefinition>(
    definition: D,
    handler: JobHandler<D>,
    job: Job,
  ): Promise<unknown> {
    const decoded = decodePayload(definition, job.data);
    // A payload this processor's schema refuses will not become valid on retry.
    if (!decoded.ok) throw new UnrecoverableError(decoded.message);
    const started = Date.now();
    const observe = (outcome: 'completed' | 'failed') =>
      this.onAttempt?.({
        name: definition.name,
        outcome,
        // BullMQ's processedOn is this attempt's start; the job became runnable at timestamp + delay
        waitedMs: Math.max(0, (job.processedOn ?? started) - job.timestamp - (job.delay ?? 0)),
        ranMs: Date.now() - started,
      });
    try {
      const result = await handler({
        id: job.id ?? '',
        name: definition.name,
        data: decoded.data,
        attempt: job.attemptsMade + 1,
        maxAttempts: job.opts.attempts ?? 1,
      });
      // Stored as JSON either way; converting here makes a non-JSON result fail the attempt, as in-process.
      const json = toJson(result);
      observe('completed');
      return json;
    } catch (error) {
      observe('failed');
      if (error instanceof UnrecoverableJobError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }

  private bullOptions(resolved: ResolvedJobOptions): JobsOptions {
    return {
      jobId: resolved.jobId ?? randomUUID(),
      delay: resolved.delayMs,
      attempts: resolved.attempts,
      ...(resolved.backoffMs > 0
        ? {
            backoff: {
              type:
                resolved.backoff === 'exponential' && resolved.maxBackoffMs > 0
                  ? cappedBackoffType(resolved.maxBackoffMs)
                  : resolved.backoff,
              delay: resolved.backoffMs,
            },
          }
        : {}),
      removeOnComplete: { age: Math.ceil(this.retention.completedMs / 1000) },
      removeOnFail: { age: Math.ceil(this.retention.failedMs / 1000) },
    };
  }

  /** Records a job name; when someone listens, its QueueEvents is running before this resolves. */
  private async know(name: string): Promise<void> {
    this.knownNames.add(name);
    if (this.events.listenerCount('completed') + this.events.listenerCount('failed') > 0) {
      // Events are secondary: failing to start them must not fail the add or process call.
      await this.listen(name).catch((error: unknown) => this.events.emit('error', asError(error)));
    }
  }

  private producerClient(): Redis {
    this.producer ??= createRedisConnection(this.redisUrl, 'producer');
    return this.producer;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.producerClient(), prefix: this.prefix });
      queue.on('error', (error) => this.events.emit('error', error));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private template(): Redis {
    this.workerTemplate ??= createRedisConnection(this.redisUrl, 'worker');
    return this.workerTemplate;
  }

  private listen(name: string): Promise<QueueEvents> {
    let pending = this.queueEvents.get(name);
    if (!pending) {
      pending = this.startQueueEvents(name);
      this.queueEvents.set(name, pending);
      // Let a later call retry after a failed start (e.g. Redis was down).
      pending.catch(() => this.queueEvents.delete(name));
    }
    return pending;
  }

  private async startQueueEvents(name: string): Promise<QueueEvents> {
    // Read from "now" by Redis' own clock, not from '$': XREAD '$' only counts once the blocking read
    // is issued, and a job added and finished before that would be missed.
    const [seconds, micros] = await this.producerClient().time();
    const nowMs = Number(seconds) * 1000 + Math.floor(Number(micros) / 1000);
    const queueEvents = new QueueEvents(name, {
      connection: this.template(),
      prefix: this.prefix,
      lastEventId: `${nowMs - 1}-0`,
    });
    queueEvents.on('error', (error) => this.events.emit('error', error));
    queueEvents.on('completed', ({ jobId, returnvalue }) => {
      this.events.emit('completed', { name, id: jobId, result: returnvalue ?? null });
    });
    queueEvents.on('failed', ({ jobId, failedReason }) => {
      this.events.emit('failed', { name, id: jobId, failedReason });
    });
    await queueEvents.waitUntilReady();
    return queueEvents;
  }
}
