import { test } from 'node:test';
import assert from 'node:assert/strict';
import { NFC_NFT_PATH, isAdminAreaPath, landingPath, loginPath } from './adminPaths.js';

test('landing paths after a login (spec section 2)', () => {
  assert.equal(landingPath('goerli', { isSuperAdmin: true }), '/goerli/admin/super-admin');
  assert.equal(landingPath('ganache', { isSuperAdmin: false }), '/ganache/admin/collections');
  assert.equal(loginPath('polygon'), '/polygon/admin/login');
  assert.equal(NFC_NFT_PATH, '/admin/nfc-nft');
});

test('the admin area is /{chain}/admin/* and /admin/*', () => {
  for (const path of [
    '/mainnet/admin/login',
    '/ganache/admin',
    '/polygon/admin/collection/0xabc/nfts?x=1',
    '/admin/nfc-nft',
  ]) {
    assert.ok(isAdminAreaPath(path), path);
  }
  for (const path of [
    '/',
    '/tag/1',
    '/link/2',
    '/mainnet/limited',
    '/rinkeby/admin/login',
    '/user/u/mainnet/admin',
  ]) {
    assert.equal(isAdminAreaPath(path), false, path);
  }
});
