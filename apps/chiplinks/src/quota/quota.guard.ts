import { Inject, Injectable } from '@nestjs/common';
import { and, asc, eq, gt, sql, sum } from 'drizzle-orm';
import type { ChiplinksQuotaConfig } from '@metatag/config';
import type { Database } from '@metatag/db';
import type { Actor } from '@metatag/events';
import {
  checkQuota,
  CLOCK,
  DATABASE,
  HOUR_MS,
  quotaRemaining,
  type Clock,
  type QuotaLimit,
  type QuotaUsage,
} from '@metatag/nest-kit';
import { quotaUnits } from '../db/schema.js';

export type Tx = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
export type QuotaKind = (typeof quotaUnits.$inferInsert)['kind'];
/** Units of one kind a create request asks for. */
export interface QuotaClaim {
  kind: QuotaKind;
  units: number;
}
/** Whose quota a create counts against: the template's owner; nobody's when a super admin acts. */
export interface QuotaOwner {
  ownerId: number;
  actor: Actor;
}

export const QUOTA_LIMITS = Symbol('QUOTA_LIMITS');
export type QuotaLimits = Record<QuotaKind, QuotaLimit>;

/** The QUOTA_* settings of the chiplinks service, by kind. */
export const quotaLimitsOf = (c: ChiplinksQuotaConfig): QuotaLimits => ({
  links: { perHour: c.QUOTA_LINKS_PER_HOUR, total: c.QUOTA_LINKS_TOTAL },
  chips: { perHour: c.QUOTA_CHIPS_PER_HOUR, total: c.QUOTA_CHIPS_TOTAL },
  batches: { perHour: c.QUOTA_BATCHES_PER_HOUR, total: c.QUOTA_BATCHES_TOTAL },
  'webhook-units': { perHour: c.QUOTA_WEBHOOK_UNITS_PER_HOUR, total: c.QUOTA_WEBHOOK_UNITS_TOTAL },
});

const WHAT: Record<QuotaKind, string> = {
  links: 'links',
  chips: 'chips',
  batches: 'chip batches',
  'webhook-units': 'shop order links',
};

/** The advisory lock class of quotas (an int4 of our own); the second key is the account id. */
const QUOTA_LOCK = 1_902_812_801;

/**
 * Per-account quotas of links, chips, batches and shop-order links (issue #28). `take` runs first in
 * the transaction that inserts the objects: it locks the account (a transaction-scoped advisory lock,
 * so concurrent creates of one account queue here and each sees the others' units), counts the
 * account's units of the last hour and in total, refuses the whole request with a 429 when it would
 * exceed, and records the units. Other accounts never wait on this lock.
 */
@Injectable()
export class QuotaGuard {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(QUOTA_LIMITS) private readonly limits: QuotaLimits,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The guard a repository runs first in its insert transaction; nothing for a super admin. */
  before(owner: QuotaOwner, claims: QuotaClaim[]): ((tx: Tx) => Promise<void>) | undefined {
    if (owner.actor.isSuperAdmin) return undefined;
    return (tx) => this.take(tx, owner.ownerId, claims);
  }

  async take(tx: Tx, ownerId: number, claims: QuotaClaim[]): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${ownerId})`);
    const now = this.clock.now();
    for (const { kind, units } of claims)
      checkQuota(WHAT[kind], this.limits[kind], await this.usage(tx, ownerId, kind, now), units, now);
    const rows = claims.filter((c) => c.units > 0).map((c) => ({ ownerId, ...c, at: now }));
    if (rows.length > 0) await tx.insert(quotaUnits).values(rows);
  }

  /** Units of `kind` the account may still create now (Infinity without limits); read without the lock. */
  async remaining(ownerId: number, kind: QuotaKind): Promise<number> {
    return quotaRemaining(
      this.limits[kind],
      await this.usage(this.database.db, ownerId, kind, this.clock.now()),
    );
  }

  private async usage(
    db: Tx | Database['db'],
    ownerId: number,
    kind: QuotaKind,
    now: Date,
  ): Promise<QuotaUsage> {
    const limit = this.limits[kind];
    const mine = and(eq(quotaUnits.ownerId, ownerId), eq(quotaUnits.kind, kind));
    const [total, lastHour] = await Promise.all([
      limit.total > 0
        ? db
            .select({ n: sum(quotaUnits.units).mapWith(Number) })
            .from(quotaUnits)
            .where(mine)
        : [{ n: 0 }],
      limit.perHour > 0
        ? db
            .select({ at: quotaUnits.at, units: quotaUnits.units })
            .from(quotaUnits)
            .where(and(mine, gt(quotaUnits.at, new Date(now.getTime() - HOUR_MS))))
            .orderBy(asc(quotaUnits.at))
        : [],
    ]);
    return { total: total[0]?.n ?? 0, lastHour };
  }
}
