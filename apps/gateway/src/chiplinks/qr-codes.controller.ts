import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import QRCode from 'qrcode';
import { CHIPLINKS } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import type { GatewayConfig } from '@metatag/config';
import { canonicalOrigin } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';

const ID = /^[A-Za-z0-9]{6,32}$/;

/**
 * A chip's or link's QR code: `{origin}/tag/{id}` or `{origin}/link/{id}`, as SVG or PNG. Listed before
 * the chiplinks controller so `/json/qrlink/{id}/qr.svg` is matched here, not as `/{type}/{nftId}`.
 */
@Controller()
export class QrCodesController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get('json/qrlink/:id/qr.svg')
  async svg(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const svg = await QRCode.toString(await this.target(id), {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    res.set({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' }).send(svg);
  }

  @Public()
  @Get('json/qrlink/:id/qr.png')
  async png(@Param('id') id: string, @Res() res: Response): Promise<void> {
    const png = await QRCode.toBuffer(await this.target(id), {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 2,
      width: 512,
    });
    res.set({ 'content-type': 'image/png', 'cache-control': 'public, max-age=86400' }).send(png);
  }

  private async target(id: string): Promise<string> {
    if (!ID.test(id)) throw AppError.notFound('Chip or link not found');
    const target = await this.services.send(CHIPLINKS.publicTarget, {
      id,
    });
    return `${canonicalOrigin(this.config)}/${target.type === 'chip' ? 'tag' : 'link'}/${target.id}`;
  }
}
