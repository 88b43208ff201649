import { SetMetadata } from '@nestjs/common';

export const ACCESS_RULE = 'metatag:access';

/** The roles of spec section 6, from least to most privileged. */
export type Role = 'anonymous' | 'wallet' | 'admin' | 'superAdmin';

/** Marks a route anyone may call. Every route needs this or @Allow: the guard refuses routes with neither. */
export const Public = () => SetMetadata(ACCESS_RULE, 'anonymous' satisfies Role);

/** The least role a route requires. */
export const Allow = (role: Exclude<Role, 'anonymous'>) => SetMetadata(ACCESS_RULE, role);
