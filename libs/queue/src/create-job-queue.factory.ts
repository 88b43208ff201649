import { BullMqJobQueue } from './bullmq-job-queue.adapter.js';
import { InProcessJobQueue } from './in-process-job-queue.adapter.js';
import type { AnyJobDefinition } from './job-definition.js';
import type { JobRetention } from './job-options.policy.js';
import type { JobAttemptObserver, JobQueue } from './job-queue.port.js';

export type JobQueueKind = 'bullmq' | 'inprocess';

/**
 * One flat shape rather than a union per kind, so `{ kind: config.QUEUE, redisUrl: config.REDIS_URL }`
 * type-checks whichever kind the config holds; the in-process adapter ignores the Redis fields.
 */
export interface CreateJobQueueOptions {
  kind: JobQueueKind;
  redisUrl?: string;
  prefix?: string;
  retention?: JobRetention;
  jobs?: AnyJobDefinition[];
  /** Told of every processor attempt run by this instance (metrics). */
  onAttempt?: JobAttemptObserver;
}

export function createJobQueue(options: CreateJobQueueOptions): JobQueue {
  if (options.kind === 'inprocess')
    return new InProcessJobQueue({ retention: options.retention, onAttempt: options.onAttempt });
  return new BullMqJobQueue({
    redisUrl: options.redisUrl,
    prefix: options.prefix,
    retention: options.retention,
    jobs: options.jobs,
    onAttempt: options.onAttempt,
  });
}
