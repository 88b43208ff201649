import { aesCmac } from './aes-cmac.js';
import type { ChipKeys } from './sun.js';

/** Key numbers of the NTAG 424 DNA application keys MetaTag provisions for SUN. */
export const KEY_NUMBERS = { metaRead: 1, fileRead: 2 } as const;
const SYSTEM_IDENTIFIER = Buffer.from('MetaTag', 'ascii');

/**
 * AES-128 key diversification of NXP AN10922 (section 2.2): CMAC(master, 0x01 || M) where the CMAC
 * padding (80 00.., subkey K2) is exactly the note's padding of M shorter than 31 bytes.
 * M = UID (7) || key number (1) || system identifier ("MetaTag").
 */
export function diversifyKey(masterKey: Buffer, uid: string, keyNumber: number): Buffer {
  if (masterKey.length !== 16) throw new Error('master key must be 16 bytes');
  if (!/^[0-9A-Fa-f]{14}$/.test(uid)) throw new Error('UID must be 7 bytes (14 hex digits)');
  const m = Buffer.concat([Buffer.from(uid, 'hex'), Buffer.from([keyNumber]), SYSTEM_IDENTIFIER]);
  return aesCmac(masterKey, Buffer.concat([Buffer.from([0x01]), m]));
}

/** Both SDM keys of one chip, from the master key and the chip's UID. */
export function deriveChipKeys(masterKey: Buffer, uid: string): ChipKeys {
  return {
    metaReadKey: diversifyKey(masterKey, uid, KEY_NUMBERS.metaRead),
    fileReadKey: diversifyKey(masterKey, uid, KEY_NUMBERS.fileRead),
  };
}
