import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, PeriodicTask } from '@metatag/nest-kit';
import { Outbox } from '@metatag/outbox';
import { LedgerProjector } from './ledger.projector.js';

/** How often the ledger looks at the index: with the index's own lag, what the admin tables wait for. */
const INTERVAL_MS = 250;

/**
 * Runs the mint ledger in the templates service: project the index into the outbox every INTERVAL_MS,
 * and kick the outbox's publisher when a round wrote events. The publisher (libs/outbox) sends them in
 * order, at least once, retrying a failure with backoff; consumers are idempotent by chain,
 * transaction and log index.
 */
@Injectable()
export class LedgerRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly projector: LedgerProjector,
    private readonly outbox: Outbox,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask(
      'mint ledger round',
      INTERVAL_MS,
      async () => {
        if ((await this.projector.projectAll()) > 0) this.outbox.task.kick();
      },
      logger,
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
    this.outbox.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
    await this.outbox.stop();
  }

  /** One round: project what the index has, publish what the outbox holds (tests call it directly). */
  async runOnce(): Promise<void> {
    await this.projector.projectAll();
    await this.outbox.publishAll();
  }
}
