import { aesEncryptBlock, doubleBlock } from './aes-cmac.js';
import { aesInto, aesOnce, aesTwice } from './aes-once.js';
import { createDecipheriv } from 'node:crypto';

const BLOCK = 16;
const P_SEED = Buffer.alloc(BLOCK, 0x55);
const K_SEED = Buffer.alloc(BLOCK, 0xaa);
const ZERO = Buffer.alloc(BLOCK);

/**
 * The Leakage Resilient Primitive of NXP AN12304 with its parameters for NTAG 424 DNA (m = 4: sixteen
 * plaintexts, one nibble per step; q = 4 updated keys), and what SUN messages in LRP mode use of it:
 * EvalLRP, LRICB encryption and CMAC_LRP. The key given to the constructor is used in node:crypto
 * (OpenSSL) only; every derived key (each step of EvalLRP keys AES with the previous step's output, and
 * the plaintexts and updated keys come from chains of such keys) goes through aes-once.ts, made for keys
 * that encrypt one or two fixed blocks (an OpenSSL context per step cost ~160 contexts per LRP tap).
 */
export class Lrp {
  /** P_0..P_15 (AN12304 Algorithm 1). */
  readonly plaintexts: Buffer[];
  /** k'_0..k'_3 (AN12304 Algorithm 2). */
  readonly updatedKeys: Buffer[];
  private readonly subkeyCache = new Map<number, [Buffer, Buffer]>();
  /**
   * EvalLRP's first step under updated key k for each first nibble (AES(k'_k, P_n)), made when first
   * needed: the updated keys are the only derived keys used on many inputs, so each of their 16
   * possible blocks is encrypted once per context (a chip's contexts live as long as its keys).
   */
  private readonly firstSteps: (Buffer | undefined)[][] = [[], [], [], []];

  constructor(key: Buffer) {
    if (key.length !== BLOCK) throw new Error('LRP key must be 16 bytes');
    this.plaintexts = [];
    let h = aesEncryptBlock(key, P_SEED);
    for (let i = 0; i < 16; i++) {
      const [plaintext, next] = aesTwice(h, K_SEED, P_SEED);
      this.plaintexts.push(plaintext);
      h = next;
    }
    this.updatedKeys = [];
    h = aesEncryptBlock(key, K_SEED);
    for (let i = 0; i < 4; i++) {
      const [updatedKey, next] = aesTwice(h, K_SEED, P_SEED);
      this.updatedKeys.push(updatedKey);
      h = next;
    }
  }

  /**
   * EvalLRP (AN12304 Algorithm 3): `x` as a string of hex nibbles (most significant first) or bytes;
   * `final` adds the closing encryption of the zero block.
   */
  eval(updatedKey: number, x: Buffer | string, final: boolean): Buffer {
    const count = typeof x === 'string' ? x.length : x.length * 2;
    const nibble = (i: number) =>
      typeof x === 'string' ? parseInt(x[i], 16) : i % 2 === 0 ? x[i >> 1] >> 4 : x[i >> 1] & 0x0f;
    if (count === 0)
      return final ? aesOnce(this.updatedKeys[updatedKey], ZERO) : this.updatedKeys[updatedKey];
    // one buffer for the whole chain: each step's key is the previous step's output
    const y = Buffer.from(this.firstStep(updatedKey, nibble(0)));
    for (let i = 1; i < count; i++) aesInto(y, this.plaintexts[nibble(i)], y);
    return final ? aesInto(y, ZERO, y) : y;
  }

  private firstStep(updatedKey: number, nibble: number): Buffer {
    const steps = this.firstSteps[updatedKey];
    return (steps[nibble] ??= aesOnce(this.updatedKeys[updatedKey], this.plaintexts[nibble]));
  }

  /** LRICB encryption (AN12304 Algorithm 4) of whole blocks, counter `counter` (big-endian, wraps). */
  encrypt(updatedKey: number, counter: Buffer, data: Buffer, pad = false): Buffer {
    const input = pad ? padded(data) : data;
    if (input.length === 0 || input.length % BLOCK !== 0) throw new Error('LRICB needs whole blocks');
    const out = Buffer.alloc(input.length);
    let ctr: Buffer = Buffer.from(counter);
    for (let at = 0; at < input.length; at += BLOCK) {
      aesOnce(this.eval(updatedKey, ctr, true), input.subarray(at, at + BLOCK)).copy(out, at);
      ctr = increment(ctr);
    }
    return out;
  }

  /** LRICB decryption (AN12304 Algorithm 5); `pad` strips the 80 00.. padding. */
  decrypt(updatedKey: number, counter: Buffer, data: Buffer, pad = false): Buffer {
    if (data.length === 0 || data.length % BLOCK !== 0) throw new Error('LRICB needs whole blocks');
    const out = Buffer.alloc(data.length);
    let ctr: Buffer = Buffer.from(counter);
    for (let at = 0; at < data.length; at += BLOCK) {
      const decipher = createDecipheriv('aes-128-ecb', this.eval(updatedKey, ctr, true), null);
      decipher.setAutoPadding(false);
      decipher.update(data.subarray(at, at + BLOCK)).copy(out, at);
      ctr = increment(ctr);
    }
    return pad ? unpadded(out) : out;
  }

  /** CMAC_LRP (AN12304 section 3.3): CMAC with EvalLRP as the block function, K1 = 2·K0, K2 = 4·K0. */
  cmac(message: Buffer, updatedKey = 0): Buffer {
    const [k1, k2] = this.subkeys(updatedKey);
    const blocks = Math.max(1, Math.ceil(message.length / BLOCK));
    const complete = message.length > 0 && message.length % BLOCK === 0;
    let y: Buffer = Buffer.alloc(BLOCK);
    for (let b = 0; b < blocks - 1; b++) {
      for (let i = 0; i < BLOCK; i++) y[i] ^= message[b * BLOCK + i];
      y = this.eval(updatedKey, y, true);
    }
    const last = Buffer.alloc(BLOCK);
    message.copy(last, 0, (blocks - 1) * BLOCK);
    if (!complete) last[message.length - (blocks - 1) * BLOCK] = 0x80;
    const lastKey = complete ? k1 : k2;
    for (let i = 0; i < BLOCK; i++) last[i] ^= y[i] ^ lastKey[i];
    return this.eval(updatedKey, last, true);
  }

  /** CMAC_LRP's subkeys: K0 = EvalLRP(0^128, final), K1 = K0·x, K2 = K0·x² (GF(2^128) as in CMAC). */
  subkeys(updatedKey = 0): [Buffer, Buffer] {
    let found = this.subkeyCache.get(updatedKey);
    if (!found) {
      const k1 = doubleBlock(this.eval(updatedKey, ZERO, true));
      found = [k1, doubleBlock(k1)];
      this.subkeyCache.set(updatedKey, found);
    }
    return found;
  }
}

function padded(data: Buffer): Buffer {
  const out = Buffer.alloc((Math.floor(data.length / BLOCK) + 1) * BLOCK);
  data.copy(out);
  out[data.length] = 0x80;
  return out;
}

function unpadded(data: Buffer): Buffer {
  let end = data.length - 1;
  while (end >= 0 && data[end] === 0) end--;
  if (end < 0 || data[end] !== 0x80) throw new Error('invalid padding');
  return data.subarray(0, end);
}

/** The LRICB counter: big-endian, back to zero after its largest value. */
function increment(counter: Buffer): Buffer {
  const out = Buffer.from(counter);
  for (let i = out.length - 1; i >= 0; i--) {
    out[i] = (out[i] + 1) & 0xff;
    if (out[i] !== 0) break;
  }
  return out;
}
