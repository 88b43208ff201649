import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  ParseIntPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { z } from 'zod';
import { createUserBody, setPasswordBody, updateUserBody } from '@metatag/api-types';
import { AUTH, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Allow } from '../access/access.decorators.js';
import { CurrentUser } from '../auth/current-user.js';
import { ZodPipe } from '../http/zod-body.pipe.js';
import { SERVICES } from '../tokens.js';

/** `?user=`: another user's id (super admin). */
const userQuery = z.object({ user: z.coerce.number().int().positive().optional() });

/** Users (super admin), balances and the shop access token (spec section 7). */
@Controller()
export class UsersController {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  @Allow('superAdmin')
  @Get('json/users')
  list() {
    return this.services.send(AUTH.listUsers, {});
  }

  @Allow('superAdmin')
  @Post('json/users')
  create(@Body(new ZodPipe(createUserBody)) body: { address: string }) {
    return this.services.send(AUTH.createUser, body);
  }

  @Allow('superAdmin')
  @Put('json/users/:id')
  update(
    @Param('id', ParseIntPipe) id: number,
    @Body(new ZodPipe(updateUserBody)) body: { address?: string; balance?: string },
  ) {
    return this.services.send(AUTH.updateUser, { id, ...body });
  }

  @Allow('superAdmin')
  @Post('json/users/set-password')
  @HttpCode(200)
  setPassword(@Body(new ZodPipe(setPasswordBody)) body: { id: number; password: string }) {
    return this.services.send(AUTH.setPassword, body);
  }

  /** A user reads their own balance; a super admin anyone's. */
  @Allow('admin')
  @Get('json/get-balance')
  balance(@Query(new ZodPipe(userQuery)) query: { user?: number }, @CurrentUser() me: AuthUser) {
    const id = query.user ?? me.id;
    if (id !== me.id && !me.isSuperAdmin) throw AppError.forbidden('You can only read your own balance');
    return this.services.send(AUTH.getBalance, { id });
  }

  /**
   * The signed-in user's shop access token; `?user=` names another user's, for the super admin only
   * (the per-user panel shows that user's webhook address). Anyone else naming another user gets 403.
   */
  @Allow('admin')
  @Get('woo_commmerce_access_token')
  shopToken(@Query(new ZodPipe(userQuery)) query: { user?: number }, @CurrentUser() me: AuthUser) {
    const id = query.user ?? me.id;
    if (id !== me.id && !me.isSuperAdmin)
      throw AppError.forbidden("Only a super admin can read another user's shop token");
    return this.services.send(AUTH.getShopToken, { userId: id });
  }

  @Allow('admin')
  @Post('woo_commmerce_access_token/rotate')
  @HttpCode(200)
  rotateShopToken(@CurrentUser() me: AuthUser) {
    return this.services.send(AUTH.rotateShopToken, { userId: me.id });
  }
}
