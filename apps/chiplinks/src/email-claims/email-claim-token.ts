import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * An email claim's one-time link token: `{id}.{secret}`. The id (96 bits) finds the row; the secret
 * (256 bits) proves the link, kept only as its SHA-256 and compared in constant time.
 */
export function newEmailClaimToken(): { id: string; secret: string; token: string; secretHash: string } {
  const id = randomBytes(12).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  return { id, secret, token: `${id}.${secret}`, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function parseEmailClaimToken(token: string): { id: string; secret: string } | undefined {
  const match = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { id: match[1], secret: match[2] } : undefined;
}

/** Constant time: a guess learns nothing from how long the comparison took. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** What the owner's list shows of an address: a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * The address's keyed hash (HMAC-SHA-256 with a server secret), for logs and the row: the address
 * itself is never logged nor kept, and without the key a list of addresses cannot be hashed to match.
 */
export function emailHash(email: string, key: string): string {
  return createHmac('sha256', key).update(email.trim().toLowerCase()).digest('hex');
}
