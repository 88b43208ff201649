import { simulateMac, simulateSunParts, type SunParts } from '../sun.js';
import type { ChipFile } from './files.js';

/** TagTamper status letters a TT chip mirrors: permanent then current; C closed, O open. */
export type TamperStatus = `${'C' | 'O'}${'C' | 'O'}`;

/**
 * What the chip puts into its NDEF file on a read with SDM on (NT4H2421Gx section 9.3): the
 * placeholders overwritten with UID/counter or the encrypted PICC data, the encrypted file data, the
 * TagTamper status, then the MAC over the (mirrored) bytes from SDMMACInputOffset up to SDMMACOffset.
 * Hex is upper-case ASCII, as chips write it.
 */
export function mirror(
  f: ChipFile,
  chip: { uid: string; readCounter: number; lrp: boolean; keys: Buffer[]; tamper: TamperStatus },
): Buffer {
  const sdm = f.parsed.sdm;
  const data = Buffer.from(f.data);
  if (!sdm) return data;
  const put = (offset: number | undefined, text: string) => {
    if (offset !== undefined) data.write(text, offset, 'ascii');
  };
  const hex = (b: Buffer) => b.toString('hex').toUpperCase();
  const keyOf = (n: number) => chip.keys[n] ?? Buffer.alloc(16);
  const keys = { metaReadKey: keyOf(sdm.metaRead), fileReadKey: keyOf(sdm.fileRead) };
  const mode = sdm.metaRead === 0xe ? 'plain' : chip.lrp ? 'lrp' : 'aes';
  const fileData =
    sdm.encOffset !== undefined
      ? Buffer.from(f.data.subarray(sdm.encOffset, sdm.encOffset + sdm.encLength! / 2))
      : undefined;
  const parts: SunParts = simulateSunParts(keys, {
    uid: chip.uid,
    readCounter: chip.readCounter,
    mode,
    fileData,
  });
  if (mode === 'plain') {
    put(sdm.uidOffset, chip.uid);
    put(sdm.readCtrOffset, chip.readCounter.toString(16).toUpperCase().padStart(6, '0'));
  } else {
    put(sdm.piccDataOffset, hex(parts.piccEnc!));
    if (parts.encFileData) put(sdm.encOffset, hex(parts.encFileData));
  }
  put(sdm.ttStatusOffset, chip.tamper);
  if (sdm.fileRead !== 0xf && sdm.macOffset !== undefined) {
    const input = data.subarray(sdm.macInputOffset!, sdm.macOffset);
    put(sdm.macOffset, hex(simulateMac(keys, parts, Buffer.from(input), chip.lrp ? 'lrp' : 'aes')));
  }
  return data;
}
