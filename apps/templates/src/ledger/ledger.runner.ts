import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, type ServiceClient } from '@metatag/nest-kit';
import { LEDGER_EVENTS_CLIENT } from './ledger.tokens.js';
import { emitStored, LedgerOutbox, type StoredEvent } from './ledger.outbox.js';
import { LedgerProjector } from './ledger.projector.js';

/** How often the ledger looks at the index: with the index's own lag, what the admin tables wait for. */
const INTERVAL_MS = 250;
const PUBLISH_BATCH = 500;
/** An error is logged at most this often (the loop retries every interval). */
const ERROR_LOG_MS = 30_000;

/**
 * Runs the mint ledger in the templates service: project the index into the outbox, then publish the
 * outbox, every INTERVAL_MS. Publishing is at least once: a batch is deleted only after every event of
 * it was emitted, so a failure (transport down, a consumer throwing on the in-process bus) publishes it
 * again; consumers are idempotent by chain, transaction and log index.
 */
@Injectable()
export class LedgerRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private stopped = true;
  private running: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private lastErrorLog = 0;

  constructor(
    private readonly projector: LedgerProjector,
    private readonly outbox: LedgerOutbox,
    @Inject(LEDGER_EVENTS_CLIENT) private readonly events: ServiceClient,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.running = this.loop();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.running;
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

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.runOnce();
      } catch (error) {
        if (Date.now() - this.lastErrorLog > ERROR_LOG_MS) {
          this.lastErrorLog = Date.now();
          this.logger.warn({ err: error }, 'mint ledger round failed; retrying');
        }
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, INTERVAL_MS);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
    }
  }
}
