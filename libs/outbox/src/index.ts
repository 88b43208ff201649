export { outboxTable, type OutboxTable } from './table.js';
export { DeadLetters, type DeadLetter, type DeadLetterSelection, type ResendResult } from './dead-letters.js';
export { outboxEvent, type OutboxEvent, type StoredEvent } from './event.js';
export {
  Outbox,
  backoffMs,
  type OutboxDb,
  type OutboxLogger,
  type OutboxOptions,
  type RoundResult,
} from './outbox.js';
