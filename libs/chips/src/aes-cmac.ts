import { createCipheriv } from 'node:crypto';

const BLOCK = 16;
const RB = 0x87;

/**
 * AES-128 in ECB mode over single blocks with one cipher context per key: creating a context costs
 * more than the block itself, and a CMAC needs the same key two or more times.
 */
function blockEncrypter(key: Buffer): (block: Buffer) => Buffer {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return (block) => cipher.update(block);
}

function shiftLeft(input: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i++) out[i] = ((input[i] << 1) | (i + 1 < BLOCK ? input[i + 1] >> 7 : 0)) & 0xff;
  return out;
}

/** Multiplication by x in GF(2^128) as CMAC defines it (NIST SP 800-38B): shift left, reduce by 0x87. */
export function doubleBlock(input: Buffer): Buffer {
  const out = shiftLeft(input);
  if (input[0] & 0x80) out[BLOCK - 1] ^= RB;
  return out;
}

function subkeys(encrypt: (block: Buffer) => Buffer): [Buffer, Buffer] {
  const k1 = doubleBlock(encrypt(Buffer.alloc(BLOCK)));
  return [k1, doubleBlock(k1)];
}

/** CMAC's subkeys of `key`: K0 = AES(key, 0^128) and K1, K2 (AN10922's example lists all three). */
export function cmacSubkeys(key: Buffer): { k0: Buffer; k1: Buffer; k2: Buffer } {
  const k0 = blockEncrypter(key)(Buffer.alloc(BLOCK));
  const k1 = doubleBlock(k0);
  return { k0, k1, k2: doubleBlock(k1) };
}

/** AES-128-ECB of one block under `key` (a fresh context: for keys used once). */
export function aesEncryptBlock(key: Buffer, block: Buffer): Buffer {
  return blockEncrypter(key)(block);
}

export { blockEncrypter };

/**
 * AES-128 CMAC (NIST SP 800-38B / RFC 4493) under one key, with the cipher context and subkeys made
 * once: a chip's SDM file-read key MACs every scan of that chip.
 */
export class AesCmac {
  private readonly encrypt: (block: Buffer) => Buffer;
  private readonly k1: Buffer;
  private readonly k2: Buffer;

  constructor(key: Buffer) {
    if (key.length !== BLOCK) throw new Error('AES-128 key must be 16 bytes');
    this.encrypt = blockEncrypter(key);
    [this.k1, this.k2] = subkeys(this.encrypt);
  }

  mac(message: Buffer): Buffer {
    const blocks = Math.max(1, Math.ceil(message.length / BLOCK));
    const complete = message.length > 0 && message.length % BLOCK === 0;
    const last = Buffer.alloc(BLOCK);
    message.copy(last, 0, (blocks - 1) * BLOCK);
    if (!complete) last[message.length - (blocks - 1) * BLOCK] = 0x80;
    const lastKey = complete ? this.k1 : this.k2;
    for (let i = 0; i < BLOCK; i++) last[i] ^= lastKey[i];

    let x: Buffer = Buffer.alloc(BLOCK);
    for (let b = 0; b < blocks - 1; b++) {
      const y = Buffer.alloc(BLOCK);
      for (let i = 0; i < BLOCK; i++) y[i] = x[i] ^ message[b * BLOCK + i];
      x = this.encrypt(y);
    }
    for (let i = 0; i < BLOCK; i++) last[i] ^= x[i];
    return this.encrypt(last);
  }
}

/** AES-128 CMAC (NIST SP 800-38B / RFC 4493), as NTAG 424 DNA and AN10922 use it. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  return new AesCmac(key).mac(message);
}
