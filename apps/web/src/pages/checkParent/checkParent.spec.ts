import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkParentPath, childMarketplaceUrl, shortTokenId } from './checkParent.js';
import { isTokenUid } from '../redeem/redeem.js';

test("a child token's marketplace link points to a test network (spec section 9)", () => {
  const collection = '0x' + 'ab'.repeat(20);
  assert.equal(
    childMarketplaceUrl('mainnet', collection, '7'),
    `https://testnets.opensea.io/assets/goerli/${collection}/7`,
  );
  assert.equal(
    childMarketplaceUrl('polygon', collection, '7'),
    `https://testnets.opensea.io/assets/mumbai/${collection}/7`,
  );
});

test('the check link has the mint flow form; long child ids are shortened for display only', () => {
  assert.equal(checkParentPath('ganache', '0xABCDEF', '3'), '/ganache/check-parent/0xabcdef/3');
  const child = (2n ** 255n + 1n).toString();
  assert.equal(shortTokenId(child), `${child.slice(0, 6)}…${child.slice(-6)}`);
  assert.equal(shortTokenId('42'), '42');
});

test('the redeem form takes a uint256 token id only', () => {
  assert.equal(isTokenUid('0'), true);
  assert.equal(isTokenUid((2n ** 256n - 1n).toString()), true);
  assert.equal(isTokenUid((2n ** 256n).toString()), false);
  assert.equal(isTokenUid('-1'), false);
  assert.equal(isTokenUid('1e3'), false);
});
