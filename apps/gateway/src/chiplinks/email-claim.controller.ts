import { Body, Controller, Get, HttpCode, Inject, Logger, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import {
  emailClaimBody,
  emailClaimLinkBody,
  type EmailClaimPeekReply,
  type EmailClaimRedeemReply,
  type EmailClaimReply,
} from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { CHIPLINKS, type AuthUser } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { renderEmailClaimMail } from '../mail/email-claim-email.js';
import { MAILER } from '../mail/mail.tokens.js';
import type { Mailer } from '../mail/mailer.js';
import { actorOf, canonicalOrigin, idParam } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { ID, scanTokenHeader } from './scan.controller.js';

/**
 * Email claims (issue #29 item 3). chiplinks proves the tap, holds the claim and makes the one-time
 * token; the gateway mails it. The link's origin is PUBLIC_URL's first (canonical) origin, never a
 * request header; the token rides in the URL's fragment and in request bodies, never in a path.
 */
@Controller()
export class EmailClaimController {
  private readonly logger = new Logger(EmailClaimController.name);

  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: ClientRateLimiter,
  ) {}

  @Public()
  @Post('json/email-claim/:id')
  @HttpCode(200)
  async start(
    @Param('id') id: string,
    @Body(new ZodPipe(emailClaimBody)) body: z.output<typeof emailClaimBody>,
    @Req() req: Request,
  ): Promise<EmailClaimReply> {
    const ip = req.ip ?? '';
    this.limiter.take('email', ip);
    if (!ID.test(id)) return { ok: false, errorMessage: 'cannot mint' };
    const started = await this.services.send(CHIPLINKS.emailClaimStart, {
      idOrUid: id,
      email: body.email,
      auth: body.auth,
      authtoken: scanTokenHeader(req),
      ip,
    });
    if (!started.ok) return started;
    const url = `${canonicalOrigin(this.config)}/email-claim#${started.token}`;
    const mail = await renderEmailClaimMail({
      title: started.title,
      url,
      expiresAt: new Date(started.expiresAt),
    });
    try {
      await this.mailer.send({ to: body.email, ...mail });
    } catch (error) {
      // the claim stays held until it expires; the visitor learns nothing about the address
      this.logger.warn(`email claim for ${id} not sent: ${(error as Error).message}`);
    }
    return { ok: true, expiresAt: started.expiresAt };
  }

  /** Without `to`: what the link claims (spends nothing). With `to`: the claim into that address. */
  @Public()
  @Post('json/email-claim-link')
  @HttpCode(200)
  link(
    @Body(new ZodPipe(emailClaimLinkBody)) body: z.output<typeof emailClaimLinkBody>,
  ): Promise<EmailClaimPeekReply | EmailClaimRedeemReply> {
    if (!body.to) return this.services.send(CHIPLINKS.emailClaimPeek, { token: body.token });
    return this.services.send(CHIPLINKS.emailClaimRedeem, { token: body.token, to: body.to.toLowerCase() });
  }

  @Allow('admin')
  @Get('json/email-claims/:nftId')
  pending(@Param('nftId') nftId: string, @CurrentUser() me: AuthUser) {
    return this.services.send(CHIPLINKS.emailClaimPending, {
      actor: actorOf(me),
      nftId: idParam(nftId, 'NFT template not found'),
    });
  }
}
