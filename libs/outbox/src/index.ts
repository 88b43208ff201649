export { outboxTable, type OutboxTable } from './table.js';
export { outboxEvent, type OutboxEvent, type StoredEvent } from './event.js';
export {
  Outbox,
  backoffMs,
  type OutboxDb,
  type OutboxLogger,
  type OutboxOptions,
  type RoundResult,
} from './outbox.js';
