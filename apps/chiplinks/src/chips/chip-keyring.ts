import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { deriveChipKeys, type ChipKeys } from '@metatag/chips';

/** How many chips' derived keys stay in memory: a scan then costs no key derivation. */
const CACHE_LIMIT = 100_000;

/**
 * Per-chip SUN keys: diversified from CHIP_MASTER_KEY by the UID recorded at provisioning (AN10922),
 * or imported per chip and stored sealed (AES-256-GCM under a key derived from the master key).
 */
export class ChipKeyring {
  private readonly master: Buffer;
  private readonly sealKey: Buffer;
  private readonly derived = new Map<string, ChipKeys>();

  constructor(masterKeyHex: string) {
    this.master = Buffer.from(masterKeyHex, 'hex');
    if (this.master.length !== 16) throw new Error('CHIP_MASTER_KEY must be 16 bytes (32 hex digits)');
    // A separate key for sealing: the diversification master never encrypts stored data itself.
    this.sealKey = Buffer.from(hkdfSync('sha256', this.master, 'metatag', 'chip-keys-seal', 32));
  }

  /** Keys of a chip whose keys were diversified from the master key. */
  derive(uid: string): ChipKeys {
    let keys = this.derived.get(uid);
    if (!keys) {
      keys = deriveChipKeys(this.master, uid);
      if (this.derived.size >= CACHE_LIMIT) this.derived.delete(this.derived.keys().next().value as string);
      this.derived.set(uid, keys);
    }
    return keys;
  }

  /** Imported keys → `iv.tag.body` (base64url); the chip's id is bound as associated data. */
  seal(chipId: string, keys: ChipKeys): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(chipId, 'utf8'));
    const body = Buffer.concat([
      cipher.update(Buffer.concat([keys.metaReadKey, keys.fileReadKey])),
      cipher.final(),
    ]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  /** The imported keys of a chip; throws when the record was tampered with or moved to another chip. */
  open(chipId: string, sealed: string): ChipKeys {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, iv);
    decipher.setAAD(Buffer.from(chipId, 'utf8'));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(body), decipher.final()]);
    return { metaReadKey: plain.subarray(0, 16), fileReadKey: plain.subarray(16, 32) };
  }
}
