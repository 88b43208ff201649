import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, PeriodicTask } from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { mintJobId, mintSubmitJob, txJobId, txSendJob } from '../jobs/relayer.jobs.js';
import { MintRepository } from '../mints/mint.repository.js';
import { mintSubmitPayload } from '../mints/mint-submit.processor.js';
import { JOB_QUEUE, WORKER_MINTS } from '../relayer.tokens.js';
import { TransactionRepository } from '../transactions/transaction.repository.js';

const SWEEP_EVERY_MS = 30_000;
/** How often the queue's Redis is pinged: its return after a loss sweeps everything at once. */
const WATCH_EVERY_MS = 2000;
const BATCH = 1000;

/**
 * Jobs can be lost (the in-process queue forgets waiting jobs on restart; a job can exhaust its
 * retries while a node is down) but the database cannot: at boot and every 30 s, queued work without
 * progress is queued again under a fresh job id. Processors are idempotent, so a duplicate is harmless.
 */
@Injectable()
export class RecoverySweeper {
  readonly task: PeriodicTask;

  constructor(
    private readonly txs: TransactionRepository,
    @Inject(WORKER_MINTS) private readonly mints: MintRepository,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask('recovery sweep', WATCH_EVERY_MS, () => this.tick(), logger);
  }

  private lastSweep = Date.now();
  private queueWasDown = false;

  /**
   * Every 30 s the usual sweep; and as soon as the queue's Redis answers again after it did not, a
   * sweep of all queued work (#28): a Redis without persistence comes back empty, and waiting for
   * the next periodic sweep of work older than 30 s left queued mints idle for up to a minute.
   */
  private async tick(): Promise<void> {
    const up = await this.queue.ping();
    if (!up) {
      this.queueWasDown = true;
      return;
    }
    const now = Date.now();
    if (this.queueWasDown) {
      await this.sweep(0);
      // only once it went through: a database still away retries it on the next tick
      this.queueWasDown = false;
      this.lastSweep = now;
    } else if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      await this.sweep(SWEEP_EVERY_MS);
    }
  }

  /** Re-queues work older than `olderThanMs` (0 at boot: everything not yet sent). */
  async sweep(olderThanMs: number): Promise<{ transactions: number; mints: number }> {
    const before = new Date(Date.now() - olderThanMs);
    const stamp = Date.now().toString(36);
    const rows = await this.txs.listStaleQueued(before, BATCH);
    for (const row of rows)
      await this.queue.add(
        txSendJob,
        {
          chainId: row.chainId,
          to: row.toAddress,
          data: row.data,
          value: row.value.toString(),
          kind: row.kind,
          idempotencyKey: row.idempotencyKey,
          ...(row.gasLimit === null ? {} : { gasLimit: row.gasLimit.toString() }),
        },
        { jobId: txJobId(row.idempotencyKey, stamp) },
      );
    const orphans = await this.mints.listWithoutTransaction(before, BATCH);
    for (const mint of orphans)
      await this.queue.add(mintSubmitJob, mintSubmitPayload(mint), { jobId: mintJobId(mint.id, stamp) });
    if (rows.length || orphans.length)
      this.logger.info(
        { transactions: rows.length, mints: orphans.length },
        'queued work again after a lost job',
      );
    return { transactions: rows.length, mints: orphans.length };
  }
}
