import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import QRCode from 'qrcode';
import { CHIPLINKS } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { requestOrigin } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

const ID = /^[A-Za-z0-9]{6,32}$/;

/**
 * A chip's or link's QR code: `{origin}/tag/{id}` or `{origin}/link/{id}`, as SVG or PNG. Listed before
 * the chiplinks controller so `/json/qrlink/{id}/qr.svg` is matched here, not as `/{type}/{nftId}`.
 */
@Controller()
export class QrCodesController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Public()
  @Get('json/qrlink/:id/qr.svg')
  async svg(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const svg = await QRCode.toString(await this.target(id, req), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    res.set({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }).send(svg);
  }

  @Public()
  @Get('json/qrlink/:id/qr.png')
  async png(@Param('id') id: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const png = await QRCode.toBuffer(await this.target(id, req), {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 512,
    });
    res.set({ 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }).send(png);
  }

  private async target(id: string, req: Request): Promise<string> {
    if (!ID.test(id)) throw AppError.notFound('Chip or link not found');
    const target = await this.services.send(CHIPLINKS.publicTarget, {
      id,
    });
    return `${requestOrigin(req)}/${target.type === 'chip' ? 'tag' : 'link'}/${target.id}`;
  }
}
