import { Inject, Injectable } from '@nestjs/common';
import type { GatewayConfig } from '@metatag/config';
import { GATEWAY_CONFIG } from '../tokens.js';
import { WindowCounter } from './window-counter.js';

const MINUTE = 60_000;

/** Public routes limited per client address and minute, each with its own budget. */
export type LimitedRoute = 'nonce' | 'lookup' | 'search' | 'rpc' | 'email';

/**
 * Per-client limits of the public routes besides the scan path (scan-rate.limiter.ts): sign-in nonces,
 * the chip and link page lookups, search (as many as lookups, its own budget), and the JSON-RPC proxy.
 */
@Injectable()
export class ClientRateLimiter {
  private readonly counters: Record<LimitedRoute, WindowCounter>;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.counters = {
      nonce: new WindowCounter(
        config.NONCE_RATE_LIMIT_PER_MINUTE,
        MINUTE,
        'Too many sign-in requests. Try again in a minute',
      ),
      lookup: new WindowCounter(
        config.SCAN_RATE_LIMIT_PER_MINUTE,
        MINUTE,
        'Too many requests. Try again in a minute',
      ),
      search: new WindowCounter(
        config.SCAN_RATE_LIMIT_PER_MINUTE,
        MINUTE,
        'Too many searches. Try again in a minute',
      ),
      rpc: new WindowCounter(
        config.RPC_RATE_LIMIT_PER_MINUTE,
        MINUTE,
        'Too many RPC requests. Try again in a minute',
      ),
      // each one mails someone: a tight budget per hour (no mail bombing from one address)
      email: new WindowCounter(
        config.EMAIL_CLAIM_RATE_LIMIT_PER_HOUR,
        60 * MINUTE,
        'Too many email requests. Try again later',
      ),
    };
  }

  take(route: LimitedRoute, client: string, now = Date.now()): void {
    this.counters[route].take(client, now);
  }
}
