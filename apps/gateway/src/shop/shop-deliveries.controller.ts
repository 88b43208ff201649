import { Controller, Get, Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { shopDeliveriesQuery } from '@metatag/api-types';
import { SHOP, type AuthUser } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { targetUserId } from '../templates/route-params.js';
import { SERVICES } from '../tokens.js';

const deliveriesQuery = shopDeliveriesQuery;

/** The owner's shop webhook delivery log, newest first (a super admin reads anyone's with `?user=`). */
@Controller()
export class ShopDeliveriesController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('admin')
  @Get('json/shop/deliveries')
  deliveries(
    @Query(new ZodPipe(deliveriesQuery)) query: z.output<typeof deliveriesQuery>,
    @CurrentUser() me: AuthUser,
  ) {
    return this.services.send(SHOP.deliveries, {
      ownerId: targetUserId(query.user, me),
      limit: query.limit,
    });
  }
}
