import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a visit may continue after its tap: reloads and the hand-off into a wallet app's browser. */
export const CONTINUATION_TTL_S = 30 * 60;

/** version (1) ‖ counter (4, BE) ‖ expiry in unix seconds (4, BE) ‖ nonce (10) */
const PAYLOAD_BYTES = 19;
const MAC_BYTES = 16;
const VERSION = 1;
const ENCODED = /^[A-Za-z0-9_-]{47}$/;

/** What a continuation credential carries: the tap it continues and when it ends. */
export interface Continuation {
  /** The SUN read counter of the tap. */
  counter: number;
  /** Unix seconds. */
  expiresAt: number;
  /** Hex; each credential's own: what marks it used. */
  nonce: string;
}

/**
 * Continuation credentials (the `c` of `/tag/{id}?c=…`): carry a verified tap across a reload and into
 * a wallet app's in-app browser without the SUN message, which the tap consumed. A credential is 35
 * bytes (47 base64url characters, short enough for any deep link): the tap's counter, its expiry and a
 * random nonce, MACed (HMAC-SHA256, 128 bits kept) under a key of its own together with the chip id, so
 * it works for that chip only. It is stateless to issue (the scan path pays one HMAC); redeeming it
 * marks its nonce used (ContinuationService), which makes each credential good once.
 */
export class ContinuationCredentials {
  private readonly key: Buffer;

  constructor(secret: string) {
    // a key of its own: a continuation MAC can never be replayed as a scan-token signature
    this.key = createHmac('sha256', secret).update('metatag continuation credential v1').digest();
  }

  issue(chiplinkId: string, counter: number, expiresAt: number): string {
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    payload.writeUInt32BE(counter >>> 0, 1);
    payload.writeUInt32BE(expiresAt >>> 0, 5);
    randomBytes(10).copy(payload, 9);
    return Buffer.concat([payload, this.mac(chiplinkId, payload)]).toString('base64url');
  }

  /** The credential's content when it is genuine, for this chip and unexpired; undefined otherwise. */
  open(chiplinkId: string, credential: string, now: Date): Continuation | undefined {
    if (!ENCODED.test(credential)) return undefined;
    const bytes = Buffer.from(credential, 'base64url');
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return undefined;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    const given = bytes.subarray(PAYLOAD_BYTES);
    if (!timingSafeEqual(given, this.mac(chiplinkId, payload))) return undefined;
    if (payload.readUInt8(0) !== VERSION) return undefined;
    const expiresAt = payload.readUInt32BE(5);
    if (expiresAt <= now.getTime() / 1000) return undefined;
    return {
      counter: payload.readUInt32BE(1),
      expiresAt,
      nonce: payload.subarray(9).toString('hex'),
    };
  }

  private mac(chiplinkId: string, payload: Buffer): Buffer {
    return createHmac('sha256', this.key)
      .update(chiplinkId)
      .update('\0')
      .update(payload)
      .digest()
      .subarray(0, MAC_BYTES);
  }
}
