import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { TemplatesQuotaConfig } from '@metatag/config';
import { checkQuota, HOUR_MS, type QuotaLimit } from '@metatag/nest-kit';
import { nftTemplates } from '../db/schema.js';
import type { Tx } from '../read-model/read-model.writer.js';

export const TEMPLATE_QUOTA = Symbol('TEMPLATE_QUOTA');

/** QUOTA_TEMPLATES_PER_HOUR and QUOTA_TEMPLATES_TOTAL (0 = no limit). */
export const templateQuotaOf = (c: TemplatesQuotaConfig): QuotaLimit => ({
  perHour: c.QUOTA_TEMPLATES_PER_HOUR,
  total: c.QUOTA_TEMPLATES_TOTAL,
});

/** The advisory lock class of the templates quota (an int4 of our own); the second key is the account. */
const TEMPLATE_QUOTA_LOCK = 1_902_812_802;

/**
 * The templates quota (issue #28), counted from the templates themselves: the account's rows created in
 * the last hour and all its rows (deleted ones included: deleting gives no template back). Run first in
 * the inserting transaction, under the account's advisory lock, so concurrent creates cannot overshoot.
 */
export async function takeTemplateQuota(
  tx: Tx,
  limit: QuotaLimit,
  ownerId: number,
  now: Date,
): Promise<void> {
  if (limit.perHour <= 0 && limit.total <= 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${TEMPLATE_QUOTA_LOCK}, ${ownerId})`);
  const mine = eq(nftTemplates.ownerId, ownerId);
  const [[total], lastHour] = await Promise.all([
    tx.select({ n: count() }).from(nftTemplates).where(mine),
    tx
      .select({ at: nftTemplates.created })
      .from(nftTemplates)
      .where(and(mine, gt(nftTemplates.created, new Date(now.getTime() - HOUR_MS))))
      .orderBy(asc(nftTemplates.created)),
  ]);
  checkQuota(
    'templates',
    limit,
    { total: total?.n ?? 0, lastHour: lastHour.map((r) => ({ at: r.at, units: 1 })) },
    1,
    now,
  );
}
