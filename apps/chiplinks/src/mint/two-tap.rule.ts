import { Inject, Injectable } from '@nestjs/common';
import type { MintRefusal, TwoTap } from '@metatag/api-types';
import type { Database } from '@metatag/db';
import { DATABASE } from '@metatag/nest-kit';

/**
 * Whether the latest tap (`current`) follows an earlier verified tap of the same chip (`previous`)
 * within the template's window (issue #32 item 4): undefined when it does, else why not.
 */
export function twoTapVerdict(
  rule: TwoTap,
  current: Date,
  previous: Date | undefined,
): MintRefusal | undefined {
  if (!previous) return 'second_tap_needed';
  const gap = current.getTime() - previous.getTime();
  if (gap < rule.minSeconds * 1000) return 'second_tap_too_soon';
  if (gap > rule.maxMinutes * 60_000) return 'second_tap_too_late';
  return undefined;
}

/**
 * A two-tap template's claim rule (docs/decisions.md "Two-tap claim"): the chip's proof (a fresh tap
 * or the scan token of its latest tap) must follow an earlier verified tap of the SAME chip, at least
 * `minSeconds` and at most `maxMinutes` before it. Both taps are the chip's two latest rows in its
 * scans (written by the statement that accepted their counters, so accepted counters only, in
 * increasing order: the earlier row has the lower counter). Read at voucher time: check-tag pays nothing.
 */
@Injectable()
export class TwoTapRule {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /**
   * Call after the chip's proof was checked (its tap is the chip's latest accepted one). Undefined when
   * the template has no two-tap rule or the taps satisfy it; otherwise the refusal's reason.
   */
  async refusal(chiplinkId: string, rule: TwoTap | null | undefined): Promise<MintRefusal | undefined> {
    if (!rule) return undefined;
    const { rows } = await this.database.pool.query<{ at: Date }>({
      name: 'chiplinks-two-latest-scans',
      text: `SELECT at FROM chiplinks.scans WHERE chiplink_id = $1 ORDER BY at DESC, id DESC LIMIT 2`,
      values: [chiplinkId],
    });
    if (!rows[0]) return 'second_tap_needed';
    return twoTapVerdict(rule, rows[0].at, rows[1]?.at);
  }
}
