import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Who a token is for (its `aud` claim). `scan`: the mint/claim credential of the visit, which never
 * leaves our page; `utility`: the proof of a genuine tap handed to the template's utility URL, which
 * mints, claims and locks nothing.
 */
export type TokenAudience = 'scan' | 'utility';

/** What a token proves: chip `sub` was read with counter `ctr` at `iat`, until `exp` (unix seconds). */
export interface ScanClaims {
  sub: string;
  ctr: number;
  iat: number;
  exp: number;
  aud: TokenAudience;
  /** Utility tokens: the TagTamper letters the tap mirrored (issue #26), absent without. */
  tt?: string;
  /** Utility tokens: the tap's decrypted file data (hex), absent without. */
  fd?: string;
}

/** What a utility token carries of the tap beyond the chip and counter (signed with the rest). */
export interface TapExtras {
  tt?: string | null;
  fd?: string | null;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/**
 * The short-lived tokens of an accepted tap, HS256 JWTs: the scan token (`aud: scan`) that later calls
 * of the same visit present instead of the SUN message, and the utility token (`aud: utility`, the
 * spec's `jwt` for the utility URL). The audience is inside the signed claims and every check names
 * the audience it wants, so one can never stand in for the other. Only HS256 with our header is
 * accepted, so no `alg: none` or key-confusion trick applies; the signature is compared in constant
 * time.
 */
export class ScanTokens {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = Buffer.from(secret, 'utf8');
  }

  sign(
    chiplinkId: string,
    counter: number,
    now: Date,
    aud: TokenAudience = 'scan',
    extras: TapExtras = {},
  ): string {
    const iat = Math.floor(now.getTime() / 1000);
    const claims: ScanClaims = { sub: chiplinkId, ctr: counter, iat, exp: iat + this.ttlSeconds, aud };
    if (extras.tt) claims.tt = extras.tt;
    if (extras.fd) claims.fd = extras.fd;
    const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
    return `${body}.${this.mac(body).toString('base64url')}`;
  }

  /** The claims of a genuine, unexpired token for `aud`; undefined for anything else. */
  verify(token: string, now: Date, aud: TokenAudience = 'scan'): ScanClaims | undefined {
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
    const given = Buffer.from(parts[2], 'base64url');
    const expected = this.mac(`${parts[0]}.${parts[1]}`);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isClaims(claims) || claims.aud !== aud) return undefined;
    return claims.exp > now.getTime() / 1000 ? claims : undefined;
  }

  private mac(data: string): Buffer {
    return createHmac('sha256', this.key).update(data).digest();
  }
}

function isClaims(value: unknown): value is ScanClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.sub === 'string' &&
    Number.isInteger(v.ctr) &&
    Number.isInteger(v.iat) &&
    Number.isInteger(v.exp) &&
    (v.aud === 'scan' || v.aud === 'utility') &&
    (v.tt === undefined || typeof v.tt === 'string') &&
    (v.fd === undefined || typeof v.fd === 'string')
  );
}
