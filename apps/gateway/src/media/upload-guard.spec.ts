import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@metatag/nest-kit';
import { UploadGuard } from './upload-guard.js';

const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

test('passes bytes through up to the limit and keeps the first ones for type detection', async () => {
  const guard = new UploadGuard(10);
  await pipeline(Readable.from([Buffer.from('0123'), Buffer.from('456789')]), guard, sink());
  assert.equal(guard.size, 10);
  assert.equal(guard.head.toString(), '0123456789');
});

test('one byte over the limit fails the stream with the spec text (413)', async () => {
  const guard = new UploadGuard(10);
  await assert.rejects(
    pipeline(Readable.from([Buffer.from('01234'), Buffer.from('567890')]), guard, sink()),
    (e: unknown) => e instanceof AppError && e.status === 413 && e.message === 'File size is to big',
  );
});
