import { publicOrigins, type GatewayConfig } from '@metatag/config';
import { ADDRESS_PATTERN } from '@metatag/api-types';
import { isChainName, type ChainName } from '@metatag/contracts';
import type { Actor, AuthUser } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';

/** The chain path segment: an unknown chain is a JSON 404, like an unknown route. */
export function chainParam(chain: string): ChainName {
  if (!isChainName(chain)) throw AppError.notFound(`Unknown chain ${chain}`);
  return chain;
}

/** An address path segment, compared lower-cased (spec section 5). */
export function addressParam(value: string): string {
  const address = value.trim().toLowerCase();
  if (!ADDRESS_PATTERN.test(address)) throw new AppError('invalid_address', 'Invalid address', 400);
  return address;
}

/** A template id path segment; anything that is not one names no template. */
export function idParam(value: string, notFound: string): number {
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw AppError.notFound(notFound);
  return id;
}

export const actorOf = (user: AuthUser): Actor => ({ id: user.id, isSuperAdmin: user.isSuperAdmin });

/** Whose items a call is about: one's own, or (super admin only) the `?user=` one. */
export function targetUserId(requested: number | undefined, me: AuthUser): number {
  if (requested === undefined || requested === me.id) return me.id;
  if (!me.isSuperAdmin) throw AppError.forbidden('You can only manage your own items');
  return requested;
}

/**
 * The canonical public origin (first of PUBLIC_URL): every absolute URL we hand out (QR codes, token
 * metadata, a collection's tokenURI base, CSV exports). Never the Host header: those answers are cached
 * publicly and written on chain, and `Host: evil.example` must not point them elsewhere.
 */
export function canonicalOrigin(config: GatewayConfig): string {
  return publicOrigins(config)[0];
}
