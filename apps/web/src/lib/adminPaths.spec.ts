import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NFC_NFT_PATH,
  collectionNftsPath,
  isAdminAreaPath,
  showsHeaderWallet,
  landingPath,
  loginPath,
  panelNftsPath,
  userPanelNftsPath,
} from './adminPaths.js';

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
    '/user/7/mainnet/admin',
    '/user/7/goerli/admin/panel/nfts',
  ]) {
    assert.ok(isAdminAreaPath(path), path);
  }
  for (const path of [
    '/',
    '/tag/1',
    '/link/2',
    '/mainnet/limited',
    '/rinkeby/admin/login',
    '/user/7/rinkeby/admin',
    '/user//mainnet/admin',
    '/user/7/mainnet/limited',
  ]) {
    assert.equal(isAdminAreaPath(path), false, path);
  }
});

test('collection, panel and per-user paths (spec section 2)', () => {
  const address = '0x8ba1f109551bd432803012645ac136ddd64dba72';
  assert.equal(collectionNftsPath('ganache', address), `/ganache/admin/collection/${address}/nfts`);
  assert.equal(panelNftsPath('goerli'), '/goerli/admin/panel/nfts');
  assert.equal(userPanelNftsPath(7, 'polygon'), '/user/7/polygon/admin/panel/nfts');
});

test('the header wallet shows in the admin area and on the limited-edition tool', () => {
  for (const path of ['/ganache/admin/login', '/ganache/limited', '/mainnet/limited?tab=mint'])
    assert.ok(showsHeaderWallet(path), path);
  for (const path of ['/', '/tag/1', '/rinkeby/limited', '/ganache/limited/x', '/ganache/mint-flow'])
    assert.equal(showsHeaderWallet(path), false, path);
});
