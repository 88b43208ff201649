import type { InProcessServer } from './in-process.server.js';

/**
 * The standalone process's message bus: every service's InProcessServer registers here and the
 * gateway's InProcessClient looks handlers up by pattern, as NATS would route by subject.
 */
export class InProcessBus {
  private readonly servers = new Set<InProcessServer>();
  private cursor = 0;

  register(server: InProcessServer): void {
    this.servers.add(server);
  }

  unregister(server: InProcessServer): void {
    this.servers.delete(server);
  }

  /** One server answering a request pattern; round-robin like a NATS queue group. */
  requestTarget(pattern: string): InProcessServer | undefined {
    const candidates = [...this.servers].filter((s) => s.answers(pattern, false));
    if (candidates.length === 0) return undefined;
    return candidates[this.cursor++ % candidates.length];
  }

  /** Every server subscribed to an event pattern. */
  eventTargets(pattern: string): InProcessServer[] {
    return [...this.servers].filter((s) => s.answers(pattern, true));
  }
}
