import { AppError } from '@metatag/nest-kit';

/** Bounded memory: above this many clients in one window the window is restarted early. */
const MAX_CLIENTS = 100_000;

/**
 * Calls per client in a fixed window, in memory. Each gateway replica counts alone: enough to stop
 * one client from grinding a route, and the limits are generous because a venue's visitors may share
 * one address (the client address comes from TRUST_PROXY).
 */
export class WindowCounter {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly message: string,
  ) {}

  /** Counts one call of `client`; a 429 with Retry-After once it is over the limit (0 = no limit). */
  take(client: string, now = Date.now()): void {
    if (this.limit === 0) return;
    if (now - this.windowStart >= this.windowMs || this.counts.size >= MAX_CLIENTS) {
      this.counts = new Map();
      this.windowStart = now;
    }
    const used = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, used);
    if (used > this.limit) {
      const retryAfterS = Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
      throw new AppError('too_many_requests', this.message, 429, retryAfterS);
    }
  }
}
