import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WALLET_KEY_STORAGE_KEY } from '../../wallet/walletKeyStore.js';
import { hasRememberedWallet } from './rememberedWallet.js';
import { utilityUrlWithJwt } from './useChipAuthentication.js';

const storage = (items: Record<string, string>) => ({ getItem: (key: string) => items[key] ?? null });

test('a wallet is remembered by a built-in key or wagmi’s last connector', () => {
  assert.equal(hasRememberedWallet(storage({})), false);
  assert.equal(hasRememberedWallet(storage({ [WALLET_KEY_STORAGE_KEY]: '0xkey' })), true);
  assert.equal(hasRememberedWallet(storage({ 'wagmi.recentConnectorId': '"injected"' })), true);
  assert.equal(hasRememberedWallet(undefined), false);
});

test('the utility url gets the jwt as a query parameter', () => {
  assert.equal(utilityUrlWithJwt('https://x.example/u', 'a.b'), 'https://x.example/u?jwt=a.b');
  assert.equal(utilityUrlWithJwt('https://x.example/u?k=1', 'a b'), 'https://x.example/u?k=1&jwt=a%20b');
});
