import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasRememberedPasskey, PASSKEY_STORAGE_KEY as EARLY_KEY } from '../pages/chip/rememberedWallet.js';
import { PASSKEY_STORAGE_KEY, readPasskey, writePasskey } from './passkeyStore.js';

function memory() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const passkey = {
  credentialId: 'AAAAAAAAAAAAAAAAAAAAAA',
  publicKey: `0x04${'ab'.repeat(64)}`,
  account: `0x${'12'.repeat(20)}`,
};

test('the passkey is kept as its credential id, public key and account: nothing secret', () => {
  const storage = memory();
  writePasskey(passkey, storage);
  assert.deepEqual(JSON.parse(storage.items.get(PASSKEY_STORAGE_KEY)!), passkey);
  assert.deepEqual(readPasskey(storage), passkey);
  writePasskey(null, storage);
  assert.equal(readPasskey(storage), null);
});

test('garbage, a partial record and broken storage read as no passkey', () => {
  const storage = memory();
  storage.setItem(PASSKEY_STORAGE_KEY, '{not json');
  assert.equal(readPasskey(storage), null);
  storage.setItem(PASSKEY_STORAGE_KEY, JSON.stringify({ credentialId: 'x' }));
  assert.equal(readPasskey(storage), null);
  assert.equal(
    readPasskey({
      getItem: () => {
        throw new Error('denied');
      },
    }),
    null,
  );
  assert.equal(readPasskey(undefined), null);
});

test("the chip page's early check reads the same key", () => {
  assert.equal(EARLY_KEY, PASSKEY_STORAGE_KEY);
  const storage = memory();
  assert.equal(hasRememberedPasskey(storage), false);
  writePasskey(passkey, storage);
  assert.equal(hasRememberedPasskey(storage), true);
});
