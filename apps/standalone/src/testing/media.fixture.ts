import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

/** A real PNG (RGB gradient) of `size`×`size` pixels, built with zlib. */
export function makePng(size = 32): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) row.set([x * 8, y * 8, 128], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A valid binary glTF 2.0 (one empty scene), padded to 4-byte chunks as the format requires. */
export function makeGlb(): Buffer {
  let json = Buffer.from(JSON.stringify({ asset: { version: '2.0' }, scenes: [{ nodes: [] }], scene: 0 }));
  json = Buffer.concat([json, Buffer.alloc((4 - (json.length % 4)) % 4, 0x20)]);
  const total = 12 + 8 + json.length;
  const header = Buffer.alloc(20);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(total, 8);
  header.writeUInt32LE(json.length, 12);
  header.write('JSON', 16, 'latin1');
  return Buffer.concat([header, json]);
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A multipart/form-data PUT whose file part streams from `file` (fields `image` and `type`, as the web
 * app sends). With `length` the request declares Content-Length, otherwise it is chunked. The answer is
 * collected even when the server answers before the whole body was sent.
 */
export function putMultipart(
  url: string,
  file: Readable,
  options: { cookie?: string; claimedType?: string; length?: number; fileName?: string } = {},
): Promise<RawReply> {
  const boundary = `----metatag${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${options.claimedType ?? 'image/jpeg'}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${options.fileName ?? 'upload.bin'}"\r\n` +
      `Content-Type: ${options.claimedType ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.length !== undefined)
    headers['content-length'] = String(head.length + options.length + tail.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(url, { method: 'PUT', headers }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    // the server may close the connection after an early answer: that is not the test's failure
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const body = Readable.from(
      (async function* () {
        yield head;
        for await (const chunk of file) yield chunk as Buffer;
        yield tail;
      })(),
    );
    body.on('error', (error) => req.destroy(error));
    body.pipe(req);
  });
}

/** `size` bytes that start with a PNG signature, generated on the fly (never held whole in memory). */
export function generatedPngStream(size: number, chunkSize = 1 << 20): Readable {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const block = Buffer.alloc(chunkSize, 0x5a);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= size) {
        this.push(null);
        return;
      }
      const n = Math.min(chunkSize, size - sent);
      const chunk =
        sent === 0 ? Buffer.concat([signature, block.subarray(signature.length, n)]) : block.subarray(0, n);
      sent += n;
      this.push(chunk);
    },
  });
}
