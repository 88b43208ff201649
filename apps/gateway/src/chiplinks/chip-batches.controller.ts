import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import type { z } from 'zod';
import {
  batchChipsQuery,
  bureauPackageBody,
  checkBatchTapBody,
  createBatchBody,
  importBatchChipsBody,
  rotateBatchBody,
  updateBatchBody,
  type CheckBatchTapReply,
} from '@metatag/api-types';
import { batchTemplateView } from '@metatag/chips';
import type { GatewayConfig } from '@metatag/config';
import { CHIP_BATCHES, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { csvField } from '../http/csv.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, canonicalOrigin } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { checkBatchTap } from './check-tag.js';
import { ScanRateLimiter } from './scan-rate.limiter.js';

const BATCH_ID = /^(b[A-Za-z0-9]{6,32}|default-\d{1,10})$/;
const NOT_FOUND = 'Chip batch not found';

function batchId(id: string): string {
  if (!BATCH_ID.test(id)) throw AppError.notFound(NOT_FOUND);
  return id;
}

/**
 * Chip batches (issue #26): admin routes (the chiplinks service lets only the template's owner or a
 * super admin through, 404 for anyone else) and the public check of a batch's one URL.
 */
@Controller()
export class ChipBatchesController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
    private readonly limiter: ScanRateLimiter,
  ) {}

  @Allow('admin')
  @Post('json/chip-batches')
  create(
    @Body(new ZodPipe(createBatchBody)) body: z.output<typeof createBatchBody>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIP_BATCHES.create, {
      actor: actorOf(me),
      ...body,
      urlForm: body.urlForm ?? null,
      tagTamper: body.tagTamper ?? false,
      ...(body.counterJump !== undefined ? { counterJump: body.counterJump } : {}),
    });
  }

  @Allow('admin')
  @Get('json/chip-batches')
  async list(@Query('nftId') nftId: string, @CurrentUser() me: AuthUser) {
    const id = Number(nftId);
    if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647)
      throw AppError.notFound('NFT template not found');
    const reply = await this.services.send(CHIP_BATCHES.list, { actor: actorOf(me), nftId: id });
    // a new batch's URL starts on the configured public origin, never the browser's location (#26)
    return { ...reply, tapUrl: `${canonicalOrigin(this.config)}/tag` };
  }

  @Allow('admin')
  @Get('json/chip-batches/:id')
  get(@Param('id') id: string, @CurrentUser() me: AuthUser) {
    return this.services.send(CHIP_BATCHES.get, { actor: actorOf(me), id: batchId(id) });
  }

  /**
   * The batch's NDEF URL template and SDM settings (issue #26 item 4), computed here from what the
   * batch reply shows (no key is involved); a default batch's per-chip URLs are on the public origin.
   */
  @Allow('admin')
  @Get('json/chip-batches/:id/template')
  async template(@Param('id') id: string, @CurrentUser() me: AuthUser) {
    const batch = await this.services.send(CHIP_BATCHES.get, { actor: actorOf(me), id: batchId(id) });
    return batchTemplateView(batch, canonicalOrigin(this.config));
  }

  @Allow('admin')
  @Put('json/chip-batches/:id')
  update(
    @Param('id') id: string,
    @Body(new ZodPipe(updateBatchBody)) body: z.output<typeof updateBatchBody>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIP_BATCHES.update, { actor: actorOf(me), id: batchId(id), ...body });
  }

  @Allow('admin')
  @Post('json/chip-batches/:id/chips')
  @HttpCode(200)
  importChips(
    @Param('id') id: string,
    @Body(new ZodPipe(importBatchChipsBody)) body: z.output<typeof importBatchChipsBody>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIP_BATCHES.importChips, {
      actor: actorOf(me),
      id: batchId(id),
      rows: body.rows,
      firstRow: body.firstRow ?? 1,
    });
  }

  @Allow('admin')
  @Get('json/chip-batches/:id/chips')
  chips(
    @Param('id') id: string,
    @Query(new ZodPipe(batchChipsQuery)) query: z.output<typeof batchChipsQuery>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIP_BATCHES.chipsPage, { actor: actorOf(me), id: batchId(id), ...query });
  }

  /** The batch's chips as CSV, streamed page by page (never keys). */
  @Allow('admin')
  @Get('json/chip-batches/:id/chips.csv')
  async csv(@Param('id') id: string, @CurrentUser() me: AuthUser, @Res() res: Response): Promise<void> {
    const ask = (after: number) =>
      this.services.send(CHIP_BATCHES.chipsPage, { actor: actorOf(me), id: batchId(id), after, limit: 2000 });
    let page = await ask(0);
    const origin = canonicalOrigin(this.config);
    res.status(200).set({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="batch-${id}.csv"`,
      'cache-control': 'no-store',
    });
    res.write(
      'id,uid,url,keyVersion,pendingVersion,scans,lastCounter,tamper,counterJumps,deleted,created\r\n',
    );
    for (;;) {
      const lines = page.items
        .map((i) =>
          [
            i.id,
            i.uid,
            `${origin}/tag/${i.id}`,
            i.keyVersion,
            i.pendingVersion,
            i.scans,
            i.lastCounter,
            i.tamper ?? '',
            i.counterJumps,
            i.deleted,
            i.created,
          ]
            .map(csvField)
            .join(','),
        )
        .join('\r\n');
      if (lines && !res.write(`${lines}\r\n`)) await new Promise((resolve) => res.once('drain', resolve));
      if (page.next === null || res.destroyed) break;
      try {
        page = await ask(page.next);
      } catch {
        res.destroy();
        return;
      }
    }
    res.end();
  }

  @Allow('admin')
  @Post('json/chip-batches/:id/rotate')
  @HttpCode(200)
  rotate(
    @Param('id') id: string,
    @Body(new ZodPipe(rotateBatchBody)) body: z.output<typeof rotateBatchBody>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIP_BATCHES.rotate, {
      actor: actorOf(me),
      id: batchId(id),
      masterKey: body.masterKey,
      metaReadKey: body.metaReadKey,
      chips: body.chips,
    });
  }

  /**
   * The batch's personalisation package (issue #27 item 5), sealed by chiplinks under the passphrase in
   * the body: the passphrase is in no URL, no log line and no store; the reply is not cached.
   */
  @Allow('admin')
  @Post('json/chip-batches/:id/package')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  bureauPackage(
    @Param('id') id: string,
    @Body(new ZodPipe(bureauPackageBody)) body: z.output<typeof bureauPackageBody>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIP_BATCHES.bureauPackage, {
      actor: actorOf(me),
      id: batchId(id),
      passphrase: body.passphrase,
    });
  }

  /**
   * A tap of a batch's one URL (`/tag?picc_data=…`, a GS1 Digital Link path, a path form): the page
   * sends its path and query exactly as opened; the origin is the batch template's, never a header.
   * Rate-limited like check-tag; `{ok: false}` (HTTP 200) when not authentic.
   */
  @Public()
  @Post('json/check-batch-tap')
  @HttpCode(200)
  checkTap(
    @Body(new ZodPipe(checkBatchTapBody)) body: z.output<typeof checkBatchTapBody>,
    @Req() req: Request,
  ): Promise<CheckBatchTapReply> {
    return checkBatchTap(this.services, this.limiter, body, req.ip ?? '');
  }
}
