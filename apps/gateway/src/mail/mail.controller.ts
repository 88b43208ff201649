import { Controller, Get, Header, Inject, Param, Query } from '@nestjs/common';
import { z } from 'zod';
import { emailPreviewQuery } from '@metatag/api-types';
import { TEMPLATES, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';
import { MAILER } from './mail.tokens.js';
import type { Mailer } from './mailer.js';
import { NftEmailService } from './nft-email.service.js';

const previewQuery = emailPreviewQuery;

/**
 * `/email-nft`'s data: the buyer's email rendered with a real template (one of the caller's, or a
 * sample), and the super admin's list of the emails kept on disk when no SMTP server is configured.
 */
@Controller()
export class MailController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    private readonly emails: NftEmailService,
  ) {}

  @Allow('admin')
  @Get('json/email-nft')
  async preview(
    @Query(new ZodPipe(previewQuery)) query: z.output<typeof previewQuery>,
    @CurrentUser() me: AuthUser,
  ) {
    const data = query.nftId
      ? await this.emails.data(
          (await this.services.send(TEMPLATES.getNft, { id: query.nftId, actor: actorOf(me) })).item,
          ['PREVIEW000001'],
          'Order #1001 (preview)',
        )
      : {
          title: 'Sample NFT',
          imageUrl: '',
          collection: 'Sample collection',
          chain: 'ganache',
          claimUrls: ['https://example.com/link/PREVIEW000001'],
          reason: 'Order #1001 (preview)',
        };
    return { ...(await this.emails.render(data)), transport: this.mailer.kind };
  }

  @Allow('superAdmin')
  @Get('json/mail')
  async list() {
    return { transport: this.mailer.kind, items: await this.mailer.list(100) };
  }

  @Allow('superAdmin')
  @Get('json/mail/:name')
  @Header('content-type', 'message/rfc822')
  async read(@Param('name') name: string) {
    const eml = await this.mailer.read(name);
    if (eml === undefined) throw AppError.notFound('Email not found');
    return eml;
  }
}
