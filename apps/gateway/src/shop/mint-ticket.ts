import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a mint ticket binds: the owner, the chain, the template, its QR link, the shop origin, the expiry. */
export interface MintTicket {
  /** The owner's user id (the shop token's user). */
  u: number;
  /** Chain. */
  c: string;
  /** Template id. */
  n: number;
  /** The QR link's id (a claim of that template). */
  l: string;
  /** The shop page's origin. */
  o: string;
  /** Expiry, seconds since the epoch. */
  e: number;
  /** The ticket's own random id: its spend is recorded under it (tickets made before #28's fix have none). */
  j?: string;
}

const PREFIX = 'mt1';

/**
 * `mt1.{payload}.{mac}`: base64url JSON, then HMAC-SHA256 under a key derived from SESSION_SECRET. The
 * payload is readable (the popup shows which link it mints) but only the gateway can make one.
 */
export class MintTicketCodec {
  private readonly key: Buffer;

  constructor(sessionSecret: string) {
    this.key = createHmac('sha256', sessionSecret).update('metatag mint ticket v1').digest();
  }

  sign(ticket: MintTicket): string {
    const payload = Buffer.from(JSON.stringify(ticket)).toString('base64url');
    return `${PREFIX}.${payload}.${this.mac(payload)}`;
  }

  /** The ticket, or undefined when forged, malformed or expired at `nowSeconds`. */
  verify(text: string, nowSeconds: number): MintTicket | undefined {
    const [prefix, payload, mac, ...rest] = text.split('.');
    if (prefix !== PREFIX || !payload || !mac || rest.length) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let ticket: MintTicket;
    try {
      ticket = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as MintTicket;
    } catch {
      return undefined;
    }
    if (typeof ticket.e !== 'number' || ticket.e <= nowSeconds) return undefined;
    return ticket;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(`${PREFIX}.${payload}`).digest('base64url');
  }
}
