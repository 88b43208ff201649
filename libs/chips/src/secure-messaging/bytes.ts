import { createCipheriv, createDecipheriv } from 'node:crypto';

/** Upper-case hex, as the NXP notes print bytes. */
export const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex').toUpperCase();

/** Hex (any case, spaces allowed) to bytes; throws on anything else. */
export function fromHex(text: string, what = 'hex'): Buffer {
  const clean = text.replace(/\s+/g, '');
  if (!/^([0-9a-fA-F]{2})*$/.test(clean)) throw new Error(`${what} is not hex`);
  return Buffer.from(clean, 'hex');
}

/** Rotate left by one byte (RndA', RndB' of the authentications). */
export const rotateLeft = (bytes: Buffer): Buffer => Buffer.concat([bytes.subarray(1), bytes.subarray(0, 1)]);

/** MACt: the odd-indexed bytes of a 16-byte MAC (AN12196 section 3.1.2, "truncated MAC"). */
export function truncateMac(mac: Buffer): Buffer {
  const out = Buffer.alloc(8);
  for (let i = 0; i < 8; i++) out[i] = mac[2 * i + 1];
  return out;
}

/** ISO/IEC 9797-1 padding method 2 (80 00..): always adds at least one byte. */
export function pad(data: Buffer): Buffer {
  const out = Buffer.alloc((Math.floor(data.length / 16) + 1) * 16);
  data.copy(out);
  out[data.length] = 0x80;
  return out;
}

/** Removes 80 00.. padding; undefined when it is not there. */
export function unpad(data: Buffer): Buffer | undefined {
  let end = data.length - 1;
  while (end >= 0 && data[end] === 0) end--;
  return end >= 0 && data[end] === 0x80 && data.length - end <= 16 ? data.subarray(0, end) : undefined;
}

/** AES-128-CBC without padding (whole blocks), encrypting or decrypting. */
export function aesCbc(key: Buffer, iv: Buffer, data: Buffer, decrypt = false): Buffer {
  const cipher = decrypt ? createDecipheriv('aes-128-cbc', key, iv) : createCipheriv('aes-128-cbc', key, iv);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

export const ZERO_IV = Buffer.alloc(16);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * CRC32NK of ChangeKey (NT4H2421Gx section 10.6.1, AN12196 section 6.16): the IEEE 802.3 CRC32
 * polynomial, initial value FFFFFFFF, without the final complement (JAMCRC), appended little-endian.
 */
export function crc32nk(data: Buffer): Buffer {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const out = Buffer.alloc(4);
  out.writeUInt32LE(crc >>> 0);
  return out;
}

/**
 * The session vector's dynamic part both authentications share (AN12196 section 4.4, AN12321
 * section 3): RndA[15..14] ‖ (RndA[13..8] ⊕ RndB[15..10]) ‖ RndB[9..0] ‖ RndA[7..0], byte 15 first.
 */
export function sessionContext(rndA: Buffer, rndB: Buffer): Buffer {
  const mixed = Buffer.alloc(6);
  for (let i = 0; i < 6; i++) mixed[i] = rndA[2 + i] ^ rndB[i];
  return Buffer.concat([rndA.subarray(0, 2), mixed, rndB.subarray(6, 16), rndA.subarray(8, 16)]);
}
