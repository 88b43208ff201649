import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { signInPasswordUser, signInSuperAdmin, type SignedIn } from './testing/sign-in.fixture.js';
import { generatedPngStream, makeGlb, makePng, putMultipart } from './testing/media.fixture.js';

// Media upload and download through the real gateway (busboy → local MediaStorage) and templates service.
const mediaDir = mkdtempSync(join(tmpdir(), 'metatag-media-'));
let stack: TestStack;
let owner: SignedIn;
let other: SignedIn;
let anonymous: Client;
const png = makePng(64);
const glb = makeGlb();

before(async () => {
  stack = await startTestStack({ env: { MEDIA_DIR: mediaDir } });
  const boss = await signInSuperAdmin(stack.url);
  owner = await signInPasswordUser(stack.url, boss.client);
  other = await signInPasswordUser(stack.url, boss.client);
  anonymous = new Client(stack.url);
});
after(async () => {
  await stack?.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

/** Every file under the media directory (relative paths). */
function storedFiles(): string[] {
  return readdirSync(mediaDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(mediaDir.length + 1));
}

async function newTemplate(): Promise<number> {
  const res = await owner.client.call('POST', '/json/ganache/nft', {});
  return (res.body.item as { id: number }).id;
}

const upload = (
  id: number,
  bytes: Buffer | Readable,
  options: { cookie?: string; claimedType?: string; length?: number } = {},
) =>
  putMultipart(
    `${stack.url}/json/ganache/nft/${id}`,
    Buffer.isBuffer(bytes) ? Readable.from([bytes]) : bytes,
    {
      cookie: owner.client.cookie,
      length: Buffer.isBuffer(bytes) ? bytes.length : undefined,
      ...options,
    },
  );

/** An answer's JSON; an error's traceId (it names the request's trace) is not part of what is compared. */
const json = (body: Buffer) => {
  const { traceId: _traceId, ...rest } = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  return rest;
};

test('a PNG upload is stored, typed from its bytes, and read back whole and by ranges', async () => {
  const id = await newTemplate();
  const res = await upload(id, png, { claimedType: 'image/jpeg' });
  assert.equal(res.status, 200, res.body.toString());
  const item = json(res.body);
  assert.equal(item.id, id);
  assert.equal(item.mimeType, 'image/png', 'the type comes from the content, not the claim');
  assert.equal(item.image, `/nft-media/${id}`);
  assert.equal(item.imageRefresh, 1);

  const meta = await anonymous.call('GET', `/nft-media-metadata/${id}`);
  assert.deepEqual(meta.body, { item: { mimeType: 'image/png' } });

  const whole = await fetch(`${stack.url}/nft-media/${id}?x=1`);
  assert.equal(whole.status, 200);
  assert.equal(whole.headers.get('content-type'), 'image/png');
  assert.equal(whole.headers.get('accept-ranges'), 'bytes');
  assert.equal(whole.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  assert.equal(whole.headers.get('content-length'), String(png.length));
  assert.equal(whole.headers.get('x-content-type-options'), 'nosniff');
  const etag = whole.headers.get('etag');
  assert.match(etag ?? '', /^"[0-9a-f]+"$/);
  assert.ok(Buffer.from(await whole.arrayBuffer()).equals(png));

  const short = await fetch(`${stack.url}/nft-media/${id}`);
  assert.equal(short.headers.get('cache-control'), 'public, max-age=60');
  await short.arrayBuffer();

  const first = await fetch(`${stack.url}/nft-media/${id}?x=1`, { headers: { range: 'bytes=0-9' } });
  assert.equal(first.status, 206);
  assert.equal(first.headers.get('content-range'), `bytes 0-9/${png.length}`);
  assert.ok(Buffer.from(await first.arrayBuffer()).equals(png.subarray(0, 10)));

  const middle = await fetch(`${stack.url}/nft-media/${id}`, { headers: { range: 'bytes=100-199' } });
  assert.equal(middle.status, 206);
  assert.ok(Buffer.from(await middle.arrayBuffer()).equals(png.subarray(100, 200)));

  const suffix = await fetch(`${stack.url}/nft-media/${id}`, { headers: { range: 'bytes=-12' } });
  assert.equal(
    suffix.headers.get('content-range'),
    `bytes ${png.length - 12}-${png.length - 1}/${png.length}`,
  );
  assert.ok(Buffer.from(await suffix.arrayBuffer()).equals(png.subarray(png.length - 12)));

  const open = await fetch(`${stack.url}/nft-media/${id}`, {
    headers: { range: `bytes=${png.length - 3}-` },
  });
  assert.equal(open.status, 206);
  assert.equal((await open.arrayBuffer()).byteLength, 3);

  const beyond = await fetch(`${stack.url}/nft-media/${id}`, { headers: { range: `bytes=${png.length}-` } });
  assert.equal(beyond.status, 416);
  assert.equal(beyond.headers.get('content-range'), `bytes */${png.length}`);
  await beyond.arrayBuffer();

  const cached = await fetch(`${stack.url}/nft-media/${id}?x=1`, {
    headers: { 'if-none-match': etag ?? '' },
  });
  assert.equal(cached.status, 304);

  const stale = await fetch(`${stack.url}/nft-media/${id}`, {
    headers: { range: 'bytes=0-9', 'if-range': '"old"' },
  });
  assert.equal(stale.status, 200, 'If-Range with another validator gets the whole object');
  await stale.arrayBuffer();
});

test('a GLB replaces the image: labelled 3d/glb, refresh counter bumped, the old object deleted', async () => {
  const id = await newTemplate();
  await upload(id, png);
  const before = storedFiles().filter((f) => f.startsWith(`nft/ganache/${id}/`));
  assert.equal(before.length, 1, before.join(', '));

  const res = await upload(id, glb, { claimedType: 'application/octet-stream' });
  assert.equal(res.status, 200, res.body.toString());
  const item = json(res.body);
  assert.equal(item.mimeType, '3d/glb');
  assert.equal(item.imageRefresh, 2);
  const after = storedFiles().filter((f) => f.startsWith(`nft/ganache/${id}/`));
  assert.equal(after.length, 1);
  assert.notEqual(after[0], before[0]);

  const meta = await anonymous.call('GET', `/nft-media-metadata/${id}`);
  assert.deepEqual(meta.body, { item: { mimeType: '3d/glb' } });
  const res2 = await fetch(`${stack.url}/nft-media/${id}?x=2`, { headers: { range: 'bytes=0-3' } });
  assert.equal(res2.status, 206);
  assert.equal(res2.headers.get('content-type'), 'model/gltf-binary');
  assert.equal(Buffer.from(await res2.arrayBuffer()).toString('latin1'), 'glTF');
  const old = await fetch(`${stack.url}/nft-media/${id}?x=1`);
  assert.equal(
    old.headers.get('cache-control'),
    'public, max-age=60',
    'an outdated counter is not cached for long',
  );
  await old.arrayBuffer();
});

test('an upload over 100,000,000 bytes is refused with the spec text and leaves nothing behind', async () => {
  const id = await newTemplate();
  await upload(id, png);
  const files = storedFiles();

  // chunked: the server only finds out while streaming
  const streamed = await upload(id, generatedPngStream(100_000_001));
  assert.equal(streamed.status, 413);
  assert.deepEqual(json(streamed.body), { error: 'too_large', errorMessage: 'File size is to big' });
  assert.deepEqual(storedFiles(), files, 'the partial object was removed');

  // declared: refused before reading
  const declared = await upload(id, generatedPngStream(100_000_001), { length: 100_000_001 });
  assert.equal(declared.status, 413);
  assert.deepEqual(json(declared.body), { error: 'too_large', errorMessage: 'File size is to big' });

  const item = await owner.client.call('GET', '/json/ganache/nfts');
  const row = (item.body.items as { id: number; imageRefresh: number; mimeType: string }[]).find(
    (i) => i.id === id,
  );
  assert.equal(row?.imageRefresh, 1, 'the template still shows the earlier image');
  assert.equal(row?.mimeType, 'image/png');
  assert.deepEqual(storedFiles(), files);
});

test('exactly 100,000,000 bytes are accepted', async () => {
  const id = await newTemplate();
  const res = await upload(id, generatedPngStream(100_000_000));
  assert.equal(res.status, 200, res.body.toString());
  const meta = await fetch(`${stack.url}/nft-media/${id}`, { method: 'HEAD' });
  assert.equal(meta.headers.get('content-length'), '100000000');
  const tail = await fetch(`${stack.url}/nft-media/${id}`, { headers: { range: 'bytes=99999990-' } });
  assert.equal(tail.status, 206);
  assert.equal((await tail.arrayBuffer()).byteLength, 10);
  await owner.client.call('DELETE', `/json/ganache/nft/${id}`);
});

test('unknown file types, uploads without an image, strangers and anonymous callers store nothing', async () => {
  const id = await newTemplate();
  const files = storedFiles();

  const text = await upload(id, Buffer.from('just some text, not an image'));
  assert.equal(text.status, 415);
  assert.deepEqual(json(text.body), { error: 'unsupported_media', errorMessage: 'Unsupported file type' });

  const stranger = await upload(id, png, { cookie: other.client.cookie });
  assert.equal(stranger.status, 404);
  const nobody = await upload(id, png, { cookie: undefined });
  assert.equal(nobody.status, 401);
  assert.deepEqual(storedFiles(), files);

  const noImage = await fetch(`${stack.url}/json/ganache/nft/${id}`, {
    method: 'PUT',
    headers: { cookie: owner.client.cookie ?? '' },
    body: (() => {
      const form = new FormData();
      form.set('type', 'image/png');
      return form;
    })(),
  });
  assert.equal(noImage.status, 400);

  // the browser's own FormData upload works too
  const form = new FormData();
  form.set('image', new Blob([png], { type: 'image/png' }), 'a.png');
  form.set('type', 'image/png');
  const browser = await fetch(`${stack.url}/json/ganache/nft/${id}`, {
    method: 'PUT',
    headers: { cookie: owner.client.cookie ?? '' },
    body: form,
  });
  assert.equal(browser.status, 200);
  assert.equal(((await browser.json()) as { mimeType: string }).mimeType, 'image/png');
});

test('media of unknown templates is a JSON 404', async () => {
  for (const path of [
    '/nft-media/999999',
    '/nft-media/abc',
    '/nft-media-metadata/999999',
    '/nft-media-metadata/x',
  ]) {
    const res = await anonymous.call('GET', path);
    assert.equal(res.status, 404, path);
    assert.equal(res.body.error, 'not_found');
  }
  const id = await newTemplate();
  assert.equal((await anonymous.call('GET', `/nft-media/${id}`)).status, 404, 'no media uploaded yet');
});

test('an upload the client cancels midway leaves nothing behind and changes nothing', async () => {
  const id = await newTemplate();
  const before = storedFiles();
  const waitFor = async (what: string, done: () => boolean) => {
    for (const deadline = Date.now() + 10_000; !done();) {
      if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  // the first megabyte goes out; once the server is writing it, the client aborts (the web's Cancel)
  const file = Readable.from(
    (async function* () {
      yield png;
      yield Buffer.alloc(1 << 20, 0x5a);
      await waitFor('the partial object', () => storedFiles().length > before.length);
      throw new Error('cancelled by the user');
    })(),
  );
  await assert.rejects(upload(id, file, { length: 10_000_000 }));
  await waitFor('the partial object removed', () => storedFiles().length === before.length);
  assert.deepEqual(storedFiles(), before);
  const item = await owner.client.call('GET', '/json/ganache/nfts');
  const row = (item.body.items as { id: number; image: string; imageRefresh: number }[]).find(
    (i) => i.id === id,
  );
  assert.deepEqual({ image: row?.image, imageRefresh: row?.imageRefresh }, { image: '', imageRefresh: 0 });
});
