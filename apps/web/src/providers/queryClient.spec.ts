import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  QUERY_CACHE_MAX_AGE_MS,
  createQueryClient,
  persistOptions,
  createQueryPersister,
} from './queryClient.js';

test('query defaults follow spec section 9', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  assert.equal(QUERY_CACHE_MAX_AGE_MS, 86400000);
  assert.equal(queries?.gcTime, 86400000);
  assert.equal(queries?.retry, false);
  assert.equal(queries?.refetchOnWindowFocus, false);
  assert.equal(queries?.networkMode, 'offlineFirst');
  assert.equal(mutations?.retry, false);
  assert.equal(mutations?.networkMode, 'offlineFirst');
});

test('the persisted cache lives 24 hours in the given storage', async () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  } as Storage;
  const persister = createQueryPersister(storage);
  assert.equal(persistOptions(persister).maxAge, 86400000);
  await persister.persistClient({
    timestamp: 1,
    buster: 'b',
    clientState: { mutations: [], queries: [] },
  });
  // The sync persister throttles writes; give it its tick.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.ok(store.has('metatag-query-cache'));
  const restored = await persister.restoreClient();
  assert.equal(restored?.buster, 'b');
});
