import { isIP } from 'node:net';
import { z } from 'zod';

/** Express's own names for address ranges (proxy-addr): loopback, linklocal, uniquelocal. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a /prefix, or one of Express's range names. */
function isAddressOrRange(part: string): boolean {
  if (RANGE_NAMES.has(part)) return true;
  const [address = '', prefix, extra] = part.split('/');
  const family = isIP(address);
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may tell the gateway the client's address (X-Forwarded-For), as Express's `trust proxy`
 * takes it: `false` (none: the socket's peer is the client), `true` (every hop: only when nothing but
 * your proxy can reach the gateway), a hop count (the Nth address from the right is the client), or
 * addresses / CIDR ranges / range names whose forwarded-for entries are believed.
 */
export type TrustProxy = boolean | number | string[];

export const trustProxy = z
  .string()
  .trim()
  .default('loopback')
  .transform((value, ctx): TrustProxy => {
    if (value === 'true') return true;
    if (value === 'false') return false;
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 16) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be between 0 and 16' });
        return z.NEVER;
      }
      return hops;
    }
    const parts = value
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const bad = parts.find((p) => !isAddressOrRange(p));
    if (bad !== undefined || parts.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${bad ?? value} is not a hop count, true/false, an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`,
      });
      return z.NEVER;
    }
    return parts;
  })
  .describe(
    'Proxies whose X-Forwarded-For the gateway believes, for client addresses (throttles, scan places): a hop count (1 = one proxy such as the k8s Ingress in front), true/false, or a comma-separated list of IPs/CIDR ranges (loopback, linklocal, uniquelocal allowed)',
  );
