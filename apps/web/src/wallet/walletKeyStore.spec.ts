import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WALLET_CHAIN_STORAGE_KEY, WALLET_KEY_STORAGE_KEY, createWalletKeyStore } from './walletKeyStore.js';

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

test('the key and chain are kept in storage', () => {
  const storage = memoryStorage();
  const store = createWalletKeyStore(storage);
  assert.equal(store.getPrivateKey(), null);
  assert.equal(store.hasPrivateKey(), false);
  store.savePrivateKey(KEY);
  store.setChainId(1337);
  assert.equal(storage.map.get(WALLET_KEY_STORAGE_KEY), KEY);
  assert.equal(createWalletKeyStore(storage).getPrivateKey(), KEY);
  assert.equal(createWalletKeyStore(storage).getChainId(), 1337);
  assert.throws(() => store.savePrivateKey('0x12'));
});

test('garbage in storage and broken storage read as empty', () => {
  const storage = memoryStorage();
  storage.map.set(WALLET_KEY_STORAGE_KEY, 'not a key');
  storage.map.set(WALLET_CHAIN_STORAGE_KEY, 'x');
  const store = createWalletKeyStore(storage);
  assert.equal(store.getPrivateKey(), null);
  assert.equal(store.getChainId(), null);
  const broken = createWalletKeyStore({
    getItem: () => {
      throw new Error('denied');
    },
    setItem: () => {
      throw new Error('denied');
    },
    removeItem: () => undefined,
  });
  assert.equal(broken.getPrivateKey(), null);
  broken.setChainId(1);
  assert.equal(createWalletKeyStore(undefined).hasPrivateKey(), false);
});
