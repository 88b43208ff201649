import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TemplatesConfig } from '@metatag/config';
import { ManualClock, type AppError } from '@metatag/nest-kit';
import type { CollectionRepository } from '../collections/collection.repository.js';
import type { DefaultCollectionRepository, DefaultCollectionRow } from './default-collection.repository.js';
import { DefaultCollectionsService } from './default-collections.service.js';

const A = `0x${'aa'.repeat(20)}`;
const B = `0x${'bb'.repeat(20)}`;

function service(config: Partial<TemplatesConfig>, attached: Record<string, number> = {}) {
  const rows = new Map<string, DefaultCollectionRow>();
  const defaults = {
    find: async (chain: string) => rows.get(chain),
    all: async () => [...rows.values()],
    put: async (row: DefaultCollectionRow) => (rows.set(row.chain, row), row),
  } as unknown as DefaultCollectionRepository;
  const collections = {
    find: async (_chain: string, address: string) =>
      attached[address] === undefined ? undefined : { ownerId: attached[address] },
  } as unknown as CollectionRepository;
  return new DefaultCollectionsService(
    defaults,
    collections,
    config as TemplatesConfig,
    new ManualClock(new Date('2026-01-01T00:00:00Z')),
  );
}

test('a configured default wins and cannot be replaced by a registration', async () => {
  const defaults = service({ DEFAULT_COLLECTION_POLYGON: A });
  assert.deepEqual(await defaults.get('polygon'), {
    chain: 'polygon',
    address: A,
    source: 'config',
    name: '',
    symbol: '',
  });
  await assert.rejects(
    defaults.set({ chain: 'polygon', address: B, name: 'X', symbol: 'X', userId: 1 }),
    (error: AppError) =>
      error.status === 409 &&
      error.message ===
        'The default collection of polygon is configured (DEFAULT_COLLECTION_POLYGON): change the configuration to replace it',
  );
});

test('a registered default is answered until another replaces it; other chains have none', async () => {
  const defaults = service({});
  assert.equal((await defaults.get('ganache')).source, 'none');
  await defaults.set({ chain: 'ganache', address: A, name: 'MetaTag', symbol: 'MTAG', userId: null });
  await defaults.set({ chain: 'ganache', address: B, name: 'Next', symbol: 'NXT', userId: 1 });
  assert.deepEqual(await defaults.get('ganache'), {
    chain: 'ganache',
    address: B,
    source: 'registered',
    name: 'Next',
    symbol: 'NXT',
  });
  const listed = await defaults.list();
  assert.equal(listed.find((d) => d.chain === 'ganache')?.address, B);
  assert.equal(listed.find((d) => d.chain === 'mainnet')?.source, 'none');
  await assert.rejects(
    defaults.set({ chain: 'atlantis', address: A, name: '', symbol: '', userId: 1 }),
    (error: AppError) => error.status === 404,
  );
});

test('where a template mints: the default for an empty collection, else its own (attached to its owner or not)', async () => {
  const defaults = service({ DEFAULT_COLLECTION_GANACHE: A }, { [B]: 7 });
  assert.deepEqual(await defaults.mintTarget('ganache', '', 7), {
    address: A,
    source: 'default',
    attached: true,
  });
  assert.deepEqual(await defaults.mintTarget('mainnet', '', 7), {
    address: '',
    source: 'none',
    attached: false,
  });
  assert.deepEqual(await defaults.mintTarget('ganache', B, 7), {
    address: B,
    source: 'template',
    attached: true,
  });
  assert.deepEqual(await defaults.mintTarget('ganache', B, 8), {
    address: B,
    source: 'template',
    attached: false,
  });
});
