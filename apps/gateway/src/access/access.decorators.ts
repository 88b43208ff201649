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
