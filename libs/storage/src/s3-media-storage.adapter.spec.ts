import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { S3MediaStorage } from './s3-media-storage.adapter.js';

// The S3 adapter against a recording request handler: what it would send to MinIO/S3, without a server.
interface Recorded {
  method: string;
  hostname: string;
  path: string;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  body: Buffer;
}

interface Reply {
  statusCode: number;
  headers?: Record<string, string>;
  body?: string;
}

function recorder(reply: (r: Recorded) => Reply) {
  const requests: Recorded[] = [];
  const handler = {
    async handle(request: {
      method: string;
      hostname: string;
      path: string;
      query: Record<string, unknown>;
      headers: Record<string, string>;
      body?: unknown;
    }) {
      const chunks: Buffer[] = [];
      const body = request.body;
      if (body instanceof Readable) for await (const c of body) chunks.push(Buffer.from(c as Buffer));
      else if (typeof body === 'string' || body instanceof Uint8Array) chunks.push(Buffer.from(body));
      const recorded = { ...request, body: Buffer.concat(chunks) };
      requests.push(recorded);
      const { statusCode, headers = {}, body: text = '' } = reply(recorded);
      return { response: { statusCode, headers, body: Readable.from([Buffer.from(text)]) } };
    },
  };
  return { requests, handler };
}

const options = {
  endpoint: 'http://minio:9000',
  bucket: 'metatag-media',
  accessKeyId: 'key',
  secretAccessKey: 'secret',
  region: 'us-east-1',
};

test('put streams the body to the bucket with a path-style URL, signed', async () => {
  const { requests, handler } = recorder(() => ({ statusCode: 200, headers: { etag: '"abc"' } }));
  const storage = new S3MediaStorage({ ...options, requestHandler: handler });
  const stored = await storage.put(
    'nft/ganache/1/abcdef',
    Readable.from([Buffer.from('hello '), Buffer.from('world')]),
  );
  assert.equal(stored.size, 11);
  assert.equal(requests.length, 1);
  const [put] = requests;
  assert.equal(put.method, 'PUT');
  assert.equal(put.hostname, 'minio');
  assert.equal(put.path, '/metatag-media/nft/ganache/1/abcdef');
  assert.equal(put.body.toString(), 'hello world');
  assert.match(
    put.headers.authorization ?? put.headers.Authorization ?? '',
    /^AWS4-HMAC-SHA256 Credential=key\//,
  );
});

test('a large body goes as a multipart upload; a failing body aborts it and leaves nothing', async () => {
  const { requests, handler } = recorder((r): Reply => {
    if (r.method === 'POST' && 'uploads' in r.query)
      return {
        statusCode: 200,
        body: '<InitiateMultipartUploadResult><Bucket>metatag-media</Bucket><Key>k</Key><UploadId>U1</UploadId></InitiateMultipartUploadResult>',
      };
    if (r.method === 'PUT') return { statusCode: 200, headers: { etag: '"p"' } };
    return { statusCode: 204 };
  });
  const storage = new S3MediaStorage({
    ...options,
    requestHandler: handler,
    partSize: 5 * 1024 * 1024,
    queueSize: 1,
  });
  const part = Buffer.alloc(5 * 1024 * 1024, 1);
  const failing = new Readable({
    read() {},
  });
  failing.push(part);
  failing.push(part);
  setTimeout(() => failing.destroy(new Error('too large')), 50);
  await assert.rejects(storage.put('nft/ganache/2/abcdef', failing), /too large/);
  const methods = requests.map(
    (r) =>
      `${r.method} ${'uploads' in r.query ? 'uploads' : 'uploadId' in r.query ? 'part/abort' : 'object'}`,
  );
  assert.equal(methods[0], 'POST uploads', 'a multipart upload was started');
  assert.ok(
    requests.some((r) => r.method === 'DELETE' && r.query.uploadId === 'U1'),
    'and aborted',
  );
  assert.ok(!requests.some((r) => r.method === 'POST' && 'uploadId' in r.query), 'never completed');
});

test('get asks for a byte range; stat reads the size; a missing object is undefined; delete', async () => {
  const { requests, handler } = recorder((r): Reply => {
    if (r.method === 'HEAD' && r.path.endsWith('/missing')) return { statusCode: 404 };
    if (r.method === 'HEAD') return { statusCode: 200, headers: { 'content-length': '1234' } };
    if (r.method === 'GET')
      return { statusCode: 206, headers: { 'content-range': 'bytes 10-19/1234' }, body: '0123456789' };
    return { statusCode: 204 };
  });
  const storage = new S3MediaStorage({ ...options, requestHandler: handler });
  const stream = await storage.get('nft/ganache/3/abc', { start: 10, end: 19 });
  let text = '';
  for await (const c of stream) text += String(c);
  assert.equal(text, '0123456789');
  assert.equal(requests[0].headers.range ?? requests[0].headers.Range, 'bytes=10-19');
  assert.deepEqual(await storage.stat('nft/ganache/3/abc'), { size: 1234 });
  assert.equal(await storage.stat('nft/ganache/3/missing'), undefined);
  await storage.delete('nft/ganache/3/abc');
  assert.equal(requests.at(-1)?.method, 'DELETE');
  assert.equal(requests.at(-1)?.path, '/metatag-media/nft/ganache/3/abc');
});

test('keys that could escape the bucket prefix are refused before any request', async () => {
  const { requests, handler } = recorder(() => ({ statusCode: 200 }));
  const storage = new S3MediaStorage({ ...options, requestHandler: handler });
  for (const key of ['../x', '/abs', 'a//b', 'A/B', 'nft/../../etc']) {
    await assert.rejects(storage.delete(key), TypeError, key);
  }
  assert.equal(requests.length, 0);
});
