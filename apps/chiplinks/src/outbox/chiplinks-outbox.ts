import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { LOGGER } from '@metatag/nest-kit';
import { Outbox, type OutboxLogger, type OutboxOptions } from '@metatag/outbox';
import { outbox } from '../db/schema.js';

/**
 * The chiplinks service's outbox (libs/outbox): `voucher.issued` stored with the voucher's
 * reservation, `counts-changed` with the numbers read after the change. Published in order, at
 * least once, retried with backoff; templates applies both idempotently (a token maps to one
 * template; counts are absolute).
 */
export function chiplinksOutbox(deps: {
  database: Database;
  client: OutboxOptions['client'];
  logger: OutboxLogger;
}): Outbox {
  return new Outbox({ service: 'chiplinks', table: outbox, ...deps });
}

/** Runs the outbox's publisher while the service runs; a last flush at shutdown. */
@Injectable()
export class ChiplinksOutboxRunner implements OnApplicationBootstrap, BeforeApplicationShutdown {
  constructor(
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.outbox.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.outbox.stop();
    await this.outbox
      .publishAll()
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'events left in the outbox; published on the next start'),
      );
  }
}
