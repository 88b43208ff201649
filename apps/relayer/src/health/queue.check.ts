import { Inject, Injectable } from '@nestjs/common';
import { HEALTH_CHECKS, type HealthCheck } from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { JOB_QUEUE } from '../relayer.tokens.js';

/**
 * Readiness of the relayer's job queue: with BullMQ, Redis answers PING. Without it no mint is queued
 * (the request fails) and no job runs, so the gateway's /readyz says `relayer.queue` rather than 200.
 */
@Injectable()
export class QueueCheck implements HealthCheck {
  readonly name = 'queue';

  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(HEALTH_CHECKS) checks: HealthCheck[],
  ) {
    checks.push(this);
  }

  async check(): Promise<{ ok: boolean; reason?: string }> {
    return (await this.queue.ping())
      ? { ok: true }
      : { ok: false, reason: 'the job queue (Redis) does not answer' };
  }
}
