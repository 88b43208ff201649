import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  collectionProxyDeployedBytecode,
  libraryAddressLocatorDeployedBytecode,
  nftCodeDeployedBytecode,
  tagRelayerDeployedBytecode,
} from '@metatag/contracts';
import { contractKind, isCollectionProxyCode } from './bytecode.js';

const locator = '0x' + 'ab'.repeat(20);
const slot = (address: string) => `000000000000000000000000${address.slice(2)}`;
/** What the chain holds for a collection on `address`: the immutable slots filled in. */
const proxyCodeOn = (address: string) =>
  collectionProxyDeployedBytecode
    .toLowerCase()
    .split('7f' + '0'.repeat(64))
    .join('7f' + slot(address));

test('a collection proxy is recognised with the locator written into its immutable', () => {
  const code = proxyCodeOn(locator);
  assert.notEqual(code, collectionProxyDeployedBytecode.toLowerCase(), 'the build has immutable slots');
  assert.equal(isCollectionProxyCode(code, locator), true);
  assert.equal(isCollectionProxyCode(code.toUpperCase().replace('0X', '0x'), locator), true);
});

test('another locator, other code, or nothing at all is not our collection', () => {
  assert.equal(isCollectionProxyCode(proxyCodeOn('0x' + 'cd'.repeat(20)), locator), false);
  assert.equal(isCollectionProxyCode(collectionProxyDeployedBytecode, locator), false, 'a zero locator');
  assert.equal(isCollectionProxyCode(nftCodeDeployedBytecode, locator), false);
  assert.equal(isCollectionProxyCode(proxyCodeOn(locator) + '00', locator), false);
  assert.equal(isCollectionProxyCode('0x', locator), false);
  assert.equal(isCollectionProxyCode(undefined, locator), false);
});

test('contract kinds for the read tool', () => {
  assert.equal(contractKind(libraryAddressLocatorDeployedBytecode, null), 'locator');
  assert.equal(contractKind(nftCodeDeployedBytecode, null), 'nftCode');
  assert.equal(contractKind(tagRelayerDeployedBytecode, null), 'tagRelayer');
  assert.equal(
    contractKind(tagRelayerDeployedBytecode.toUpperCase().replace('0X', '0x'), null),
    'tagRelayer',
  );
  assert.equal(contractKind(proxyCodeOn(locator), locator), 'collection');
  assert.equal(contractKind('0x6080', null), 'unknown');
});
