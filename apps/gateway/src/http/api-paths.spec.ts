import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isApiPath } from './api-paths.js';

test('API paths and page paths are told apart', () => {
  for (const path of [
    '/json/mainnet/nfts',
    '/json',
    '/auth/login',
    '/scans',
    '/nfc-nft/3',
    '/readyz',
    '/e/abc',
  ]) {
    assert.equal(isApiPath(path), true, path);
  }
  for (const path of [
    '/',
    '/mainnet/admin/login',
    '/tag/abc',
    '/link/1',
    '/admin/nfc-nft',
    '/jsonx',
    '/no/such/page',
  ]) {
    assert.equal(isApiPath(path), false, path);
  }
});
