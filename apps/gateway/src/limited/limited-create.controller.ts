import { Controller, Inject, Param, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  ADDRESS_PATTERN,
  createLimitedQuery,
  type CreateLimitedQuery,
  type CreateLimitedReply,
} from '@metatag/api-types';
import { RELAYER, type AuthUser, type MintRecord } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { AcceptAuthToken, Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { MediaUploadService, type StagedMedia } from '../media/media-upload.service.js';
import { actorOf, chainParam } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

/** The client's key for a repeatable create: the Idempotency-Key header (IETF draft's name). */
function idempotencyKeyOf(req: Request): string | undefined {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !/^[A-Za-z0-9._:-]{1,100}$/.test(key))
    throw new AppError('invalid_idempotency_key', 'Invalid Idempotency-Key', 400);
  return key;
}

/** Who receives the father: the query's `to`, else the account's wallet; 'Invalid address' otherwise. */
function recipientOf(query: CreateLimitedQuery, me: AuthUser): string {
  const candidates = [query.to, me.userAddress, me.address].map((v) => v?.trim().toLowerCase() ?? '');
  const found = candidates.find((v) => ADDRESS_PATTERN.test(v));
  if (!found) throw new AppError('invalid_address', 'Invalid address', 400);
  return found;
}

/**
 * The limited-edition creation helper (spec section 7; issue #18): `POST /json/{chain}/limited/create`.
 * The use case runs in the relayer (`relayer.limited.create`: the father's template, its mint, undoing
 * the template when the mint cannot be queued, the wait for its hash); the gateway reads the request,
 * stores an uploaded image first (its bytes never travel over the transport) and removes it again when
 * the create fails or answers an earlier father.
 */
@Controller()
export class LimitedCreateController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly uploads: MediaUploadService,
  ) {}

  /** Scripts (the page's code samples) may sign in with `?authtoken`, the owner's shop access token. */
  @Allow('admin')
  @AcceptAuthToken()
  @Post('json/:chain/limited/create')
  async create(
    @Param('chain') chainText: string,
    @Query(new ZodPipe(createLimitedQuery)) query: CreateLimitedQuery,
    @Req() req: Request,
    @CurrentUser() me: AuthUser,
  ): Promise<CreateLimitedReply> {
    const chain = chainParam(chainText);
    const to = recipientOf(query, me);
    const clientKey = idempotencyKeyOf(req);
    const media: StagedMedia | undefined = req.is('multipart/form-data')
      ? await this.uploads.stage(req, chain)
      : undefined;
    let created;
    try {
      created = await this.services.send(RELAYER.createLimited, {
        actor: actorOf(me),
        chain,
        userId: me.id,
        collection: query.collection,
        title: query.title,
        childLimit: query.limit,
        to,
        // a repeated request (same Idempotency-Key) answers the first father instead of making another
        ...(clientKey ? { idempotencyKey: `limited-create:${me.id}:${chain}:${clientKey}` } : {}),
        ...(media ? { media: { key: media.key, size: media.size, mimeType: media.mimeType } } : {}),
      });
    } catch (error) {
      if (media) await this.uploads.discard(media.key);
      throw error;
    }
    if (media && created.replayed) await this.uploads.discard(media.key);
    return this.reply(created.mint, query, to);
  }

  private reply(settled: MintRecord, query: CreateLimitedQuery, to: string): CreateLimitedReply {
    return {
      ok: true,
      tokenId: settled.tokenId,
      txHash: settled.tx,
      status: settled.status,
      nftId: settled.nftId,
      collection: settled.collection || query.collection,
      to: settled.to || to,
      limit: query.limit,
    };
  }
}
