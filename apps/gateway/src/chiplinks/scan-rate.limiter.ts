import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '@metatag/config';
import { AppError } from '@metatag/nest-kit';
import { GATEWAY_CONFIG } from '../tokens.js';

const WINDOW_MS = 60_000;
/** Bounded memory: above this many clients in one window the oldest window is dropped early. */
const MAX_CLIENTS = 100_000;

/**
 * Per-IP limit of the public scan calls (check-tag, get-mint-data): a fixed one-minute window in
 * memory. Each gateway replica counts alone, which is enough to stop one client from grinding the SUN
 * check or the counter table; the limit is generous because a venue's visitors may share one address.
 */
@Injectable()
export class ScanRateLimiter {
  private readonly limit: number;
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.limit = config.SCAN_RATE_LIMIT_PER_MINUTE;
  }

  take(ip: string, now = Date.now()): void {
    if (this.limit === 0) return;
    if (now - this.windowStart >= WINDOW_MS || this.counts.size >= MAX_CLIENTS) {
      this.counts = new Map();
      this.windowStart = now;
    }
    const used = (this.counts.get(ip) ?? 0) + 1;
    this.counts.set(ip, used);
    if (used > this.limit)
      throw new AppError('too_many_requests', 'Too many scans. Try again in a minute', 429);
  }
}
