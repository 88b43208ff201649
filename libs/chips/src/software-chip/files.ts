import { parseFileSettings, type ParsedFileSettings } from '../personalisation/sdm-settings.js';

/** One standard data file of the NDEF application (NT4H2421Gx section 8.2.2). */
export interface ChipFile {
  no: number;
  isoId: number;
  data: Buffer;
  /** as ChangeFileSettings carries them: FileOption ‖ AccessRights ‖ [SDM settings] */
  settings: Buffer;
  parsed: ParsedFileSettings;
}

function file(no: number, isoId: number, size: number, settings: string, content = ''): ChipFile {
  const data = Buffer.alloc(size);
  Buffer.from(content, 'hex').copy(data);
  const raw = Buffer.from(settings, 'hex');
  return { no, isoId, data, settings: raw, parsed: parseFileSettings(raw)! };
}

/** The files as NXP delivers the chip (NT4H2421Gx section 8.2.2, Table 7). */
export function factoryFiles(): ChipFile[] {
  return [
    // capability container: read free, write key 0
    file(1, 0xe103, 32, '0000e0', '001720010000ff0406e10401000000000506e10500800082830000000000000000'),
    // NDEF file: read and write free (E), read-write free, change with key 0: AccessRights E0 EE
    file(2, 0xe104, 256, '00e0ee'),
    // proprietary file: CommMode.FULL, read key 2, write key 3, read-write key 3, change key 0
    file(3, 0xe105, 128, '033023'),
  ];
}

/** The four access conditions of a file: nibbles of AccessRights (RW, Change, Read, Write). */
export function accessRights(f: ChipFile): { rw: number; change: number; read: number; write: number } {
  const [a, b] = f.parsed.accessRights;
  return { rw: a >> 4, change: a & 0x0f, read: b >> 4, write: b & 0x0f };
}

/** GetFileSettings' answer: FileType 00 ‖ FileOption ‖ AccessRights ‖ FileSize (3, LE) ‖ SDM part. */
export function fileSettingsReply(f: ChipFile): Buffer {
  const size = Buffer.alloc(3);
  size.writeUIntLE(f.data.length, 0, 3);
  return Buffer.concat([Buffer.of(0x00), f.settings.subarray(0, 3), size, f.settings.subarray(3)]);
}

/** Whether SDM settings fit the file (every mirror inside it, the MAC input before the MAC). */
export function sdmFits(f: ChipFile, parsed: ParsedFileSettings, lrp: boolean): boolean {
  const sdm = parsed.sdm;
  if (!sdm) return true;
  const inside = (offset: number | undefined, length: number) =>
    offset === undefined || offset + length <= f.data.length;
  if (sdm.fileRead !== 0xf && (sdm.macOffset === undefined || sdm.macInputOffset! > sdm.macOffset))
    return false;
  if (
    sdm.encOffset !== undefined &&
    (sdm.encLength! % 32 !== 0 ||
      sdm.encOffset < sdm.macInputOffset! ||
      sdm.encOffset + sdm.encLength! > sdm.macOffset!)
  )
    return false;
  return (
    inside(sdm.uidOffset, 14) &&
    inside(sdm.readCtrOffset, 6) &&
    inside(sdm.piccDataOffset, lrp ? 48 : 32) &&
    inside(sdm.ttStatusOffset, 2) &&
    inside(sdm.encOffset, sdm.encLength ?? 0) &&
    inside(sdm.macOffset, 16)
  );
}
