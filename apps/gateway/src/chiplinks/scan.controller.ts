import { Body, Controller, Get, Header, HttpCode, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import {
  continueVisitBody,
  gaslessClaimBody,
  lookupQuery,
  SCAN_TOKEN_HEADER,
  mintDataQuery,
  toggleLockBody,
  utilityTokenQuery,
  type CheckTagReply,
  type ChiplinkLookupReply,
  type ChiplinkTokenState,
  type GaslessClaimReply,
  type MintDataReply,
  type UtilityTokenReply,
} from '@metatag/api-types';
import { CHIPLINK_VISITS, CHIPLINKS } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { SERVICES } from '../tokens.js';
import { checkTag } from './check-tag.js';
import { ClientRateLimiter } from '../http/client-rate.limiter.js';
import { ScanRateLimiter } from './scan-rate.limiter.js';

export const ID = /^[A-Za-z0-9]{1,64}$/;

export function scanTokenHeader(req: Request): string | undefined {
  const value = req.headers[SCAN_TOKEN_HEADER];
  return typeof value === 'string' && value.length > 0 && value.length <= 2048 ? value : undefined;
}

/**
 * The public scan path (spec section 7): check-tag, the chip/link page's lookup, mint data and lock.
 * A failed tag check answers HTTP 200 `{ok: false}` (the UI shows 'Not Authentic'; an HTTP error would
 * be its 'xhr error' instead), and never says which check failed.
 */
@Controller()
export class ScanController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly limiter: ScanRateLimiter,
    private readonly lookups: ClientRateLimiter,
  ) {}

  /** Also served by check-tag.fast-path.ts ahead of Nest (same implementation); this route answers what it passes on. */
  @Public()
  @Post('json/check-tag')
  @HttpCode(200)
  checkTag(@Body() body: unknown, @Req() req: Request): Promise<CheckTagReply> {
    return checkTag(this.services, this.limiter, body, req.ip ?? '');
  }

  /**
   * A visit continues after a reload or in a wallet app's browser (`/tag/{id}?c=…`): the one-time
   * continuation credential of its tap buys a fresh scan token and the next credential. Rate-limited
   * like check-tag; a used, expired or foreign credential answers `{ok: false}` (HTTP 200).
   */
  @Public()
  @Post('json/check-tag/continue')
  @HttpCode(200)
  async continueVisit(
    @Body(new ZodPipe(continueVisitBody)) body: z.output<typeof continueVisitBody>,
    @Req() req: Request,
  ): Promise<CheckTagReply> {
    this.limiter.take(req.ip ?? '');
    return this.services.send(CHIPLINK_VISITS.continueVisit, body);
  }

  /** For utility sites: is the `jwt` they were given a genuine, unexpired utility token, and of what? */
  @Public()
  @Get('json/utility-token/verify')
  @Header('cache-control', 'no-store')
  async verifyUtilityToken(
    @Query(new ZodPipe(utilityTokenQuery)) query: z.output<typeof utilityTokenQuery>,
    @Req() req: Request,
  ): Promise<UtilityTokenReply> {
    this.limiter.take(req.ip ?? '');
    return this.services.send(CHIPLINK_VISITS.verifyUtilityToken, { token: query.token });
  }

  @Public()
  @Get('json/nft-by-chiplink/:id')
  lookup(
    @Param('id') id: string,
    @Query(new ZodPipe(lookupQuery)) query: z.output<typeof lookupQuery>,
    @Req() req: Request,
  ): Promise<ChiplinkLookupReply> {
    this.lookups.take('lookup', req.ip ?? '');
    if (!ID.test(id))
      throw AppError.notFound(query.type === 'chip' ? 'Tag is not connected yet' : 'Link is not valid');
    return this.services.send(CHIPLINKS.lookup, {
      id,
      type: query.type,
      ip: req.ip ?? '',
    });
  }

  /** The token of a chip or link (owner, lock, tx) without counting a scan: refreshed after actions. */
  @Public()
  @Get('json/chiplink-token/:id')
  tokenState(
    @Param('id') id: string,
    @Query(new ZodPipe(lookupQuery)) query: z.output<typeof lookupQuery>,
    @Req() req: Request,
  ): Promise<ChiplinkTokenState> {
    this.lookups.take('lookup', req.ip ?? '');
    if (!ID.test(id))
      throw AppError.notFound(query.type === 'chip' ? 'Tag is not connected yet' : 'Link is not valid');
    return this.services.send(CHIPLINKS.tokenState, { id, type: query.type });
  }

  @Public()
  @Get('json/get-mint-data/:id')
  mintData(
    @Param('id') id: string,
    @Query(new ZodPipe(mintDataQuery)) query: z.output<typeof mintDataQuery>,
    @Req() req: Request,
  ): Promise<MintDataReply> {
    const ip = req.ip ?? '';
    this.limiter.take(ip);
    if (!ID.test(id)) return Promise.resolve({ ok: false, errorMessage: 'cannot mint' });
    return this.services.send(CHIPLINKS.mintData, {
      idOrUid: id,
      to: query.to,
      auth: query.auth,
      // the chip page sends its scan token in a header: the mint/claim credential stays out of URLs
      authtoken: query.authtoken ?? scanTokenHeader(req),
      isTransfer: query.isTransfer,
      ip,
    });
  }

  /**
   * A free template whose owner pays the gas (issue #29): the relayer mints to `to`. Rate-limited like
   * get-mint-data; an owner without relayer balance answers 402 with 'cannot mint' (the visitor never
   * learns the owner's balance).
   */
  @Public()
  @Post('json/claim-gasless/:id')
  @HttpCode(200)
  gaslessClaim(
    @Param('id') id: string,
    @Body(new ZodPipe(gaslessClaimBody)) body: z.output<typeof gaslessClaimBody>,
    @Req() req: Request,
  ): Promise<GaslessClaimReply> {
    const ip = req.ip ?? '';
    this.limiter.take(ip);
    if (!ID.test(id)) return Promise.resolve({ ok: false, errorMessage: 'cannot mint' });
    return this.services.send(CHIPLINKS.gaslessClaim, {
      idOrUid: id,
      to: body.to,
      auth: body.auth,
      authtoken: scanTokenHeader(req),
      ip,
    });
  }

  /** Body: `{id, newStatus, address, signature, timestamp}`; signature = personal_sign of `lockMessage(...)`. */
  @Public()
  @Post('json/toggle-lock')
  @HttpCode(200)
  toggleLock(@Body(new ZodPipe(toggleLockBody)) body: z.output<typeof toggleLockBody>) {
    return this.services.send(CHIPLINKS.toggleLock, body);
  }
}
