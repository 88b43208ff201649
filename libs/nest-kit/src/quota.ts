import { AppError } from './app-error.js';

/** An account's limit of one kind of object: per rolling hour and in total (0 = no limit). */
export interface QuotaLimit {
  perHour: number;
  total: number;
}

/** What an account already made of one kind: units ever made, and this hour's creations (oldest first). */
export interface QuotaUsage {
  total: number;
  lastHour: { at: Date; units: number }[];
}

export const HOUR_MS = 3_600_000;
export const QUOTA_EXCEEDED = 'quota_exceeded';

/**
 * The typed error of a quota (issue #28): 429 with Retry-After when waiting helps. It crosses the
 * transport as any AppError (code, status, message, retryAfterS), so the gateway answers the error
 * envelope with the message as is.
 */
export class QuotaExceededError extends AppError {
  constructor(message: string, retryAfterS?: number) {
    super(QUOTA_EXCEEDED, message, 429, retryAfterS);
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Units still allowed now (Infinity when neither limit applies). */
export function quotaRemaining(limit: QuotaLimit, usage: QuotaUsage): number {
  const hour = usage.lastHour.reduce((n, r) => n + r.units, 0);
  return Math.max(
    0,
    Math.min(
      limit.perHour > 0 ? limit.perHour - hour : Infinity,
      limit.total > 0 ? limit.total - usage.total : Infinity,
    ),
  );
}

/**
 * Refuses `units` more `what` (e.g. "links") when they would exceed either limit: whole, never in
 * part. The message names the limit, what is left and, for the hourly one, when enough units leave
 * the window for the request to fit.
 */
export function checkQuota(
  what: string,
  limit: QuotaLimit,
  usage: QuotaUsage,
  units: number,
  now: Date,
): void {
  if (units <= 0) return;
  if (limit.total > 0 && usage.total + units > limit.total) {
    const left = Math.max(0, limit.total - usage.total);
    throw new QuotaExceededError(
      `Quota reached: ${limit.total} ${what} in total${left > 0 ? `; ${left} left, ${units} asked` : ''}.`,
    );
  }
  if (limit.perHour <= 0) return;
  const used = usage.lastHour.reduce((n, r) => n + r.units, 0);
  if (used + units <= limit.perHour) return;
  const left = Math.max(0, limit.perHour - used);
  if (units > limit.perHour)
    throw new QuotaExceededError(
      `Quota reached: ${limit.perHour} ${what} per hour; ${units} at once is more than an hour allows.`,
    );
  // the moment the oldest creations leave the window and make room for this request
  let freed = 0;
  let at = now.getTime() + HOUR_MS;
  for (const row of usage.lastHour) {
    freed += row.units;
    if (used - freed + units <= limit.perHour) {
      at = row.at.getTime() + HOUR_MS;
      break;
    }
  }
  const retryAfterS = Math.max(1, Math.ceil((at - now.getTime()) / 1000));
  throw new QuotaExceededError(
    `Quota reached: ${limit.perHour} ${what} per hour${left > 0 ? `; ${left} left, ${units} asked` : ''}. Try again in ${plural(Math.ceil(retryAfterS / 60), 'minute')}.`,
    retryAfterS,
  );
}
