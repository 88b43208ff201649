export {
  defineJob,
  type AnyJobDefinition,
  type BackoffKind,
  type JobData,
  type JobDefaults,
  type JobDefinition,
  type JobPayload,
  type JobResult,
} from './job-definition.js';
export type {
  ActiveJob,
  AddJobOptions,
  AddedJob,
  JobAttemptObservation,
  JobAttemptObserver,
  JobCompletedEvent,
  JobCount,
  JobFailedEvent,
  JobHandler,
  JobQueue,
  JobQueueEventMap,
  JobQueueEventName,
  JobQueueListener,
  JobState,
  JobStatus,
  ProcessOptions,
} from './job-queue.port.js';
export { DEFAULT_RETENTION, type JobRetention } from './job-options.policy.js';
export { QueueError, UnrecoverableJobError, type QueueErrorCode, type QueueIssue } from './queue.error.js';
export { InProcessJobQueue, type InProcessJobQueueOptions } from './in-process-job-queue.adapter.js';
export { BullMqJobQueue, DEFAULT_PREFIX, type BullMqJobQueueOptions } from './bullmq-job-queue.adapter.js';
export { createRedisConnection, DEFAULT_REDIS_URL, type RedisRole } from './redis-connection.factory.js';
export { createJobQueue, type CreateJobQueueOptions, type JobQueueKind } from './create-job-queue.factory.js';
