import type { JobQueueEventMap, JobQueueEventName, JobQueueListener } from './job-queue.port.js';

type ListenerSets = { [E in JobQueueEventName]: Set<JobQueueListener<E>> };

/**
 * The listener registry both adapters share, so a throwing listener behaves the same on each: it is
 * reported as an 'error' event and never breaks the queue's own bookkeeping.
 */
export class JobEventsEmitter {
  private readonly listeners: ListenerSets = { completed: new Set(), failed: new Set(), error: new Set() };

  on<E extends JobQueueEventName>(event: E, listener: JobQueueListener<E>): () => void {
    const set = this.listeners[event] as Set<JobQueueListener<E>>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  listenerCount(event?: JobQueueEventName): number {
    if (event) return this.listeners[event].size;
    return this.listeners.completed.size + this.listeners.failed.size + this.listeners.error.size;
  }

  emit<E extends JobQueueEventName>(event: E, payload: JobQueueEventMap[E]): void {
    if (event === 'error' && this.listeners.error.size === 0) {
      // Nobody listens: still make infrastructure trouble visible without crashing the process.
      process.emitWarning(payload as Error);
      return;
    }
    for (const listener of [...(this.listeners[event] as Set<JobQueueListener<E>>)]) {
      try {
        listener(payload);
      } catch (error) {
        if (event !== 'error') this.emit('error', asError(error));
      }
    }
  }
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
