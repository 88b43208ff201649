import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@metatag/nest-kit';
import { ACCESS_RULE, type Role } from './access.decorators.js';

/**
 * Global guard: fails closed. A route without an access rule is refused, so a new route cannot
 * ship unprotected by accident. Session-based roles arrive with the accounts feature; until then
 * only public routes can pass.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = this.reflector.getAllAndOverride<Role | undefined>(ACCESS_RULE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (rule === undefined) throw AppError.forbidden('This route has no access rule');
    if (rule === 'anonymous') return true;
    throw new AppError('unauthorized', 'You must login for this page', 401);
  }
}
