import assert from 'node:assert/strict';
import {
  getAddress,
  pad,
  parseEther,
  parseEventLogs,
  toFunctionSelector,
  zeroAddress,
  type AbiFunction,
} from 'viem';
import { collectionProxyAbi, libraryAddressLocatorAbi, nftCodeAbi } from '@metatag/contracts';
import {
  collectionAbi,
  contractAt,
  deployArtifact,
  deployCollection,
  eventArgs,
  expectRevert,
  publicClient,
  receipt,
  walletClient,
} from './helpers.js';
import { world } from './fixtures.js';

const ERC1967_BEACON_SLOT = '0xa3f0ad74e5423aebfd80d3ef4346578335a9a72aeaee59ff6cb3582b35133d50';
const ERC1967_ADMIN_SLOT = '0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103';

describe('collection deployment, proxy and locator', () => {
  it('deploys a collection whose deployer is proxy admin, owner and minter', async () => {
    const { locator, nftCode, owner } = await world();
    const { address, receipt: mined } = await deployCollection(locator, owner, 'Chips', 'CHP');
    const c = contractAt(collectionAbi, address, owner);
    assert.equal(await c.read.name(), 'Chips');
    assert.equal(await c.read.symbol(), 'CHP');
    assert.equal(await c.read.owner(), owner);
    assert.equal(await c.read.minter(), owner);
    assert.equal(await c.read.proxyAdmin(), owner);
    assert.equal(await c.read.implementation(), nftCode);
    assert.equal(await c.read.libraryAddressLocator(), locator);
    assert.equal(await c.read.libraryVersion(), 2n);
    assert.equal(await c.read.totalSupply(), 0n);
    assert.equal(await c.read.base(), '');
    assert.deepEqual(eventArgs(mined, 'MinterChanged'), [{ previousMinter: zeroAddress, newMinter: owner }]);
    assert.deepEqual(eventArgs(mined, 'OwnershipTransferred'), [
      { previousOwner: zeroAddress, newOwner: owner },
    ]);
    assert.deepEqual(eventArgs(mined, 'BeaconUpgraded'), [{ beacon: locator }]);
    assert.deepEqual(eventArgs(mined, 'AdminChanged'), [{ previousAdmin: zeroAddress, newAdmin: owner }]);
    // The announcement indexers discover collections by, emitted by the locator.
    assert.deepEqual(eventArgs(mined, 'CollectionCreated'), [{ collection: address, deployer: owner }]);
    const announced = parseEventLogs({
      abi: libraryAddressLocatorAbi,
      eventName: 'CollectionCreated',
      logs: mined.logs,
    });
    assert.equal(getAddress(announced[0].address), locator);
    // ERC-1967 slots, which explorers read to recognise the proxy.
    const beaconSlot = await publicClient.getStorageAt({ address, slot: ERC1967_BEACON_SLOT });
    const adminSlot = await publicClient.getStorageAt({ address, slot: ERC1967_ADMIN_SLOT });
    assert.equal(getAddress(`0x${beaconSlot?.slice(26)}`), locator);
    assert.equal(getAddress(`0x${adminSlot?.slice(26)}`), owner);
  });

  it('refuses a locator without code', async () => {
    const { owner, alice } = await world();
    await expectRevert(deployCollection(alice, owner), 'ERC1967InvalidBeacon', [alice]);
  });

  it('refuses a locator that does not answer the data-less lookup (an older locator)', async () => {
    const { nftCode, owner } = await world();
    const { address: legacy } = await deployArtifact(
      'LegacyLocator',
      libraryAddressLocatorAbi,
      [nftCode],
      owner,
    );
    // It has implementation() and registerCollection(), so only the proxy's own lookup can refuse it.
    await assert.rejects(deployCollection(legacy, owner));
  });

  it('cannot be initialized twice, and the NFT code itself cannot be initialized', async () => {
    const { asOwner, nftCode, owner } = await world();
    await expectRevert(asOwner.write.initialize(['X', 'X', owner]), 'InvalidInitialization');
    const code = contractAt(collectionAbi, nftCode, owner);
    await expectRevert(code.write.initialize(['X', 'X', owner]), 'InvalidInitialization');
  });

  it('lets only the proxy admin hand over the proxy admin role', async () => {
    const { asOwner, asAlice, owner, alice } = await world();
    await expectRevert(asAlice.write.setOwner([alice]), 'NotProxyAdmin', [alice]);
    await expectRevert(asOwner.write.setOwner([zeroAddress]), 'ERC1967InvalidAdmin', [zeroAddress]);
    const mined = await receipt(asOwner.write.setOwner([alice]));
    assert.deepEqual(eventArgs(mined, 'AdminChanged'), [{ previousAdmin: owner, newAdmin: alice }]);
    assert.equal(await asOwner.read.proxyAdmin(), alice);
    // The proxy admin is not the collection owner.
    assert.equal(await asOwner.read.owner(), owner);
  });

  it('refuses plain ether', async () => {
    const { collection, alice } = await world();
    await assert.rejects(walletClient.sendTransaction({ account: alice, to: collection, value: 1n }));
  });

  it('has no selector shared by the proxy and the NFT code', () => {
    const selectors = (abi: readonly { type: string }[]) =>
      abi.filter((e): e is AbiFunction => e.type === 'function').map((f) => toFunctionSelector(f));
    const proxy = new Set(selectors(collectionProxyAbi));
    assert.equal(proxy.size, 4);
    for (const selector of selectors(nftCodeAbi)) assert.ok(!proxy.has(selector), selector);
  });

  it('locator: reports the library address and version, and only its owner changes them', async () => {
    const { locatorAsOwner, nftCode, owner, alice, locator } = await world();
    assert.equal(await locatorAsOwner.read.libraryAddress(), nftCode);
    assert.equal(await locatorAsOwner.read.implementation(), nftCode);
    assert.equal(await locatorAsOwner.read.libraryVersion(), 1n);
    assert.equal(await locatorAsOwner.read.owner(), owner);

    const asAlice = contractAt(locatorAsOwner.abi, locator, alice);
    await expectRevert(asAlice.write.setLibraryAddress([nftCode]), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asAlice.write.upgradeTo([nftCode]), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(locatorAsOwner.write.setLibraryAddress([alice]), 'BeaconInvalidImplementation', [
      alice,
    ]);

    const { address: next } = await deployArtifact('NFTCode', nftCodeAbi, [], owner);
    const mined = await receipt(locatorAsOwner.write.setLibraryAddress([next]));
    assert.deepEqual(eventArgs(mined, 'Upgraded'), [{ implementation: next }]);
    assert.deepEqual(eventArgs(mined, 'LibraryAddressChanged'), [{ libraryAddress: next, version: 2n }]);
    assert.equal(await locatorAsOwner.read.libraryAddress(), next);
    assert.equal(await locatorAsOwner.read.libraryVersion(), 2n);
    const again = await receipt(locatorAsOwner.write.upgradeTo([nftCode]));
    assert.deepEqual(eventArgs(again, 'LibraryAddressChanged'), [{ libraryAddress: nftCode, version: 3n }]);
  });

  it('locator: answers a call without data with the NFT code address, and refuses other calls', async () => {
    const { locatorAsOwner, locator, nftCode, owner, alice } = await world();
    const lookup = async () => (await publicClient.call({ account: alice, to: locator })).data;
    assert.equal(await lookup(), pad(nftCode.toLowerCase() as `0x${string}`));
    const { address: next } = await deployArtifact('NFTCode', nftCodeAbi, [], owner);
    await receipt(locatorAsOwner.write.setLibraryAddress([next]));
    assert.equal(await lookup(), pad(next.toLowerCase() as `0x${string}`));
    // Data that matches no function, or ether, is refused as before.
    await assert.rejects(publicClient.call({ account: alice, to: locator, data: '0xdeadbeef' }));
    await assert.rejects(publicClient.call({ account: alice, to: locator, data: '0x00' }));
    await assert.rejects(walletClient.sendTransaction({ account: alice, to: locator, value: 1n }));
  });

  it('locator: anyone may announce a collection, but only itself', async () => {
    const { locatorAsOwner, locator, alice, bob } = await world();
    const asAlice = contractAt(locatorAsOwner.abi, locator, alice);
    // An account cannot announce another address: the collection is always the caller.
    const mined = await receipt(asAlice.write.registerCollection([bob]));
    assert.deepEqual(eventArgs(mined, 'CollectionCreated'), [{ collection: alice, deployer: bob }]);
  });

  it('exposes the constants', async () => {
    const { asOwner } = await world();
    assert.equal(await asOwner.read.LIBRARY_VERSION(), 2n);
    assert.equal(await asOwner.read.CHILD_ID_BASE(), 1n << 255n);
    assert.equal(await asOwner.read.MAX_CHILD_BATCH(), 500n);
  });
});

describe('collection roles and metadata', () => {
  it('lets only the owner change the minter', async () => {
    const { asOwner, asAlice, asMinter, minter, alice, bob } = await world();
    await receipt(asMinter.write.mint([bob, 1n]));
    await receipt(asMinter.write.mint([bob, 2n]));
    await expectRevert(asAlice.write.setMinter([alice]), 'OwnableUnauthorizedAccount', [alice]);
    const mined = await receipt(asOwner.write.setMinter([alice]));
    assert.deepEqual(eventArgs(mined, 'MinterChanged'), [{ previousMinter: minter, newMinter: alice }]);
    assert.equal(await asOwner.read.minter(), alice);
    // The minter shares its storage word with the supply: changing one keeps the other.
    assert.equal(await asOwner.read.totalSupply(), 2n);
    await receipt(asAlice.write.mint([bob, 3n]));
    assert.equal(await asOwner.read.totalSupply(), 3n);
    await receipt(asOwner.write.setMinter([zeroAddress]));
    assert.equal(await asOwner.read.minter(), zeroAddress);
    assert.equal(await asOwner.read.totalSupply(), 3n);
    await expectRevert(asAlice.write.mint([bob, 4n]), 'NotMinter', [alice]);
  });

  it('lets only the owner set name, symbol and base', async () => {
    const { asOwner, asAlice, alice } = await world();
    await expectRevert(asAlice.write.setName(['N']), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asAlice.write.setSymbol(['S']), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asAlice.write.setBase(['B']), 'OwnableUnauthorizedAccount', [alice]);
    assert.deepEqual(eventArgs(await receipt(asOwner.write.setName(['Renamed'])), 'NameChanged'), [
      { name: 'Renamed' },
    ]);
    assert.deepEqual(eventArgs(await receipt(asOwner.write.setSymbol(['RN'])), 'SymbolChanged'), [
      { symbol: 'RN' },
    ]);
    const mined = await receipt(asOwner.write.setBase(['https://meta.example/t/']));
    assert.deepEqual(eventArgs(mined, 'BatchMetadataUpdate'), [
      { _fromTokenId: 0n, _toTokenId: 2n ** 256n - 1n },
    ]);
    assert.equal(await asOwner.read.name(), 'Renamed');
    assert.equal(await asOwner.read.symbol(), 'RN');
    assert.equal(await asOwner.read.base(), 'https://meta.example/t/');
  });

  it('builds token URIs from the base or a token URI', async () => {
    const { asOwner, asMinter, asAlice, alice } = await world();
    await expectRevert(asOwner.read.tokenURI([7n]), 'ERC721NonexistentToken', [7n]);
    await receipt(asMinter.write.mint([alice, 7n]));
    assert.equal(await asOwner.read.tokenURI([7n]), '');
    await receipt(asOwner.write.setBase(['ipfs://base/']));
    assert.equal(await asOwner.read.tokenURI([7n]), 'ipfs://base/7');

    await expectRevert(asAlice.write.setTokenURI([7n, 'x']), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asOwner.write.setTokenURI([8n, 'x']), 'ERC721NonexistentToken', [8n]);
    const mined = await receipt(asOwner.write.setTokenURI([7n, 'ipfs://own']));
    assert.deepEqual(eventArgs(mined, 'MetadataUpdate'), [{ _tokenId: 7n }]);
    assert.equal(await asOwner.read.tokenURI([7n]), 'ipfs://own');
    await receipt(asOwner.write.setTokenURI([7n, '']));
    assert.equal(await asOwner.read.tokenURI([7n]), 'ipfs://base/7');
  });

  it('answers ERC-165 for every interface it implements', async () => {
    const { asOwner } = await world();
    for (const id of [
      '0x01ffc9a7',
      '0x80ac58cd',
      '0x5b5e139f',
      '0x2a55205a',
      '0x49064906',
      '0xb45a3c0e',
    ] as const) {
      assert.equal(await asOwner.read.supportsInterface([id]), true, id);
    }
    assert.equal(await asOwner.read.supportsInterface(['0xffffffff']), false);
    assert.equal(await asOwner.read.supportsInterface(['0x780e9d63']), false); // not enumerable
  });

  it('lets only the owner manage ERC-2981 royalties', async () => {
    const { asOwner, asAlice, alice, bob } = await world();
    await expectRevert(asAlice.write.setDefaultRoyalty([alice, 500n]), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asAlice.write.deleteDefaultRoyalty(), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asAlice.write.setTokenRoyalty([1n, alice, 500n]), 'OwnableUnauthorizedAccount', [
      alice,
    ]);
    await expectRevert(asAlice.write.resetTokenRoyalty([1n]), 'OwnableUnauthorizedAccount', [alice]);
    await expectRevert(asOwner.write.setDefaultRoyalty([alice, 10001n]), 'ERC2981InvalidDefaultRoyalty', [
      10001n,
      10000n,
    ]);

    await receipt(asOwner.write.setDefaultRoyalty([alice, 500n]));
    assert.deepEqual(await asOwner.read.royaltyInfo([1n, parseEther('1')]), [alice, parseEther('0.05')]);
    await receipt(asOwner.write.setTokenRoyalty([1n, bob, 1000n]));
    assert.deepEqual(await asOwner.read.royaltyInfo([1n, 1000n]), [bob, 100n]);
    assert.deepEqual(await asOwner.read.royaltyInfo([2n, 1000n]), [alice, 50n]);
    await receipt(asOwner.write.resetTokenRoyalty([1n]));
    assert.deepEqual(await asOwner.read.royaltyInfo([1n, 1000n]), [alice, 50n]);
    await receipt(asOwner.write.deleteDefaultRoyalty());
    assert.deepEqual(await asOwner.read.royaltyInfo([1n, 1000n]), [zeroAddress, 0n]);
  });

  it('transfers and renounces collection ownership', async () => {
    const { asOwner, asAlice, owner, alice } = await world();
    const mined = await receipt(asOwner.write.transferOwnership([alice]));
    assert.deepEqual(eventArgs(mined, 'OwnershipTransferred'), [{ previousOwner: owner, newOwner: alice }]);
    await expectRevert(asOwner.write.setBase(['x']), 'OwnableUnauthorizedAccount', [owner]);
    await receipt(asAlice.write.renounceOwnership());
    assert.equal(await asAlice.read.owner(), zeroAddress);
  });
});

describe('ERC-721 core', () => {
  it('mints only by the minter, to a real address, once per id, below the child range', async () => {
    const { asMinter, asAlice, alice, bob } = await world();
    await expectRevert(asAlice.write.mint([alice, 1n]), 'NotMinter', [alice]);
    await expectRevert(asMinter.write.mint([zeroAddress, 1n]), 'ERC721InvalidReceiver', [zeroAddress]);
    await expectRevert(asMinter.write.mint([alice, 1n << 255n]), 'ReservedTokenId', [1n << 255n]);
    await expectRevert(asMinter.write.mint([alice, 2n ** 256n - 1n]), 'ReservedTokenId', [2n ** 256n - 1n]);
    const mined = await receipt(asMinter.write.mint([alice, 1n]));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: zeroAddress, to: alice, tokenId: 1n }]);
    await expectRevert(asMinter.write.mint([bob, 1n]), 'TokenAlreadyMinted', [1n]);
    await receipt(asMinter.write.mint([alice, (1n << 255n) - 1n]));
    assert.equal(await asMinter.read.ownerOf([1n]), alice);
    assert.equal(await asMinter.read.balanceOf([alice]), 2n);
    assert.equal(await asMinter.read.totalSupply(), 2n);
    assert.equal(await asMinter.read.exists([1n]), true);
    assert.equal(await asMinter.read.exists([2n]), false);
  });

  it('answers reads about missing tokens and the zero address with ERC-6093 errors', async () => {
    const { asAlice } = await world();
    await expectRevert(asAlice.read.ownerOf([5n]), 'ERC721NonexistentToken', [5n]);
    await expectRevert(asAlice.read.getApproved([5n]), 'ERC721NonexistentToken', [5n]);
    await expectRevert(asAlice.read.balanceOf([zeroAddress]), 'ERC721InvalidOwner', [zeroAddress]);
  });

  it('approves single tokens and operators; approvals end when the token moves', async () => {
    const { asMinter, asAlice, asBob, asCarol, alice, bob, carol } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asBob.write.approve([bob, 1n]), 'ERC721InvalidApprover', [bob]);
    await expectRevert(asAlice.write.approve([bob, 9n]), 'ERC721NonexistentToken', [9n]);
    const approved = await receipt(asAlice.write.approve([bob, 1n]));
    assert.deepEqual(eventArgs(approved, 'Approval'), [{ owner: alice, approved: bob, tokenId: 1n }]);
    assert.equal(await asAlice.read.getApproved([1n]), bob);

    await expectRevert(asAlice.write.setApprovalForAll([zeroAddress, true]), 'ERC721InvalidOperator', [
      zeroAddress,
    ]);
    const operator = await receipt(asAlice.write.setApprovalForAll([carol, true]));
    assert.deepEqual(eventArgs(operator, 'ApprovalForAll'), [
      { owner: alice, operator: carol, approved: true },
    ]);
    assert.equal(await asAlice.read.isApprovedForAll([alice, carol]), true);
    // An operator may approve on the owner's behalf.
    await receipt(asCarol.write.approve([carol, 1n]));
    assert.equal(await asAlice.read.getApproved([1n]), carol);
    await receipt(asAlice.write.approve([bob, 1n]));

    await receipt(asBob.write.transferFrom([alice, bob, 1n]));
    assert.equal(await asAlice.read.ownerOf([1n]), bob);
    assert.equal(await asAlice.read.getApproved([1n]), zeroAddress);
    await expectRevert(asCarol.write.transferFrom([bob, carol, 1n]), 'ERC721InsufficientApproval', [
      carol,
      1n,
    ]);
    await receipt(asAlice.write.setApprovalForAll([carol, false]));
    assert.equal(await asAlice.read.isApprovedForAll([alice, carol]), false);
  });

  it('transfers by owner, operator or approved account, and checks every argument', async () => {
    const { asMinter, asAlice, asBob, asCarol, alice, bob, carol } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asAlice.write.transferFrom([alice, zeroAddress, 1n]), 'ERC721InvalidReceiver', [
      zeroAddress,
    ]);
    await expectRevert(asAlice.write.transferFrom([alice, bob, 2n]), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asBob.write.transferFrom([alice, bob, 1n]), 'ERC721InsufficientApproval', [bob, 1n]);
    await expectRevert(asAlice.write.transferFrom([bob, carol, 1n]), 'ERC721IncorrectOwner', [
      bob,
      1n,
      alice,
    ]);

    const mined = await receipt(asAlice.write.transferFrom([alice, bob, 1n]));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: alice, to: bob, tokenId: 1n }]);
    assert.equal(await asAlice.read.balanceOf([alice]), 0n);
    assert.equal(await asAlice.read.balanceOf([bob]), 1n);
    assert.equal(await asAlice.read.transferNonce([1n]), 1);

    await receipt(asBob.write.setApprovalForAll([carol, true]));
    await receipt(asCarol.write.transferFrom([bob, carol, 1n]));
    assert.equal(await asAlice.read.ownerOf([1n]), carol);
  });

  it('safe-transfers to accounts and to contracts that accept tokens, not to others', async () => {
    const { asMinter, asAlice, alice, bob, owner } = await world();
    const { address: accepting } = await deployArtifact('AcceptingReceiver', [], [], owner);
    const { address: refusing } = await deployArtifact('RefusingReceiver', [], [], owner);
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asMinter.write.mint([alice, 2n]));
    await receipt(asAlice.write.safeTransferFrom([alice, bob, 1n]));
    assert.equal(await asAlice.read.ownerOf([1n]), bob);
    await receipt(asAlice.write.safeTransferFrom([alice, accepting, 2n, '0x1234']));
    assert.equal(await asAlice.read.ownerOf([2n]), accepting);
    await receipt(asMinter.write.mint([alice, 3n]));
    await expectRevert(asAlice.write.safeTransferFrom([alice, refusing, 3n]), 'ERC721InvalidReceiver', [
      refusing,
    ]);
  });

  it('burns by owner, operator or approved account; a burned id never comes back', async () => {
    const { asMinter, asAlice, asBob, asCarol, alice, bob, carol } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asMinter.write.mint([alice, 2n]));
    await receipt(asMinter.write.mint([alice, 3n]));
    await expectRevert(asBob.write.burn([1n]), 'ERC721InsufficientApproval', [bob, 1n]);
    await expectRevert(asAlice.write.burn([9n]), 'ERC721NonexistentToken', [9n]);

    const mined = await receipt(asAlice.write.burn([1n]));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: alice, to: zeroAddress, tokenId: 1n }]);
    await receipt(asAlice.write.approve([bob, 2n]));
    await receipt(asBob.write.burn([2n]));
    await receipt(asAlice.write.setApprovalForAll([carol, true]));
    await receipt(asCarol.write.burn([3n]));

    assert.equal(await asAlice.read.balanceOf([alice]), 0n);
    assert.equal(await asAlice.read.totalSupply(), 0n);
    assert.equal(await asAlice.read.exists([1n]), false);
    await expectRevert(asAlice.read.ownerOf([1n]), 'ERC721NonexistentToken', [1n]);
    await expectRevert(asAlice.write.burn([1n]), 'ERC721NonexistentToken', [1n]);
    await expectRevert(asMinter.write.mint([alice, 1n]), 'TokenAlreadyMinted', [1n]);
  });
});
