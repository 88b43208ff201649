/**
 * Web NFC (`NDEFReader`, Chrome on Android) as this page needs it: the few types the DOM library
 * does not declare yet, and a readable form of each NDEF record.
 */

export interface NdefRecordLike {
  recordType: string;
  mediaType?: string | null;
  id?: string | null;
  encoding?: string | null;
  lang?: string | null;
  data?: DataView | null;
}

export interface NdefReadingEvent extends Event {
  serialNumber?: string;
  message: { records: readonly NdefRecordLike[] };
}

export interface NdefReaderLike extends EventTarget {
  scan(options?: { signal?: AbortSignal }): Promise<void>;
  write(
    message: string | { records: { recordType: string; data: string }[] },
    options?: { overwrite?: boolean; signal?: AbortSignal },
  ): Promise<void>;
  onreading: ((event: NdefReadingEvent) => void) | null;
  onreadingerror: ((event: Event) => void) | null;
}

type NdefReaderConstructor = new () => NdefReaderLike;

/** The browser's NDEFReader, or null where Web NFC is missing (desktop, iOS, other browsers). */
export function ndefReaderClass(scope: object = globalThis): NdefReaderConstructor | null {
  const candidate = (scope as { NDEFReader?: unknown }).NDEFReader;
  return typeof candidate === 'function' ? (candidate as NdefReaderConstructor) : null;
}

export type RecordKind = 'url' | 'text' | 'mime' | 'raw';

/** One record as the page shows it. */
export interface ShownRecord {
  kind: RecordKind;
  /** The record type as the tag states it (url, absolute-url, text, mime, smart-poster, unknown…). */
  recordType: string;
  /** URL or text; for MIME its media type; for others empty. */
  value: string;
  mediaType: string | null;
  /** The payload as hex (MIME and raw records), at most 256 bytes shown. */
  hex: string;
  /** The payload length in bytes. */
  size: number;
}

const MAX_HEX_BYTES = 256;

function bytesOf(data: DataView | null | undefined): Uint8Array {
  return data ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array();
}

export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, MAX_HEX_BYTES), (b) => b.toString(16).padStart(2, '0')).join(' ');
}

/** A record made readable: Web NFC has already expanded URL prefixes and stripped text headers. */
export function describeRecord(record: NdefRecordLike): ShownRecord {
  const bytes = bytesOf(record.data);
  const base = { recordType: record.recordType, mediaType: record.mediaType ?? null, size: bytes.length };
  switch (record.recordType) {
    case 'url':
    case 'absolute-url':
      return { ...base, kind: 'url', value: new TextDecoder().decode(bytes), hex: '' };
    case 'text': {
      const encoding = record.encoding === 'utf-16' ? 'utf-16' : 'utf-8';
      return { ...base, kind: 'text', value: new TextDecoder(encoding).decode(bytes), hex: '' };
    }
    case 'mime':
      return { ...base, kind: 'mime', value: record.mediaType ?? '', hex: toHex(bytes) };
    default:
      return { ...base, kind: 'raw', value: '', hex: toHex(bytes) };
  }
}
