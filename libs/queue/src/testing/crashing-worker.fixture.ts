// A worker process for the crash-recovery integration test: it takes one job, says so on stdout,
// and hangs until the test kills it with SIGKILL (no graceful close, its lock is left behind).
import { z } from 'zod';
import { BullMqJobQueue } from '../bullmq-job-queue.adapter.js';
import { defineJob } from '../job-definition.js';

// Same name and schema as `crashJob` in the integration spec (importing this file would start a worker).
const crashJob = defineJob('crash.order', z.object({ n: z.number() }));

const queue = new BullMqJobQueue({
  redisUrl: process.env['REDIS_URL'],
  prefix: process.env['QUEUE_PREFIX'],
  worker: { lockDurationMs: 1000, stalledIntervalMs: 500 },
});
await queue.process(crashJob, async (job) => {
  process.stdout.write(`started ${job.id}\n`);
  await new Promise(() => undefined);
});
process.stdout.write('ready\n');
