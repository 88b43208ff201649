/**
 * The NDEF file of an NTAG 424 DNA (file 02, 256 bytes): NLEN (2 bytes, big-endian) then one short
 * NDEF record of type 'U' (NFC Forum URI RTD): D1 01 <payload length> 55 <URI identifier code> <URL text>.
 * The identifier code abbreviates the URL's start; offsets into the file count from NLEN's first byte.
 */
export const NDEF_FILE_SIZE = 256;
/** File bytes before the URL text: NLEN(2) D1 01 len 55 code. */
export const URL_TEXT_OFFSET = 7;

/** URI identifier codes of the prefixes a tap URL starts with (NFC Forum URI RTD, Table 3). */
const URI_PREFIXES: [number, string][] = [
  [0x02, 'https://www.'],
  [0x01, 'http://www.'],
  [0x04, 'https://'],
  [0x03, 'http://'],
];

/** The identifier code and the rest of `url` (code 00 keeps the URL whole). */
export function uriPrefix(url: string): { code: number; text: string } {
  for (const [code, prefix] of URI_PREFIXES)
    if (url.startsWith(prefix)) return { code, text: url.slice(prefix.length) };
  return { code: 0, text: url };
}

/** The NDEF file bytes for `url` (ASCII only, as a chip mirrors into it). */
export function ndefFile(url: string): Buffer {
  if (!/^[\x20-\x7e]*$/.test(url))
    throw new Error('the URL must be printable ASCII (percent-encode the rest)');
  const { code, text } = uriPrefix(url);
  const payload = Buffer.concat([Buffer.of(code), Buffer.from(text, 'ascii')]);
  if (payload.length > 255) throw new Error('the URL is too long for a short NDEF record');
  const message = Buffer.concat([Buffer.of(0xd1, 0x01, payload.length, 0x55), payload]);
  const file = Buffer.concat([Buffer.of(message.length >> 8, message.length & 0xff), message]);
  if (file.length > NDEF_FILE_SIZE)
    throw new Error(`the NDEF file would be ${file.length} bytes (at most ${NDEF_FILE_SIZE})`);
  return file;
}

/** The URL an NDEF file carries, or undefined when it holds no URI record this module writes. */
export function urlOfNdef(file: Buffer): string | undefined {
  if (file.length < URL_TEXT_OFFSET) return undefined;
  const length = file.readUInt16BE(0);
  if (
    file[2] !== 0xd1 ||
    file[3] !== 0x01 ||
    file[5] !== 0x55 ||
    length !== file[4] + 4 ||
    file.length < 2 + length
  )
    return undefined;
  const code = file[6];
  const prefix = URI_PREFIXES.find(([c]) => c === code)?.[1] ?? (code === 0 ? '' : undefined);
  if (prefix === undefined) return undefined;
  return prefix + file.subarray(URL_TEXT_OFFSET, 2 + length).toString('ascii');
}
