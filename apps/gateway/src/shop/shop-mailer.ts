import { Inject, Injectable } from '@nestjs/common';
import { SHOP, TEMPLATES, type ReplyOf } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { NftEmailService } from '../mail/nft-email.service.js';
import { ClaimLoop } from '../outbox/claim-loop.js';
import { SERVICES } from '../tokens.js';

type DueEmail = ReplyOf<typeof SHOP.claimEmails>['items'][number];

/** How often the mailer asks chiplinks for due buyer emails (a webhook that made one due wakes it). */
export const SHOP_MAIL_INTERVAL_MS = 2_000;

/**
 * Sends the shop buyers' emails (decision 112): the webhook's one send has chiplinks record a paid
 * order's links and the buyer's email as due; this loop claims due emails (a lease, SKIP LOCKED: two
 * gateways never take the same line), builds each as before (the template, then NftEmailService),
 * sends it through the gateway's SMTP and reports the result. A failure is due again later (chiplinks
 * spaces and bounds the attempts and writes the last one to the delivery log); a sent line never is.
 */
@Injectable()
export class ShopMailer extends ClaimLoop<DueEmail> {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly emails: NftEmailService,
  ) {
    // a stop waits for a round under way about as long as an SMTP send may take
    super('shop emails round', { intervalMs: SHOP_MAIL_INTERVAL_MS, batch: 20, stopWaitMs: 10_000 });
  }

  protected async claim(limit: number): Promise<DueEmail[]> {
    return (await this.services.send(SHOP.claimEmails, { limit })).items;
  }

  protected async deliver(item: DueEmail): Promise<void> {
    const { ownerId, orderId, lineId } = item;
    let sent = false;
    let detail: string;
    try {
      const { item: template } = await this.services.send(TEMPLATES.getNft, { id: item.nftId });
      const data = await this.emails.data(template, item.linkIds, `Order #${orderId}`);
      await this.emails.send(item.email, data);
      sent = true;
      detail = `email sent to the buyer (${item.linkIds.length} link(s))`;
    } catch (error) {
      detail = `email failed: ${(error as Error).message}`.slice(0, 400);
      this.logger.warn(`shop email of order ${orderId} line ${lineId} (attempt ${item.attempt}): ${detail}`);
    }
    await this.services.send(SHOP.emailResult, { ownerId, orderId, lineId, sent, detail });
  }
}
