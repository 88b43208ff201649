import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeDeployData, getAddress } from 'viem';
import {
  collectionDeployData,
  collectionProxyAbi,
  collectionProxyBytecode,
  libraryAddressLocatorAbi,
  libraryAddressLocatorBytecode,
  locatorDeployData,
  nftCodeBytecode,
  nftCodeDeployData,
} from './index.js';

const address = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

test('NFT code deploy data is its bytecode', () => {
  assert.equal(nftCodeDeployData().data, nftCodeBytecode);
  assert.match(nftCodeBytecode, /^0x[0-9a-f]+$/);
});

test('locator deploy data is the bytecode followed by the NFT code address', () => {
  const { data } = locatorDeployData(address);
  assert.ok(data.startsWith(libraryAddressLocatorBytecode));
  const decoded = decodeDeployData({
    abi: libraryAddressLocatorAbi,
    bytecode: libraryAddressLocatorBytecode,
    data,
  });
  assert.deepEqual(decoded.args, [getAddress(address)]);
});

test('collection deploy data is the proxy bytecode followed by name, symbol and locator', () => {
  const { data } = collectionDeployData({ name: 'Chips', symbol: 'CHP', libraryAddress: address });
  assert.ok(data.startsWith(collectionProxyBytecode));
  const decoded = decodeDeployData({ abi: collectionProxyAbi, bytecode: collectionProxyBytecode, data });
  assert.deepEqual(decoded.args, ['Chips', 'CHP', getAddress(address)]);
});

test('deploy helpers refuse addresses that are not addresses', () => {
  assert.throws(() => locatorDeployData('0x1234'), TypeError);
  assert.throws(
    () => collectionDeployData({ name: 'a', symbol: 'b', libraryAddress: 'nope' }),
    /libraryAddress/,
  );
});
