import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '@metatag/config';
import { WindowCounter } from '../http/window-counter.js';
import { GATEWAY_CONFIG } from '../tokens.js';

/**
 * Per-client limit of the public scan calls (check-tag, get-mint-data): a fixed one-minute window in
 * memory, enough to stop one client from grinding the SUN check or the counter table.
 */
@Injectable()
export class ScanRateLimiter {
  private readonly counter: WindowCounter;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.counter = new WindowCounter(
      config.SCAN_RATE_LIMIT_PER_MINUTE,
      60_000,
      'Too many scans. Try again in a minute',
    );
  }

  take(ip: string, now = Date.now()): void {
    this.counter.take(ip, now);
  }
}
