import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMediaStorage } from './create-media-storage.factory.js';

test('local disk without S3 keys, S3 with all of them, a boot error with some', () => {
  assert.equal(createMediaStorage({ MEDIA_DIR: '/tmp/m' }).kind, 'local');
  const s3 = {
    S3_ENDPOINT: 'http://minio:9000',
    S3_BUCKET: 'b',
    S3_ACCESS_KEY_ID: 'k',
    S3_SECRET_ACCESS_KEY: 's',
  };
  assert.equal(createMediaStorage(s3).kind, 's3');
  assert.throws(
    () => createMediaStorage({ S3_ENDPOINT: 'http://minio:9000', S3_BUCKET: 'b' }),
    /set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY too/,
  );
});
