import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import {
  CHIPLINKS_CSV_NAME,
  CHIPLINKS_PAGE_SIZE,
  checkTapUrlBody,
  chiplinkTypeParam,
  createChiplinkBody,
  qrlinkQuery,
  scansQuery,
  type ChiplinkKind,
} from '@metatag/api-types';
import type { GatewayConfig } from '@metatag/config';
import { CHIPLINKS, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import type { z } from 'zod';
import { AcceptAuthToken, Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { csvField } from '../http/csv.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, idParam, canonicalOrigin, targetUserId } from '../templates/route-params.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';

const NFT_NOT_FOUND = 'NFT template not found';
type QrlinkQuery = z.output<typeof qrlinkQuery>;
type CreateBody = z.output<typeof createChiplinkBody>;

function typeParam(value: string): ChiplinkKind {
  const parsed = chiplinkTypeParam.safeParse(value);
  if (!parsed.success) throw AppError.notFound(`No route for type ${value}`);
  return parsed.data;
}

/**
 * Chips and QR links of an NFT template (spec section 7 `/json/qrlink/...`, `/scans`). `?user=` names
 * whose items a super admin manages; the chiplinks service lets only the template's owner or a super
 * admin through (the template's 404 for anyone else).
 */
@Controller()
export class ChiplinksController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Allow('admin')
  @Get('json/qrlink/:type/:nftId')
  list(
    @Param('type') type: string,
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(qrlinkQuery)) query: QrlinkQuery,
    @CurrentUser() me: AuthUser,
  ) {
    targetUserId(query.user, me);
    return this.services.send(CHIPLINKS.list, {
      actor: actorOf(me),
      type: typeParam(type),
      nftId: idParam(nftId, NFT_NOT_FOUND),
      limit: CHIPLINKS_PAGE_SIZE,
    });
  }

  /**
   * Chips: `{uid}` (the chip's UID; an empty one is refused). Links: `?batch=N` makes N (1..10,000).
   * The mint flow's `POST /json/qrlink/link/{id}?authtoken` may sign in with the owner's shop access
   * token instead of a session (links only).
   */
  @Allow('admin')
  @AcceptAuthToken({ type: 'link' })
  @Post('json/qrlink/:type/:nftId')
  create(
    @Param('type') type: string,
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(qrlinkQuery)) query: QrlinkQuery,
    @Body(new ZodPipe(createChiplinkBody)) body: CreateBody,
    @CurrentUser() me: AuthUser,
  ) {
    targetUserId(query.user, me);
    return this.services.send(CHIPLINKS.create, {
      actor: actorOf(me),
      type: typeParam(type),
      nftId: idParam(nftId, NFT_NOT_FOUND),
      uid: body.uid,
      id: body.id,
      scheme: body.scheme,
      keys: body.keys,
      masterKey: body.masterKey,
      batch: query.batch,
    });
  }

  @Allow('admin')
  @Delete('json/qrlink/:type/:nftId/:id')
  remove(
    @Param('type') type: string,
    @Param('nftId') nftId: string,
    @Param('id') id: string,
    @Query(new ZodPipe(qrlinkQuery)) query: QrlinkQuery,
    @CurrentUser() me: AuthUser,
  ) {
    targetUserId(query.user, me);
    return this.services.send(CHIPLINKS.remove, {
      actor: actorOf(me),
      type: typeParam(type),
      nftId: idParam(nftId, NFT_NOT_FOUND),
      id,
    });
  }

  /**
   * Every live row as CSV, streamed: the service is asked page by page (keyset on insertion order) and
   * each page is written before the next is asked for, so memory stays flat for any number of rows.
   */
  @Allow('admin')
  @Get('json/qrlink/:type/:nftId/links.csv')
  async csv(
    @Param('type') type: string,
    @Param('nftId') nftId: string,
    @Query(new ZodPipe(qrlinkQuery)) query: QrlinkQuery,
    @CurrentUser() me: AuthUser,
    @Res() res: Response,
  ): Promise<void> {
    targetUserId(query.user, me);
    const ask = (after: number) =>
      this.services.send(CHIPLINKS.exportPage, {
        actor: actorOf(me),
        type: typeParam(type),
        nftId: idParam(nftId, NFT_NOT_FOUND),
        after,
        limit: 1000,
      });
    // the first page is asked before any header is sent: a refusal is still a JSON error
    let page = await ask(0);
    const origin = canonicalOrigin(this.config);
    res.status(200).set({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${CHIPLINKS_CSV_NAME}"`,
      'cache-control': 'no-store',
    });
    res.write('id,type,uid,url,scans,mints,tokenToMint,locked,created\r\n');
    for (;;) {
      const lines = page.items
        .map((i) =>
          [
            i.id,
            i.type,
            i.uid,
            `${origin}/${i.type === 'chip' ? 'tag' : 'link'}/${i.id}`,
            i.scans,
            i.mints,
            i.tokenToMint,
            i.locked,
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
        res.destroy(); // headers are out: a cut-off download is the honest failure
        return;
      }
    }
    res.end();
  }

  /**
   * The chip doctor: `{url}` = a tap URL of one of the caller's chips → what it carries (uid, counter,
   * mode, file data), whether its MAC holds and whether check-tag would accept it now. Consumes
   * nothing. Only the owner of the chip's template or a super admin (others: 404).
   */
  @Allow('admin')
  @Post('json/check-tap-url')
  @HttpCode(200)
  checkTapUrl(
    @Body(new ZodPipe(checkTapUrlBody)) body: z.output<typeof checkTapUrlBody>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(CHIPLINKS.checkTapUrl, { actor: actorOf(me), url: body.url });
  }

  /** Spec section 7: `GET /scans?uid={chiplink id}` → scans newest first. */
  @Allow('admin')
  @Get('scans')
  scans(@Query(new ZodPipe(scansQuery)) query: { uid: string }, @CurrentUser() me: AuthUser) {
    return this.services.send(CHIPLINKS.scans, { actor: actorOf(me), id: query.uid });
  }
}
