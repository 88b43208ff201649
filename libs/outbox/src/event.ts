import type { EventDefinition, EventInput } from '@metatag/events';

/** An event as the outbox stores it: the definition's subject and its payload. */
export interface OutboxEvent {
  subject: string;
  payload: Record<string, unknown>;
}

/** An outbox row for an event: the row keeps the subject, the payload is typed by its definition. */
export function outboxEvent<D extends EventDefinition>(definition: D, payload: EventInput<D>): OutboxEvent {
  return { subject: definition.subject, payload: payload as Record<string, unknown> };
}

/** A stored row as a publisher claims it. */
export interface StoredEvent extends OutboxEvent {
  id: number;
  attempts: number;
}
