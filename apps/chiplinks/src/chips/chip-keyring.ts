import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { deriveChipKeys, type ChipKeys, type KeyScheme } from '@metatag/chips';
import type { CHIP_KEY_SCHEMES } from '../db/schema.js';

/** How many chips' derived keys stay in memory: a scan then costs no key derivation. */
const CACHE_LIMIT = 100_000;

// the database's list of schemes is `@metatag/chips`' list (the compiler checks both ways)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SCHEME_LISTS_AGREE: Same<(typeof CHIP_KEY_SCHEMES)[number], KeyScheme> = true;

/** What keys a chip row names: its scheme, its UID, its sealed keys if any. */
export interface ChipKeySource {
  id: string;
  uid: string;
  keyScheme: KeyScheme;
  keysSealed: string | null;
}

/**
 * Per-chip SUN keys: derived from CHIP_MASTER_KEY and the UID recorded at provisioning (`an10922`,
 * `legacy`), or per-chip keys stored sealed (AES-256-GCM under a key derived from the master key):
 * imported ones, and those derived at provisioning from a fleet's own sdm-backend master key (which
 * is never stored).
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

  /** Keys of a chip whose keys are diversified from the master key. */
  derive(uid: string, scheme: 'an10922' | 'legacy' = 'an10922'): ChipKeys {
    const cacheKey = `${scheme}:${uid}`;
    let keys = this.derived.get(cacheKey);
    if (!keys) {
      keys = deriveChipKeys(this.master, uid, scheme);
      if (this.derived.size >= CACHE_LIMIT) this.derived.delete(this.derived.keys().next().value as string);
      this.derived.set(cacheKey, keys);
    }
    return keys;
  }

  /** A chip's keys by its scheme; throws when sealed keys are missing, tampered with or moved. */
  keysOf(chip: ChipKeySource): ChipKeys {
    // a batch chip's keys come from its batch's own master: sealed with the chip whatever the scheme
    if (chip.keysSealed && (chip.keyScheme === 'an10922' || chip.keyScheme === 'legacy'))
      return this.open(chip.id, chip.keysSealed);
    if (chip.keyScheme === 'an10922' || chip.keyScheme === 'legacy')
      return this.derive(chip.uid, chip.keyScheme);
    if (!chip.keysSealed) throw new Error(`chip ${chip.id} has no sealed keys`);
    return this.open(chip.id, chip.keysSealed);
  }

  /** Per-chip keys → `iv.tag.body` (base64url); the chip's id is bound as associated data. */
  seal(chipId: string, keys: ChipKeys): string {
    return this.sealBytes(chipId, Buffer.concat([keys.metaReadKey, keys.fileReadKey]));
  }

  /** The sealed keys of a chip; throws when the record was tampered with or moved to another chip. */
  open(chipId: string, sealed: string): ChipKeys {
    const plain = this.openBytes(chipId, sealed);
    return { metaReadKey: plain.subarray(0, 16), fileReadKey: plain.subarray(16, 32) };
  }

  /** Any key material → `iv.tag.body` (base64url), `boundTo` as associated data (a chip id, a batch key's name). */
  sealBytes(boundTo: string, plain: Buffer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(boundTo, 'utf8'));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  /** What sealBytes sealed; throws when it was tampered with or bound to something else. */
  openBytes(boundTo: string, sealed: string): Buffer {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, iv);
    decipher.setAAD(Buffer.from(boundTo, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]);
  }
}
