import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  completeGaslessBody,
  confirmPendingBody,
  NFC_NFT_NOT_FOUND,
  parseNfcNftPatch,
  setPendingBody,
  type CompleteGaslessBody,
  type CompleteGaslessReply,
  type ConfirmPendingBody,
  type ConfirmPendingReply,
  type SetPendingBody,
} from '@metatag/api-types';
import { NFC_NFT, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow, Public } from '../access/access.decorators.js';
import { ScanRateLimiter } from '../chiplinks/scan-rate.limiter.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, idParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

/** A tag in `byTag/{tag}`: a record's nftId (decimal) or its chip id. */
function tagParam(value: string): string {
  if (!/^[A-Za-z0-9]{1,80}$/.test(value)) throw AppError.notFound('No NFC-NFT record for this tag');
  return value;
}

/**
 * NFC-NFT records (spec section 7 `/nfc-nft`): a signed-in admin's own records only; the chiplinks
 * service answers another admin's record with the same 404 as a missing one.
 */
@Controller()
export class NfcNftController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly limiter: ScanRateLimiter,
  ) {}

  /**
   * The chip page reports the transaction that relayed the chip's pending transaction. Public (the
   * visitor has no account) and rate-limited like check-tag: the server trusts only the receipt.
   */
  @Public()
  @Post('json/nfc-nft/confirm')
  @HttpCode(200)
  confirm(
    @Body(new ZodPipe(confirmPendingBody)) body: ConfirmPendingBody,
    @Req() req: Request,
  ): Promise<ConfirmPendingReply> {
    this.limiter.take(req.ip ?? '');
    return this.services.send(NFC_NFT.confirm, body) as Promise<ConfirmPendingReply>;
  }

  /**
   * 'Complete without a wallet': the visitor presents the scan token of the chip's latest tap; the
   * relay is paid from the record owner's balance. Asked again, it answers the progress.
   */
  @Public()
  @Post('json/nfc-nft/complete')
  @HttpCode(200)
  complete(
    @Body(new ZodPipe(completeGaslessBody)) body: CompleteGaslessBody,
    @Req() req: Request,
  ): Promise<CompleteGaslessReply> {
    this.limiter.take(req.ip ?? '');
    return this.services.send(NFC_NFT.completeGasless, body);
  }

  @Allow('admin')
  @Get('nfc-nft')
  list(@CurrentUser() me: AuthUser) {
    return this.services.send(NFC_NFT.list, { actor: actorOf(me) });
  }

  /** 'Attach new': an empty record; its fields are then set one at a time. */
  @Allow('admin')
  @Post('nfc-nft')
  create(@CurrentUser() me: AuthUser) {
    return this.services.send(NFC_NFT.create, { actor: actorOf(me) });
  }

  /** `{pendingTransactionData, pendingTransactionValue, redirectUrl}`; '' or null clears. */
  @Allow('admin')
  @Put('nfc-nft/byTag/:nftId')
  setPending(
    @Param('nftId') tag: string,
    @Body(new ZodPipe(setPendingBody)) body: SetPendingBody,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(NFC_NFT.setPending, { actor: actorOf(me), tag: tagParam(tag), ...body });
  }

  /** ONE field, validated with the spec's rules (addresses, URLs, hex data, wei). */
  @Allow('admin')
  @Put('nfc-nft/:id')
  update(@Param('id') id: string, @Body() body: unknown, @CurrentUser() me: AuthUser) {
    const recordId = idParam(id, NFC_NFT_NOT_FOUND);
    const parsed = parseNfcNftPatch(body);
    if (!parsed.ok) throw new AppError('invalid_input', parsed.message, 400);
    return this.services.send(NFC_NFT.update, {
      actor: actorOf(me),
      id: recordId,
      field: parsed.field,
      value: parsed.value,
    });
  }

  @Allow('admin')
  @Delete('nfc-nft/:id')
  remove(@Param('id') id: string, @CurrentUser() me: AuthUser) {
    return this.services.send(NFC_NFT.remove, { actor: actorOf(me), id: idParam(id, NFC_NFT_NOT_FOUND) });
  }

  /** Beyond the spec: what happened to the record's pending transactions. */
  @Allow('admin')
  @Get('nfc-nft/:id/history')
  history(@Param('id') id: string, @CurrentUser() me: AuthUser) {
    return this.services.send(NFC_NFT.history, { actor: actorOf(me), id: idParam(id, NFC_NFT_NOT_FOUND) });
  }
}
