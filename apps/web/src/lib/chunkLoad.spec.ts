import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  CHUNK_LOAD_ERROR,
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  RELOAD_GUARD_MS,
  isChunkLoadError,
  loadChunk,
  shouldReloadAfterChunkError,
} from './chunkLoad.js';

test('the chunk load timeout is the spec constant', () => {
  assert.equal(CHUNK_LOAD_TIMEOUT_MS, 120000);
  assert.equal(new ChunkLoadError().name, 'ChunkLoadError');
});

test('loadChunk resolves with the module', async () => {
  assert.deepEqual(await loadChunk(async () => ({ value: 1 }), 1000), { value: 1 });
});

test('loadChunk turns a failed import into a ChunkLoadError', async () => {
  const failure = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
  await assert.rejects(
    loadChunk(() => Promise.reject(failure), 1000),
    (error: unknown) => error instanceof ChunkLoadError && error.cause === failure,
  );
});

test('loadChunk rejects a cancelled (undefined) import', async () => {
  await assert.rejects(
    loadChunk(async () => undefined, 1000),
    { name: CHUNK_LOAD_ERROR },
  );
});

test('loadChunk times out with a ChunkLoadError', async () => {
  await assert.rejects(
    loadChunk(() => new Promise(() => {}), 20),
    { name: CHUNK_LOAD_ERROR },
  );
});

test('isChunkLoadError recognises browser wordings', () => {
  assert.ok(isChunkLoadError(new ChunkLoadError()));
  assert.ok(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x')));
  assert.ok(isChunkLoadError(new TypeError('Importing a module script failed.')));
  assert.ok(isChunkLoadError(new TypeError('error loading dynamically imported module: x')));
  assert.ok(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css')));
  assert.equal(isChunkLoadError(new Error('boom')), false);
  assert.equal(isChunkLoadError('Failed to fetch dynamically imported module'), false);
});

test('reload at most once within the guard window', () => {
  assert.ok(shouldReloadAfterChunkError(null, 1000));
  assert.ok(shouldReloadAfterChunkError(Number.NaN, 1000));
  assert.equal(shouldReloadAfterChunkError(1000, 1000 + RELOAD_GUARD_MS), false);
  assert.ok(shouldReloadAfterChunkError(1000, 1001 + RELOAD_GUARD_MS));
});
