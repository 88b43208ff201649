/**
 * AES-128 encryption of ONE block under a key used for that block (or two) only: the inner step of
 * LRP's EvalLRP (AN12304 Algorithm 3), which keys AES with the previous step's output for every nibble
 * of its input. Through node:crypto each such step builds an OpenSSL cipher context (~4.5 µs here,
 * ~160 per LRP tap: 0.73 ms of CPU per scan); this JS implementation expands the key and encrypts in
 * well under a microsecond.
 *
 * It is table-driven (FIPS 197's round as four 1 KB lookup tables), so its memory accesses depend on
 * key and data, which OpenSSL's AES-NI path avoids. Where it is used that is LRP's own premise:
 * the primitive is built for block ciphers that leak, by using every derived key on at most a few
 * fixed plaintexts (P_0..P_15, the seeds). Long-lived keys (a chip's SDM keys) never go through here:
 * their encryptions stay in OpenSSL (lrp.ts), and the per-chip first EvalLRP step, the only fixed key
 * used on many inputs, is computed once per chip and kept.
 * Checked against node:crypto on random keys and blocks (aes-once.spec.ts) and, through LRP, against
 * AN12304's vectors (sun.spec.ts, independent.int-spec.ts).
 */

const SBOX = new Uint8Array(256);
const TE0 = new Uint32Array(256);
const TE1 = new Uint32Array(256);
const TE2 = new Uint32Array(256);
const TE3 = new Uint32Array(256);
const RCON = [0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36];

const rotl8 = (x: number, shift: number) => ((x << shift) | (x >>> (8 - shift))) & 0xff;
const xtime = (x: number) => ((x << 1) ^ (x & 0x80 ? 0x1b : 0)) & 0xff;

// the S-box from its definition (multiplicative inverse in GF(2^8), then the affine map): p walks the
// field by multiplying by 3, q by dividing by 3, so q = p⁻¹ at every step
{
  let p = 1;
  let q = 1;
  do {
    p = p ^ xtime(p);
    q ^= q << 1;
    q ^= q << 2;
    q ^= q << 4;
    q &= 0xff;
    if (q & 0x80) q ^= 0x09;
    SBOX[p] = (q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63) & 0xff;
  } while (p !== 1);
  SBOX[0] = 0x63;
  for (let x = 0; x < 256; x++) {
    const s = SBOX[x];
    const s2 = xtime(s);
    const word = ((s2 << 24) | (s << 16) | (s << 8) | (s2 ^ s)) >>> 0;
    TE0[x] = word;
    TE1[x] = ((word >>> 8) | (word << 24)) >>> 0;
    TE2[x] = ((word >>> 16) | (word << 16)) >>> 0;
    TE3[x] = ((word >>> 24) | (word << 8)) >>> 0;
  }
}

/** Round keys of the last expansion (synchronous use only: nothing awaits between expand and encrypt). */
const rk = new Uint32Array(44);

const word = (b: Uint8Array, at: number) =>
  ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

function expand(key: Uint8Array): void {
  for (let i = 0; i < 4; i++) rk[i] = word(key, i * 4);
  for (let i = 4; i < 44; i++) {
    let t = rk[i - 1];
    if (i % 4 === 0) {
      t =
        ((SBOX[(t >>> 16) & 0xff] << 24) |
          (SBOX[(t >>> 8) & 0xff] << 16) |
          (SBOX[t & 0xff] << 8) |
          SBOX[t >>> 24]) ^
        (RCON[i / 4 - 1] << 24);
    }
    rk[i] = (rk[i - 4] ^ t) >>> 0;
  }
}

function encryptExpanded(block: Uint8Array, out: Buffer): Buffer {
  let s0 = word(block, 0) ^ rk[0];
  let s1 = word(block, 4) ^ rk[1];
  let s2 = word(block, 8) ^ rk[2];
  let s3 = word(block, 12) ^ rk[3];
  for (let r = 1; r < 10; r++) {
    const k = r * 4;
    const t0 = TE0[s0 >>> 24] ^ TE1[(s1 >>> 16) & 0xff] ^ TE2[(s2 >>> 8) & 0xff] ^ TE3[s3 & 0xff] ^ rk[k];
    const t1 = TE0[s1 >>> 24] ^ TE1[(s2 >>> 16) & 0xff] ^ TE2[(s3 >>> 8) & 0xff] ^ TE3[s0 & 0xff] ^ rk[k + 1];
    const t2 = TE0[s2 >>> 24] ^ TE1[(s3 >>> 16) & 0xff] ^ TE2[(s0 >>> 8) & 0xff] ^ TE3[s1 & 0xff] ^ rk[k + 2];
    const t3 = TE0[s3 >>> 24] ^ TE1[(s0 >>> 16) & 0xff] ^ TE2[(s1 >>> 8) & 0xff] ^ TE3[s2 & 0xff] ^ rk[k + 3];
    s0 = t0;
    s1 = t1;
    s2 = t2;
    s3 = t3;
  }
  const last = (a: number, b: number, c: number, d: number, k: number, at: number) => {
    const w = rk[k];
    out[at] = SBOX[a >>> 24] ^ (w >>> 24);
    out[at + 1] = SBOX[(b >>> 16) & 0xff] ^ ((w >>> 16) & 0xff);
    out[at + 2] = SBOX[(c >>> 8) & 0xff] ^ ((w >>> 8) & 0xff);
    out[at + 3] = SBOX[d & 0xff] ^ (w & 0xff);
  };
  last(s0, s1, s2, s3, 40, 0);
  last(s1, s2, s3, s0, 41, 4);
  last(s2, s3, s0, s1, 42, 8);
  last(s3, s0, s1, s2, 43, 12);
  return out;
}

/** AES-128 of one 16-byte block under a 16-byte key, into a new buffer. */
export function aesOnce(key: Uint8Array, block: Uint8Array): Buffer {
  expand(key);
  return encryptExpanded(block, Buffer.allocUnsafe(16));
}

/** AES-128 of one block into `out`, which may be `key` or `block` itself (both are read first). */
export function aesInto(key: Uint8Array, block: Uint8Array, out: Buffer): Buffer {
  expand(key);
  return encryptExpanded(block, out);
}

/** AES-128 of two blocks under one key (LRP's plaintext and key generation use each key twice). */
export function aesTwice(key: Uint8Array, a: Uint8Array, b: Uint8Array): [Buffer, Buffer] {
  expand(key);
  return [encryptExpanded(a, Buffer.allocUnsafe(16)), encryptExpanded(b, Buffer.allocUnsafe(16))];
}
