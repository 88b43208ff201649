import { SetMetadata } from '@nestjs/common';

export const ACCESS_RULE = 'metatag:access';

/**
 * Access rules of gateway routes (spec section 6). `admin` is any signed-in account, whether it
 * signed in with a wallet or a password; `superAdmin` additionally needs isSuperAdmin. Wallet users
 * without an account act through public routes whose handlers check a wallet signature.
 */
export type Role = 'anonymous' | 'admin' | 'superAdmin';

/** Marks a route anyone may call. Every route needs this or @Allow: the guard refuses routes with neither. */
export const Public = () => SetMetadata(ACCESS_RULE, 'anonymous' satisfies Role);

/** The least role a route requires. */
export const Allow = (role: Exclude<Role, 'anonymous'>) => SetMetadata(ACCESS_RULE, role);

export const AUTH_TOKEN_RULE = 'metatag:authtoken';

/** Route parameters a request must have for its `?authtoken` to count (e.g. `{ type: 'link' }`). */
export type AuthTokenParams = Record<string, string>;

/**
 * The mint flow's credential (spec section 7, `?authtoken`): on an `@Allow('admin')` route, a request
 * may sign in with its owner's shop access token instead of the session cookie, so a shop or script
 * drives the mint flow without a browser session. Only on the routes that carry this marker, and only
 * when the route parameters equal `params`. The token acts as its user but never as a super admin.
 */
export const AcceptAuthToken = (params: AuthTokenParams = {}) => SetMetadata(AUTH_TOKEN_RULE, params);
