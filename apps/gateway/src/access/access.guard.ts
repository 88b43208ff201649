import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { ACCESS_RULE, type Role } from './access.decorators.js';
import { readSessionToken } from '../auth/session-cookie.js';
import type { RequestWithUser } from '../auth/current-user.js';
import { SERVICES } from '../tokens.js';

export const MUST_LOGIN = 'You must login for this page';

/**
 * Global guard: fails closed. A route without an access rule is refused, so a new route cannot ship
 * unprotected by accident. Public routes never touch the session; others resolve it with the auth
 * service and attach the user to the request.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(SERVICES) private readonly services: ServiceClient,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.getAllAndOverride<Role | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rule === undefined) throw AppError.forbidden('This route has no access rule');
    if (rule === 'anonymous') return true;
    const req = context.switchToHttp().getRequest<RequestWithUser>();
    const token = readSessionToken(req);
    const user = token
      ? (await this.services.send<{ user: AuthUser | null }>(AUTH.resolveSession, { token })).user
      : null;
    if (!user) throw new AppError('unauthorized', MUST_LOGIN, 401);
    if (rule === 'superAdmin' && !user.isSuperAdmin)
      throw AppError.forbidden('Only a super admin can do this');
    req.user = user;
    return true;
  }
}
