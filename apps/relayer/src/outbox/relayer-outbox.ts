import type { RelayerConfig } from '@metatag/config';
import type { Database } from '@metatag/db';
import { RELAYER_EVENTS } from '@metatag/events';
import { Outbox, type OutboxLogger, type OutboxOptions } from '@metatag/outbox';
import { outbox } from '../db/schema.js';
import { TX_SETTLED_CHANNEL } from '../transactions/tx-settled.signal.js';

/**
 * The relayer's outbox (libs/outbox) on its worker pool. Storing a `tx.sent` or `tx.failed` notifies
 * TX_SETTLED_CHANNEL at commit: a request waiting for a transaction's hash wakes (TxSettledSignal).
 * On the in-process bus an emit runs the consumers: one that throws is logged, not retried, so it does
 * not hold back every later event (over NATS its failure would not reach the relayer either).
 */
export function relayerOutbox(deps: {
  database: Database;
  client: OutboxOptions['client'];
  logger: OutboxLogger;
  transport: RelayerConfig['TRANSPORT'];
}): Outbox {
  return new Outbox({
    service: 'relayer',
    database: deps.database,
    table: outbox,
    client: deps.client,
    logger: deps.logger,
    dropFailedEmits: () => deps.transport === 'inprocess',
    notify: {
      channel: TX_SETTLED_CHANNEL,
      subjects: [RELAYER_EVENTS.txSent.subject, RELAYER_EVENTS.txFailed.subject],
    },
  });
}
