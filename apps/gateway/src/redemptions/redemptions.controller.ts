import { Body, Controller, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import type { z } from 'zod';
import { reportRedemptionBody } from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { REDEMPTIONS, type AuthUser } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, idParam } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { webhookSecret } from './redemption-webhook.js';
import { RedemptionTeller } from './redemption-teller.js';

/**
 * Burn to redeem (issue #32 item 5). chiplinks proves the redemption from the chain and records it once;
 * the gateway, which owns the mailer, tells the shop when this report recorded it first (email and
 * signed webhook, RedemptionTeller). A redemption the chain-index follower recorded first, or one whose
 * delivery failed, is told by RedemptionNotifier (decision 105): the shop hears of each once.
 */
@Controller()
export class RedemptionsController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly teller: RedemptionTeller,
  ) {}

  @Public()
  @Post('json/redemptions')
  @HttpCode(200)
  async report(@Body(new ZodPipe(reportRedemptionBody)) body: z.output<typeof reportRedemptionBody>) {
    const reply = await this.services.send(REDEMPTIONS.report, body);
    let redemption = reply.recorded;
    if (reply.notify) redemption = await this.teller.tell(reply.recordId, reply.notify, reply.recorded);
    return { ok: true as const, redemption };
  }

  @Allow('admin')
  @Get('json/redemptions/:nftId')
  async list(@Param('nftId') nftId: string, @CurrentUser() me: AuthUser) {
    const id = idParam(nftId, 'NFT template not found');
    const { items } = await this.services.send(REDEMPTIONS.list, { actor: actorOf(me), nftId: id });
    return { items, webhookSecret: webhookSecret(this.config.SESSION_SECRET, id) };
  }
}
