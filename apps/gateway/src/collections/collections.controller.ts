import { userQuery } from '@metatag/api-types';
import { Body, Controller, Get, Inject, Param, Put, Query } from '@nestjs/common';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { TEMPLATES, type AuthUser } from '@metatag/events';
import { Allow, Public } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { SERVICES } from '../tokens.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { actorOf, addressParam, chainParam, targetUserId } from '../templates/route-params.js';

/** The user's collections and each collection's template (colours, font, logo, menu). */
@Controller()
export class CollectionsController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  /**
   * Spec section 7: `{ items, error }`; the page shows 'Error fetching collection.' when error is set.
   * `?user=` names another user's (super admin only, 403 otherwise).
   */
  @Allow('admin')
  @Get('json/:chain/get-my-collections')
  async mine(
    @Param('chain') chain: string,
    @Query(new ZodPipe(userQuery)) query: { user?: number },
    @CurrentUser() me: AuthUser,
  ) {
    const { items } = await this.services.send(TEMPLATES.listCollections, {
      chain: chainParam(chain),
      userId: targetUserId(query.user, me),
    });
    return { items, error: null };
  }

  @Allow('admin')
  @Get('json/:chain/collection/:address/template')
  template(@Param('chain') chain: string, @Param('address') address: string, @CurrentUser() me: AuthUser) {
    return this.services.send(TEMPLATES.getCollectionTemplate, {
      chain: chainParam(chain),
      address: addressParam(address),
      actor: actorOf(me),
    });
  }

  /** Any subset of the template's fields; the rest is kept. Only the collection's owner (or a super admin). */
  @Allow('admin')
  @Put('json/:chain/collection/:address/template')
  save(
    @Param('chain') chain: string,
    @Param('address') address: string,
    @Body() body: unknown,
    @CurrentUser() me: AuthUser,
  ) {
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new AppError('invalid_value', 'Invalid value', 400);
    return this.services.send(TEMPLATES.putCollectionTemplate, {
      chain: chainParam(chain),
      address: addressParam(address),
      actor: actorOf(me),
      template: body as Record<string, unknown>,
    });
  }

  /** The public chip and link pages render nothing until they have this (spec section 2). */
  @Public()
  @Get('json/collection-template/:chain/:address')
  publicTemplate(@Param('chain') chain: string, @Param('address') address: string) {
    return this.services.send(TEMPLATES.getCollectionTemplate, {
      chain: chainParam(chain),
      address: addressParam(address),
    });
  }
}
