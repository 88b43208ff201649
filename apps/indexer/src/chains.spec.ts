import { test } from 'node:test';
import assert from 'node:assert/strict';
import { indexerSchema, loadConfig } from '@metatag/config';
import { readIndexedChains } from '../ponder/chains.js';
import { indexedChains, LOCAL_POLLING_MS, REMOTE_POLLING_MS } from './chains.js';

const LOCATOR = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const config = (env: Record<string, string>) => loadConfig('indexer', indexerSchema, env);

test('ganache is indexed once it has a locator; other chains need an RPC URL and a locator', () => {
  assert.deepEqual(indexedChains(config({})), []);
  assert.deepEqual(indexedChains(config({ LIBRARY_LOCATOR_POLYGON: LOCATOR })), [], 'polygon has no RPC URL');
  const chains = indexedChains(
    config({
      LIBRARY_LOCATOR_GANACHE: LOCATOR,
      RPC_URL_POLYGON: 'https://polygon.example/rpc',
      LIBRARY_LOCATOR_POLYGON: LOCATOR,
      INDEXER_START_BLOCK_POLYGON: '55000000',
      RPC_URL_MAINNET: 'https://mainnet.example/rpc',
    }),
  );
  assert.deepEqual(chains, [
    {
      name: 'polygon',
      chainId: 137,
      rpcUrl: 'https://polygon.example/rpc',
      locator: LOCATOR.toLowerCase(),
      startBlock: 55000000,
      pollingInterval: REMOTE_POLLING_MS,
    },
    {
      name: 'ganache',
      chainId: 1337,
      rpcUrl: 'http://127.0.0.1:8545',
      locator: LOCATOR.toLowerCase(),
      startBlock: 0,
      pollingInterval: LOCAL_POLLING_MS,
    },
  ]);
  const tuned = indexedChains(config({ LIBRARY_LOCATOR_GANACHE: LOCATOR, INDEXER_POLLING_MS: '250' }));
  assert.equal(tuned[0].pollingInterval, 250);
});

test('the config keys are validated at the edge', () => {
  assert.throws(() => config({ LIBRARY_LOCATOR_GANACHE: '0x123' }), /LIBRARY_LOCATOR_GANACHE/);
  assert.throws(() => config({ INDEXER_START_BLOCK_GANACHE: '-1' }), /INDEXER_START_BLOCK_GANACHE/);
  assert.throws(() => config({ INDEXER_SCHEMA: 'Chain; drop' }), /INDEXER_SCHEMA/);
  assert.throws(() => config({ INDEXER_POLLING_MS: '50' }), /INDEXER_POLLING_MS/);
  assert.equal(config({}).INDEXER_PORT, 42069);
  assert.equal(config({}).INDEXER_SCHEMA, 'chain');
});

test('what the launcher hands Ponder is what Ponder reads back', () => {
  const chains = indexedChains(config({ LIBRARY_LOCATOR_GANACHE: LOCATOR }));
  assert.deepEqual(readIndexedChains(JSON.stringify(chains)), chains);
  assert.throws(() => readIndexedChains(undefined), /INDEXER_CHAINS is not set/);
  assert.throws(() => readIndexedChains('{}'), /JSON array/);
  const bad = (patch: Record<string, unknown>) => JSON.stringify([{ ...chains[0], ...patch }]);
  assert.throws(
    () => readIndexedChains(bad({ locator: LOCATOR })),
    /\[0\]\.locator/,
    'addresses arrive lower-case',
  );
  assert.throws(() => readIndexedChains(bad({ pollingInterval: 10 })), /pollingInterval/);
  assert.throws(() => readIndexedChains(bad({ rpcUrl: 'ws://x' })), /rpcUrl/);
  assert.throws(() => readIndexedChains(bad({ startBlock: 1.5 })), /startBlock/);
  assert.throws(() => readIndexedChains(bad({ name: 'Gan ache' })), /name/);
  assert.throws(() => readIndexedChains(bad({ chainId: 0 })), /chainId/);
});
