import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, lt, or } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { AppError, CLOCK, DATABASE, type Clock } from '@metatag/nest-kit';
import { loginFailures } from '../db/schema.js';

const WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed per window: generous per IP (shared networks), tight per name. */
const LIMITS = { ip: 20, name: 5 } as const;

export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Try again later.';

/**
 * Rate limit of failed sign-ins per IP and per name, kept in PostgreSQL so every replica of the
 * service sees the same counts.
 */
@Injectable()
export class LoginAttempts {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async assertAllowed(ip: string, name: string): Promise<void> {
    const since = new Date(this.clock.now().getTime() - WINDOW_MS);
    const failures = async (key: string) => {
      const [row] = await this.database.db
        .select({ n: count() })
        .from(loginFailures)
        .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
      return row?.n ?? 0;
    };
    const [byIp, byName] = await Promise.all([failures(`ip:${ip}`), failures(`name:${name.toLowerCase()}`)]);
    if (byIp >= LIMITS.ip || byName >= LIMITS.name)
      throw new AppError('too_many_requests', TOO_MANY_ATTEMPTS, 429);
  }

  async recordFailure(ip: string, name: string): Promise<void> {
    const at = this.clock.now();
    await this.database.db.insert(loginFailures).values([
      { key: `ip:${ip}`, at },
      { key: `name:${name.toLowerCase()}`, at },
    ]);
    // keep the table small: old rows never count again
    const cutoff = new Date(at.getTime() - WINDOW_MS);
    await this.database.db
      .delete(loginFailures)
      .where(
        or(
          and(eq(loginFailures.key, `ip:${ip}`), lt(loginFailures.at, cutoff)),
          lt(loginFailures.at, new Date(cutoff.getTime() - WINDOW_MS)),
        ),
      );
  }
}
