import { Inject, Injectable, Logger } from '@nestjs/common';
import type { RedemptionRecord } from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { REDEMPTIONS, type ReplyOf } from '@metatag/events';
import { CLOCK, type Clock, type ServiceClient } from '@metatag/nest-kit';
import { renderRedemptionMail } from '../mail/redemption-email.js';
import { MAILER } from '../mail/mail.tokens.js';
import type { Mailer } from '../mail/mailer.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { deliverWebhook, webhookSecret } from './redemption-webhook.js';

export type RedemptionNotice = NonNullable<ReplyOf<typeof REDEMPTIONS.report>['notify']>;

const withoutNoticeState = ({ noticePending: _pending, ...record }: RedemptionRecord) => record;

/**
 * Tells the shop of one redemption (issue #32 item 5): the email and the HMAC-signed webhook the
 * template names, each only if not delivered yet (a retry sends what is missing, not the email twice),
 * then reports to chiplinks what went out. A channel that failed makes chiplinks schedule another
 * attempt (decision 105); the redemption itself stands, it is on the chain.
 */
@Injectable()
export class RedemptionTeller {
  private readonly logger = new Logger(RedemptionTeller.name);

  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async tell(
    recordId: number,
    notice: RedemptionNotice,
    record: RedemptionRecord,
  ): Promise<RedemptionRecord> {
    const now = this.clock.now();
    const wantsEmail = notice.notifyEmail !== '' && record.emailedAt === null;
    const wantsHook = notice.webhookUrl !== '' && record.webhookAt === null;
    const [emailed, webhook] = await Promise.all([
      wantsEmail ? this.email(notice, record) : false,
      wantsHook ? this.webhook(notice, record, now) : false,
    ]);
    const failed = (wantsEmail && !emailed) || (wantsHook && !webhook);
    await this.services.send(REDEMPTIONS.notified, { recordId, emailed, webhook, failed });
    return {
      ...record,
      emailedAt: emailed ? now.toISOString() : record.emailedAt,
      webhookAt: webhook ? now.toISOString() : record.webhookAt,
      // a failed channel is due again (chiplinks schedules it); otherwise the shop has been told
      noticePending: failed,
    };
  }

  private async email(notice: RedemptionNotice, record: RedemptionRecord): Promise<boolean> {
    try {
      await this.mailer.send({
        to: notice.notifyEmail,
        ...(await renderRedemptionMail({ title: notice.title, record })),
      });
      return true;
    } catch (error) {
      this.logger.warn(
        `redemption email for template ${notice.templateId} not sent: ${(error as Error).message}`,
      );
      return false;
    }
  }

  private async webhook(notice: RedemptionNotice, record: RedemptionRecord, now: Date): Promise<boolean> {
    try {
      const delivered = await deliverWebhook(
        notice.webhookUrl,
        webhookSecret(this.config.SESSION_SECRET, notice.templateId),
        // the shop's copy of the redemption: whether it is still to be told is ours to know
        { event: 'token.redeemed', templateId: notice.templateId, redemption: withoutNoticeState(record) },
        {
          allowPrivate: this.config.REDEMPTION_WEBHOOK_ALLOW_PRIVATE && this.config.NODE_ENV !== 'production',
          now,
        },
      );
      if (!delivered)
        this.logger.warn(`redemption webhook of template ${notice.templateId} refused or not 2xx`);
      return delivered;
    } catch (error) {
      this.logger.warn(
        `redemption webhook of template ${notice.templateId} failed: ${(error as Error).message}`,
      );
      return false;
    }
  }
}
