import { Body, Controller, Get, HttpCode, Inject, Logger, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import { reportRedemptionBody, type RedemptionRecord } from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { REDEMPTIONS, type AuthUser, type ReplyOf } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { renderRedemptionMail } from '../mail/redemption-email.js';
import { MAILER } from '../mail/mail.tokens.js';
import type { Mailer } from '../mail/mailer.js';
import { actorOf, idParam } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { deliverWebhook, webhookSecret } from './redemption-webhook.js';

type Notice = NonNullable<ReplyOf<typeof REDEMPTIONS.report>['notify']>;

/**
 * Burn to redeem (issue #32 item 5). chiplinks proves the redemption from the chain and records it once;
 * the gateway, which owns the mailer, tells the shop the first time (email and signed webhook) and
 * reports what was delivered. A delivery that fails is logged and shows as not delivered in the
 * owner's list (the redemption itself stands: it is on the chain).
 */
@Controller()
export class RedemptionsController {
  private readonly logger = new Logger(RedemptionsController.name);

  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Post('json/redemptions')
  @HttpCode(200)
  async report(@Body(new ZodPipe(reportRedemptionBody)) body: z.output<typeof reportRedemptionBody>) {
    const reply = await this.services.send(REDEMPTIONS.report, body);
    let redemption = reply.recorded;
    if (reply.notify) redemption = await this.tell(reply.recordId, reply.notify, reply.recorded);
    return { ok: true as const, redemption };
  }

  @Allow('admin')
  @Get('json/redemptions/:nftId')
  async list(@Param('nftId') nftId: string, @CurrentUser() me: AuthUser) {
    const id = idParam(nftId, 'NFT template not found');
    const { items } = await this.services.send(REDEMPTIONS.list, { actor: actorOf(me), nftId: id });
    return { items, webhookSecret: webhookSecret(this.config.SESSION_SECRET, id) };
  }

  private async tell(recordId: number, notice: Notice, record: RedemptionRecord): Promise<RedemptionRecord> {
    const now = new Date();
    const [emailed, webhook] = await Promise.all([
      this.email(notice, record),
      this.webhook(notice, record, now),
    ]);
    await this.services.send(REDEMPTIONS.notified, { recordId, emailed, webhook });
    return {
      ...record,
      emailedAt: emailed ? now.toISOString() : null,
      webhookAt: webhook ? now.toISOString() : null,
    };
  }

  private async email(notice: Notice, record: RedemptionRecord): Promise<boolean> {
    if (notice.notifyEmail === '') return false;
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

  private async webhook(notice: Notice, record: RedemptionRecord, now: Date): Promise<boolean> {
    if (notice.webhookUrl === '') return false;
    try {
      const delivered = await deliverWebhook(
        notice.webhookUrl,
        webhookSecret(this.config.SESSION_SECRET, notice.templateId),
        { event: 'token.redeemed', templateId: notice.templateId, redemption: record },
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
