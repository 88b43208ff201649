import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AUTH, type AuthUser } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { ACCESS_RULE, AUTH_TOKEN_RULE, type AuthTokenParams, type Role } from './access.decorators.js';
import { readSessionToken } from '../auth/session-cookie.js';
import type { RequestWithUser } from '../auth/current-user.js';
import { SERVICES } from '../tokens.js';

export const MUST_LOGIN = 'You must login for this page';
export const INVALID_AUTH_TOKEN = 'Invalid authtoken';

/** `?authtoken=` once, as a string; anything else (absent, empty, repeated) is no token. */
function authTokenOf(req: RequestWithUser): string | undefined {
  const value = (req.query as Record<string, unknown> | undefined)?.authtoken;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * Global guard: fails closed. A route without an access rule is refused, so a new route cannot ship
 * unprotected by accident. Public routes never touch the session; others resolve it with the auth
 * service and attach the user to the request. Routes marked `@AcceptAuthToken` take a `?authtoken`
 * (the user's shop access token) instead: when one is sent it is the credential, right or wrong.
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
    const tokenParams = this.reflector.get<AuthTokenParams | undefined>(
      AUTH_TOKEN_RULE,
      context.getHandler(),
    );
    const authToken = authTokenOf(req);
    if (rule === 'admin' && tokenParams && authToken && this.paramsMatch(req, tokenParams)) {
      req.user = await this.shopTokenUser(authToken);
      return true;
    }
    const token = readSessionToken(req);
    const user = token ? (await this.services.send(AUTH.resolveSession, { token })).user : null;
    if (!user) throw new AppError('unauthorized', MUST_LOGIN, 401);
    if (rule === 'superAdmin' && !user.isSuperAdmin)
      throw AppError.forbidden('Only a super admin can do this');
    req.user = user;
    return true;
  }

  private paramsMatch(req: RequestWithUser, params: AuthTokenParams): boolean {
    return Object.entries(params).every(([name, value]) => req.params?.[name] === value);
  }

  /**
   * The auth service looks the token up by its SHA-256 digest, so no comparison ever runs over the
   * token's own bytes (nothing to learn from timing). The token is a webhook credential: it acts as
   * its user, never with super-admin reach.
   */
  private async shopTokenUser(token: string): Promise<AuthUser> {
    if (token.length > 200) throw new AppError('unauthorized', INVALID_AUTH_TOKEN, 401);
    const { user } = await this.services.send(AUTH.findByShopToken, { token });
    if (!user) throw new AppError('unauthorized', INVALID_AUTH_TOKEN, 401);
    return { ...user, isSuperAdmin: false };
  }
}
