import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { AuthUser } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';

/** The signed-in user the AccessGuard attached to the request. */
export type RequestWithUser = Request & { user?: AuthUser | null };

export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  const user = ctx.switchToHttp().getRequest<RequestWithUser>().user;
  if (!user) throw new AppError('unauthorized', 'You must login for this page', 401);
  return user;
});
