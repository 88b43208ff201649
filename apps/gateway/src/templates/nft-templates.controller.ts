import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { createNftBody, nftsQuery, type NftTemplate } from '@metatag/api-types';
import { AUTH, TEMPLATES, type AuthUser } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { AcceptAuthToken, Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { MediaUploadService } from '../media/media-upload.service.js';
import { SERVICES } from '../tokens.js';
import { actorOf, chainParam, idParam, targetUserId } from './route-params.js';

const NOT_FOUND = 'NFT template not found';

/**
 * NFT templates (spec section 7): list, create, edit one field, upload media, soft delete. Only the
 * owner or a super admin reaches a template; anyone else gets the 404 of a template that does not exist.
 */
@Controller()
export class NftTemplatesController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly uploads: MediaUploadService,
  ) {}

  @Allow('admin')
  @Get('json/:chain/nfts')
  async list(
    @Param('chain') chain: string,
    @Query(new ZodPipe(nftsQuery)) query: { user?: number; collection?: string },
    @CurrentUser() me: AuthUser,
  ) {
    const userId = targetUserId(query.user, me);
    const { items } = await this.services.send(TEMPLATES.listNfts, {
      actor: actorOf(me),
      chain: chainParam(chain),
      userId,
      collection: query.collection,
    });
    return { items };
  }

  /**
   * The mint flow sends an empty body: the template then uses the default collection. It may sign
   * in with `?authtoken` (the owner's shop access token), as its other steps do.
   */
  @Allow('admin')
  @AcceptAuthToken()
  @Post('json/:chain/nft')
  async create(
    @Param('chain') chain: string,
    @Query(new ZodPipe(nftsQuery)) query: { user?: number },
    @Body(new ZodPipe(createNftBody)) body: { collectionAddress?: string },
    @CurrentUser() me: AuthUser,
  ) {
    const name = chainParam(chain);
    const userId = targetUserId(query.user, me);
    if (userId !== me.id) await this.services.send(AUTH.getUser, { id: userId }); // 404 for no such user
    return this.services.send(TEMPLATES.createNft, {
      actor: actorOf(me),
      chain: name,
      userId,
      collectionAddress: body.collectionAddress ?? '',
    });
  }

  /**
   * JSON: one changed field (or limit + title + collection). multipart/form-data: the media (`image`).
   * The mint flow may sign in with `?authtoken` (the owner's shop access token) instead of a session.
   */
  @Allow('admin')
  @AcceptAuthToken()
  @Put('json/:chain/nft/:id')
  async update(
    @Param('chain') chain: string,
    @Param('id') idText: string,
    @Body() body: unknown,
    @Req() req: Request,
    @CurrentUser() me: AuthUser,
  ): Promise<NftTemplate> {
    const name = chainParam(chain);
    const id = idParam(idText, NOT_FOUND);
    if (req.is('multipart/form-data')) return this.uploads.upload(req, name, id, actorOf(me));
    return this.services.send(TEMPLATES.updateNft, {
      actor: actorOf(me),
      chain: name,
      id,
      patch: body ?? {},
    });
  }

  @Allow('admin')
  @Delete('json/:chain/nft/:id')
  remove(@Param('chain') chain: string, @Param('id') idText: string, @CurrentUser() me: AuthUser) {
    return this.services.send(TEMPLATES.deleteNft, {
      actor: actorOf(me),
      chain: chainParam(chain),
      id: idParam(idText, NOT_FOUND),
    });
  }
}
