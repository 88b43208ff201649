import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, PeriodicTask, type ServiceClient } from '@metatag/nest-kit';
import { LEDGER_EVENTS_CLIENT } from './ledger.tokens.js';
import { emitStored, LedgerOutbox, type StoredEvent } from './ledger.outbox.js';
import { LedgerProjector } from './ledger.projector.js';

/** How often the ledger looks at the index: with the index's own lag, what the admin tables wait for. */
const INTERVAL_MS = 250;
const PUBLISH_BATCH = 500;

/**
 * Runs the mint ledger in the templates service: project the index into the outbox, then publish the
 * outbox, every INTERVAL_MS. Publishing is at least once: a batch is deleted only after every event of
 * it was emitted, so a failure (transport down, a consumer throwing on the in-process bus) publishes it
 * again; consumers are idempotent by chain, transaction and log index.
 */
@Injectable()
export class LedgerRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly task: PeriodicTask;

  constructor(
    private readonly projector: LedgerProjector,
    private readonly outbox: LedgerOutbox,
    @Inject(LEDGER_EVENTS_CLIENT) private readonly events: ServiceClient,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.task = new PeriodicTask('mint ledger round', INTERVAL_MS, () => this.runOnce(), logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** One round: project what the index has, publish what the outbox holds (tests call it directly). */
  async runOnce(): Promise<void> {
    await this.projector.projectAll();
    while ((await this.outbox.drain(PUBLISH_BATCH, (events) => this.publish(events))) === PUBLISH_BATCH) {
      // a full batch: more may be waiting
    }
  }

  private async publish(events: StoredEvent[]): Promise<void> {
    await emitStored(this.events, events);
  }
}
