import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  RESALE_TEXTS,
  resaleActionBody,
  type ResaleAction,
  type ResaleReply,
  type ResaleStatus,
} from '@metatag/api-types';
import { CHIPLINKS } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { SERVICES } from '../tokens.js';
import { ID, scanTokenHeader } from './scan.controller.js';
import { ScanRateLimiter } from './scan-rate.limiter.js';

/**
 * Resale by the chip (issue #32 item 2): the chip page's status read and its open / complete / cancel
 * requests, rate-limited per IP like get-mint-data (chiplinks adds its per-chip daily cap).
 */
@Controller()
export class ResaleController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly limiter: ScanRateLimiter,
  ) {}

  @Public()
  @Get('json/resale/:id')
  status(@Param('id') id: string, @Req() req: Request): Promise<ResaleStatus> {
    this.limiter.take(req.ip ?? '');
    if (!ID.test(id)) throw AppError.notFound('Tag is not connected yet');
    return this.services.send(CHIPLINKS.resaleStatus, { id });
  }

  @Public()
  @Post('json/resale/:id')
  @HttpCode(200)
  act(
    @Param('id') id: string,
    @Body(new ZodPipe(resaleActionBody)) action: ResaleAction,
    @Req() req: Request,
  ): Promise<ResaleReply> {
    const ip = req.ip ?? '';
    this.limiter.take(ip);
    if (!ID.test(id))
      return Promise.resolve({ ok: false, errorMessage: RESALE_TEXTS.resale_off, reason: 'resale_off' });
    return this.services.send(CHIPLINKS.resaleAction, { id, action, authtoken: scanTokenHeader(req), ip });
  }
}
