import type { InProcessServer } from './in-process.server.js';

/**
 * The standalone process's message bus: every service's InProcessServer registers here and the
 * gateway's InProcessClient looks handlers up by pattern, as NATS would route by subject.
 */
export class InProcessBus {
  private readonly servers = new Set<InProcessServer>();
  /** Request routes by pattern, found once: every scan would otherwise ask every server. */
  private readonly routes = new Map<string, InProcessServer[]>();
  private cursor = 0;

  register(server: InProcessServer): void {
    this.servers.add(server);
    this.routes.clear();
  }

  unregister(server: InProcessServer): void {
    this.servers.delete(server);
    this.routes.clear();
  }

  /** One server answering a request pattern; round-robin like a NATS queue group. */
  requestTarget(pattern: string): InProcessServer | undefined {
    let candidates = this.routes.get(pattern);
    if (!candidates) {
      candidates = [...this.servers].filter((s) => s.answers(pattern, false));
      // an unanswered pattern is not remembered: its server may be registering right now
      if (candidates.length > 0) this.routes.set(pattern, candidates);
    }
    if (candidates.length === 0) return undefined;
    return candidates[this.cursor++ % candidates.length];
  }

  /** Every server subscribed to an event pattern. */
  eventTargets(pattern: string): InProcessServer[] {
    return [...this.servers].filter((s) => s.answers(pattern, true));
  }
}
