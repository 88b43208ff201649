import type { Database } from '@metatag/db';
import { Outbox, type OutboxLogger, type OutboxOptions } from '@metatag/outbox';
import { outbox } from '../db/schema.js';

/**
 * The templates service's outbox (libs/outbox): the ledger's events, stored with the cursor they
 * advance, and the read model's, stored with the change they announce. Published in order (a token's
 * mint before its transfers), at least once; a consumer that throws on the in-process bus is retried
 * with backoff like a transport failure (consumers are idempotent by chain, transaction and log index,
 * or keep the newer version).
 */
export function templatesOutbox(deps: {
  database: Database;
  client: OutboxOptions['client'];
  logger: OutboxLogger;
}): Outbox {
  return new Outbox({ service: 'templates', table: outbox, ...deps });
}
