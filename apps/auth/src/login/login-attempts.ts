import { Inject, Injectable } from '@nestjs/common';
import { and, count, eq, gt, inArray, lt, max, min, or } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import { AppError, CLOCK, DATABASE, type Clock } from '@metatag/nest-kit';
import { loginFailures } from '../db/schema.js';

/** The window of the per-client and per-name counts. */
const WINDOW_MS = 15 * 60 * 1000;
/**
 * A (name, client) pair remembers its failures for a day, so one client guessing slowly (one try
 * every few minutes) still meets ever longer waits: about 24 guesses a day at most.
 */
const PAIR_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Failures of one (name, client) pair that cost nothing: typos. */
const FREE_FAILURES = 3;
/** After those, each further failure doubles the wait, from 30 s up to an hour. */
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 60 * 60 * 1000;
/** Failures from one client across all names (a password spray from one address). */
const CLIENT_LIMIT = 100;
/**
 * Failures against one name from all clients together: far above what one client can reach with
 * the growing delays (about 8 in a window), so it takes many addresses to get there. It never locks
 * the account: past it, a client that has failed against the name loses its free failures (its
 * own growing delay starts at its first failure: 30 s, 60 s, ...), and every attempt on the name,
 * from any client, waits NAME_FRICTION_MS first: friction for a spray, a second for the owner.
 */
const NAME_CEILING = 200;
export const NAME_FRICTION_MS = 1000;

export function tooManyAttempts(retryAfterS: number): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return new AppError(
    'too_many_requests',
    `Too many login attempts, try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
    429,
    retryAfterS,
  );
}

/** How long a (name, client) pair waits after its latest failure, by its failures in the window. */
export function pairDelayMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(failures - FREE_FAILURES, 30));
}

interface Tally {
  failures: number;
  first: Date;
  last: Date;
}

/**
 * Failed sign-ins, kept in PostgreSQL so every replica of the service sees the same counts. Throttled
 * by (name, client address) with growing delays, by client address across names, and by a per-name
 * ceiling that applies only to clients that have failed against that name: an attacker hammering the
 * super admin's name slows down only themselves, and the owner signing in from another client with
 * the right password is never refused.
 */
@Injectable()
export class LoginAttempts {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Throws 429 while this client must wait; otherwise the friction delay to apply before checking. */
  async assertAllowed(ip: string, name: string): Promise<{ frictionMs: number }> {
    const now = this.clock.now().getTime();
    const keys = keysOf(ip, name);
    const tallies = await this.tallies(keys, now);
    const pair = tallies.get(keys.pair);
    const client = tallies.get(keys.client);
    const byName = tallies.get(keys.name);
    const waits: number[] = [];
    if (pair) waits.push(pair.last.getTime() + pairDelayMs(pair.failures) - now);
    if (client && client.failures >= CLIENT_LIMIT) waits.push(client.first.getTime() + WINDOW_MS - now);
    const underAttack = !!byName && byName.failures >= NAME_CEILING;
    if (pair && underAttack)
      waits.push(pair.last.getTime() + pairDelayMs(pair.failures + FREE_FAILURES - 1) - now);
    const wait = Math.max(0, ...waits);
    if (wait > 0) throw tooManyAttempts(Math.ceil(wait / 1000));
    return { frictionMs: underAttack ? NAME_FRICTION_MS : 0 };
  }

  async recordFailure(ip: string, name: string): Promise<void> {
    const at = this.clock.now();
    const keys = keysOf(ip, name);
    await this.database.db.insert(loginFailures).values(Object.values(keys).map((key) => ({ key, at })));
    // keep the table small: old rows never count again (this client's now, everyone's later)
    const cutoff = (ms: number) => new Date(at.getTime() - ms);
    await this.database.db
      .delete(loginFailures)
      .where(
        or(
          and(inArray(loginFailures.key, [keys.client, keys.name]), lt(loginFailures.at, cutoff(WINDOW_MS))),
          and(eq(loginFailures.key, keys.pair), lt(loginFailures.at, cutoff(PAIR_WINDOW_MS))),
          lt(loginFailures.at, cutoff(2 * PAIR_WINDOW_MS)),
        ),
      );
  }

  private async tallies(keys: ReturnType<typeof keysOf>, now: number): Promise<Map<string, Tally>> {
    const since = new Date(now - WINDOW_MS);
    const rows = await this.database.db
      .select({
        key: loginFailures.key,
        n: count(),
        first: min(loginFailures.at),
        last: max(loginFailures.at),
      })
      .from(loginFailures)
      .where(
        or(
          and(inArray(loginFailures.key, [keys.client, keys.name]), gt(loginFailures.at, since)),
          and(eq(loginFailures.key, keys.pair), gt(loginFailures.at, new Date(now - PAIR_WINDOW_MS))),
        ),
      )
      .groupBy(loginFailures.key);
    return new Map(
      rows.map((r) => [
        r.key,
        { failures: r.n, first: new Date(r.first ?? since), last: new Date(r.last ?? since) },
      ]),
    );
  }
}

function keysOf(ip: string, name: string) {
  const lower = name.toLowerCase();
  return { pair: `pair:${lower}|${ip}`, client: `ip:${ip}`, name: `name:${lower}` };
}
