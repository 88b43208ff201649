import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { RelayerConfig } from '@metatag/config';
import { eventBySubject, type EventInput } from '@metatag/events';
import { LOGGER, PeriodicTask, SERVICE_CONFIG, type ServiceClient } from '@metatag/nest-kit';
import { EVENTS } from '../relayer.tokens.js';
import { OutboxRepository } from './outbox.repository.js';

const BATCH = 500;

/** Publishes outbox events over the transport (NATS or the in-process bus), in order, at least once. */
@Injectable()
export class OutboxPublisher {
  readonly task: PeriodicTask;

  constructor(
    private readonly outbox: OutboxRepository,
    @Inject(EVENTS) private readonly events: ServiceClient,
    @Inject(SERVICE_CONFIG) private readonly config: RelayerConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.task = new PeriodicTask('outbox publisher', 100, () => this.publishAll(), logger);
  }

  /** Publishes until the outbox is empty. */
  async publishAll(): Promise<void> {
    while ((await this.outbox.drain(BATCH, (events) => this.publish(events))) === BATCH) {
      // a full batch: more may be waiting
    }
  }

  private async publish(events: { id: number; pattern: string; payload: unknown }[]): Promise<void> {
    // One at a time keeps the order of facts (tx.sent before tx.confirmed) on the wire.
    for (const event of events) {
      try {
        // the row keeps the subject; the event goes out through its definition
        const definition = eventBySubject(event.pattern);
        if (!definition) throw new Error(`no event definition for outbox subject ${event.pattern}`);
        await this.events.emit(definition, event.payload as EventInput<typeof definition>);
      } catch (error) {
        // Over NATS a failed emit means the transport is down: keep the events and retry. On the
        // in-process bus the emit runs the consumers themselves, and one that throws must not hold
        // back every later event (over NATS its failure would not reach us either).
        if (this.config.TRANSPORT !== 'inprocess') throw error;
        this.logger.error(
          { err: error, pattern: event.pattern, outboxId: event.id },
          'an event consumer failed',
        );
      }
    }
  }
}
