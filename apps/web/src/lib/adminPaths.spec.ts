import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  NFC_NFT_PATH,
  collectionNftsPath,
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

test('collection, panel and per-user paths (spec section 2)', () => {
  const address = '0x8ba1f109551bd432803012645ac136ddd64dba72';
  assert.equal(collectionNftsPath('ganache', address), `/ganache/admin/collection/${address}/nfts`);
  assert.equal(panelNftsPath('goerli'), '/goerli/admin/panel/nfts');
  assert.equal(userPanelNftsPath(7, 'polygon'), '/user/7/polygon/admin/panel/nfts');
});

test('the header wallet shows on every page with the header (issue #30)', () => {
  for (const path of [
    '/ganache/admin/login',
    '/ganache/limited',
    '/mainnet/limited?tab=mint',
    '/ganache/mint-flow',
    '/ganache/redeem',
    '/ganache/check-parent/0x1/2',
    '/search/x',
    '/email-nft',
    '/',
  ])
    assert.ok(showsHeaderWallet(path), path);
  for (const path of ['/tag/1', '/link/abc', '/terms']) assert.equal(showsHeaderWallet(path), false, path);
});
