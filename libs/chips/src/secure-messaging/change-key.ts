import { crc32nk } from './bytes.js';

/**
 * ChangeKey's command data after the key number (NT4H2421Gx section 10.6.1, AN12196 section 5.16):
 * the key that opened the session gets NewKey ‖ KeyVer; any other key (NewKey ⊕ OldKey) ‖ KeyVer ‖
 * CRC32NK(NewKey), so the chip can tell the caller knew the old key. Sent in CommMode.FULL with the key
 * number as the clear header.
 */
export function changeKeyData(
  keyNo: number,
  authKeyNo: number,
  newKey: Buffer,
  version: number,
  oldKey?: Buffer,
): Buffer {
  if (newKey.length !== 16) throw new Error('a key is 16 bytes');
  if (keyNo === authKeyNo) return Buffer.concat([newKey, Buffer.of(version)]);
  if (!oldKey || oldKey.length !== 16) throw new Error(`changing key ${keyNo} needs its old value`);
  const xored = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) xored[i] = newKey[i] ^ oldKey[i];
  return Buffer.concat([xored, Buffer.of(version), crc32nk(newKey)]);
}

/** The plain ChangeKey APDU (90 C4 00 00 Lc KeyNo ‖ data 00), to be wrapped in FULL with header 1. */
export function changeKeyApdu(
  keyNo: number,
  authKeyNo: number,
  newKey: Buffer,
  version: number,
  oldKey?: Buffer,
): Buffer {
  const data = Buffer.concat([Buffer.of(keyNo), changeKeyData(keyNo, authKeyNo, newKey, version, oldKey)]);
  return Buffer.concat([Buffer.of(0x90, 0xc4, 0, 0, data.length), data, Buffer.of(0)]);
}
