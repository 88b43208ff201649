import { Inject, Injectable } from '@nestjs/common';
import type { ReplyOf, RequestParsed, SHOP } from '@metatag/events';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { leaseFrom, retryAt } from '../outbox/due-work.js';
import { ShopOrderRepository } from './shop-order.repository.js';

type ClaimEmailsReply = ReplyOf<typeof SHOP.claimEmails>;

/**
 * The shop buyers' emails as due work (decision 112): ShopOrdersService records a paid order's email
 * as due with its delivery's log entry; the gateway's shop mailer claims due emails here (leased, SKIP
 * LOCKED) and reports each one's fate. A failure is due again later (spaced, bounded); a sent line is
 * never due again; the delivery log says "email sent", or "email failed" once the tries ran out.
 */
@Injectable()
export class ShopEmailsService {
  constructor(
    private readonly repo: ShopOrderRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The shop mailer's batch: due buyer emails, each leased to the caller. */
  async claimEmails({ limit }: RequestParsed<typeof SHOP.claimEmails>): Promise<ClaimEmailsReply> {
    const now = this.clock.now();
    const rows = await this.repo.claimEmails(now, leaseFrom(now), limit);
    const items: ClaimEmailsReply['items'] = [];
    for (const row of rows) {
      // a line without links or an address has nothing to send (not armed so; kept safe anyway)
      if (row.linkIds.length > 0 && row.emailTo)
        items.push({
          ownerId: row.ownerId,
          orderId: row.orderId,
          lineId: row.lineId,
          nftId: row.nftId,
          linkIds: row.linkIds,
          email: row.emailTo,
          attempt: row.emailAttempts,
        });
      else await this.repo.settleEmail(row, now, false, null);
    }
    return { items };
  }

  /**
   * The fate of one line's email: sent is written to the line and its delivery's log entry; a failure
   * is due again later, and only the last one (the tries ran out) is written to the delivery log.
   */
  async emailResult(input: RequestParsed<typeof SHOP.emailResult>): Promise<{ ok: true }> {
    const row = await this.repo.find(input);
    if (!row || row.emailedAt !== null) return { ok: true };
    const now = this.clock.now();
    const next = input.sent ? null : retryAt(now, row.emailAttempts);
    await this.repo.settleEmail(row, now, input.sent, next);
    if (row.deliveryId !== null && (input.sent || next === null))
      await this.repo.updateOutcome(
        input.ownerId,
        row.deliveryId,
        input.sent ? 'email_sent' : 'email_failed',
        input.sent ? input.detail : `${input.detail} (gave up after ${row.emailAttempts} attempts)`,
      );
    return { ok: true };
  }
}
