import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CHILD_ID_BASE, collectionAbi, isChildTokenId, nftCodeAbi } from './index.js';

test('the collection ABI is the NFT code plus the proxy functions, without a constructor', () => {
  const functions = new Set<string>(collectionAbi.filter((e) => e.type === 'function').map((e) => e.name));
  for (const name of [
    'proxyAdmin',
    'implementation',
    'libraryAddressLocator',
    'setOwner',
    'mintSigned',
    'ownerOf',
  ]) {
    assert.ok(functions.has(name), name);
  }
  assert.equal(
    (collectionAbi as readonly { type: string }[]).filter((e) => e.type === 'constructor').length,
    0,
  );
  assert.ok(collectionAbi.length > nftCodeAbi.length);
});

test('the spec surface is in the ABI', () => {
  const names = new Set<string>(nftCodeAbi.map((e) => ('name' in e ? e.name : e.type)));
  const surface = [
    'name',
    'symbol',
    'base',
    'totalSupply',
    'balanceOf',
    'ownerOf',
    'tokenURI',
    'approve',
    'transferFrom',
    'safeTransferFrom',
    'burn',
    'mint',
    'mintWithLimit',
    'mintChildBatch',
    'whoIsFather',
    'limitPerUid',
    'disallowTokenTransfers',
    'setConnectToTag',
    'minter',
    'owner',
    'initialize',
    'mintSigned',
    'mintSignedWithLimit',
    'transferSigned',
    'getMintHash',
    'getMintWithLimitHash',
    'getTransferHash',
    'ConnectedToTag',
    'MintChild',
    'NewLimit',
    'MinterChanged',
    'Transfer',
    'Approval',
    'OwnershipTransferred',
  ];
  for (const name of surface) assert.ok(names.has(name), name);
});

test('child ids have the top bit set', () => {
  assert.equal(CHILD_ID_BASE, 2n ** 255n);
  assert.equal(isChildTokenId(CHILD_ID_BASE + 1n), true);
  assert.equal(isChildTokenId(CHILD_ID_BASE), false);
  assert.equal(isChildTokenId(12n), false);
});
