import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** The header names of a redemption webhook (issue #32 item 5). */
export const SIGNATURE_HEADER = 'x-metatag-signature';
export const TIMESTAMP_HEADER = 'x-metatag-timestamp';
const TIMEOUT_MS = 5000;

/**
 * Each template's webhook key, derived from the gateway's SESSION_SECRET: no key to store or leak
 * separately, one per template (an owner sees only the keys of their own templates), and a new
 * SESSION_SECRET rotates every key.
 */
export function webhookSecret(sessionSecret: string, templateId: number): string {
  return hmacSha256Hex(sessionSecret, `metatag redemption webhook ${templateId}`);
}

/** HMAC-SHA256 (RFC 2104 over SHA-256), hex. */
export function hmacSha256Hex(key: string | Buffer, message: string | Buffer): string {
  return createHmac('sha256', key).update(message).digest('hex');
}

/** HMAC-SHA256 of `{timestamp}.{body}` (the receiver refuses old timestamps: no replay), as `sha256=<hex>`. */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${hmacSha256Hex(secret, `${timestamp}.${body}`)}`;
}

/** Loopback, private, link-local, CGNAT, unspecified and multicast ranges: never a shop's public endpoint. */
export function isPrivateAddress(address: string): boolean {
  if (isIP(address) === 6) {
    const a = address.toLowerCase();
    if (a === '::' || a === '::1') return true;
    if (a.startsWith('::ffff:')) return isPrivateAddress(a.slice(7));
    return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(a);
  }
  const [a = 0, b = 0] = address.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

/**
 * POSTs a signed JSON body to an https URL the template's owner typed. The owner chose the URL, so it
 * must not reach the platform's own network: its host must resolve to public addresses only (unless
 * `allowPrivate`, for local stacks), redirects are not followed, and the call gives up after 5 s.
 * Resolves true when the shop answered 2xx.
 */
export async function deliverWebhook(
  url: string,
  secret: string,
  payload: unknown,
  options: { allowPrivate: boolean; now: Date },
): Promise<boolean> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && !(options.allowPrivate && target.protocol === 'http:')) return false;
  if (!options.allowPrivate) {
    const host = target.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((r) => r.address);
    if (addresses.length === 0 || addresses.some(isPrivateAddress)) return false;
  }
  const body = JSON.stringify(payload);
  const timestamp = Math.floor(options.now.getTime() / 1000);
  const reply = await fetch(target, {
    method: 'POST',
    redirect: 'manual',
    signal: AbortSignal.timeout(TIMEOUT_MS),
    headers: {
      'content-type': 'application/json',
      [TIMESTAMP_HEADER]: String(timestamp),
      [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
    },
    body,
  });
  return reply.status >= 200 && reply.status < 300;
}
