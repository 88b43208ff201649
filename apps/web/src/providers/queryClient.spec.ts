import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  QUERY_CACHE_MAX_AGE_MS,
  createQueryClient,
  persistOptions,
  createQueryPersister,
  shouldPersistQuery,
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

test('queries marked persist: false stay out of the persisted cache', async () => {
  const client = createQueryClient();
  await client.fetchQuery({ queryKey: ['public'], queryFn: async () => 1 });
  await client.fetchQuery({
    queryKey: ['session', 'user'],
    queryFn: async () => 2,
    meta: { persist: false },
  });
  const cache = client.getQueryCache();
  const find = (queryKey: string[]) => {
    const query = cache.find({ queryKey });
    assert.ok(query);
    return query;
  };
  assert.equal(shouldPersistQuery(find(['public'])), true);
  assert.equal(shouldPersistQuery(find(['session', 'user'])), false);
  assert.equal(
    persistOptions(createQueryPersister()).dehydrateOptions.shouldDehydrateQuery,
    shouldPersistQuery,
  );
  // The 24 h garbage-collection timers would keep the test process alive.
  client.clear();
});
