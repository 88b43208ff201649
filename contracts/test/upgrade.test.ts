import assert from 'node:assert/strict';
import { parseEther, zeroAddress, type Address } from 'viem';
import { nftCodeAbi } from '@metatag/contracts';
import {
  collectionAbi,
  contractAt,
  deployArtifact,
  deployCollection,
  eventArgs,
  expectRevert,
  publicClient,
  receipt,
} from './helpers.js';
import { sendMintSigned, sendTransferSigned, world, type World } from './fixtures.js';

const BASE = 1n << 255n;
const v2Abi = [
  { type: 'function', name: 'hello', stateMutability: 'pure', inputs: [], outputs: [{ type: 'string' }] },
] as const;

/** Everything observable about a collection, to compare before and after an upgrade. */
async function snapshot(w: World, collection: Address) {
  const c = contractAt(collectionAbi, collection, w.owner);
  const ids = [1n, 2n, 3n, 4n, BASE + 1n, BASE + 2n, BASE + 3n];
  const tokens = [];
  for (const id of ids) {
    const exists = await c.read.exists([id]);
    tokens.push(
      exists
        ? {
            id,
            owner: await c.read.ownerOf([id]),
            locked: await c.read.locked([id]),
            connected: await c.read.connectedToTag([id]),
            approved: await c.read.getApproved([id]),
            nonce: await c.read.transferNonce([id]),
            uri: await c.read.tokenURI([id]),
            father: id > BASE ? await c.read.whoIsFather([id]) : undefined,
          }
        : { id, exists },
    );
  }
  return {
    name: await c.read.name(),
    symbol: await c.read.symbol(),
    base: await c.read.base(),
    owner: await c.read.owner(),
    minter: await c.read.minter(),
    proxyAdmin: await c.read.proxyAdmin(),
    totalSupply: await c.read.totalSupply(),
    balances: await Promise.all([w.alice, w.bob, w.carol].map((a) => c.read.balanceOf([a]))),
    operator: await c.read.isApprovedForAll([w.alice, w.carol]),
    limit: await c.read.limitPerUid([2n]),
    minted: await c.read.mintedChildren([2n]),
    royalty: await c.read.royaltyInfo([1n, 10_000n]),
    tokens,
  };
}

describe('upgrade through the locator', () => {
  it('upgrades every collection at once and keeps balances, owners, limits, locks and approvals', async () => {
    const w = await world();
    const { asOwner, asMinter, asAlice, asBob, alice, bob, carol, owner, locatorAsOwner } = w;
    const { address: second } = await deployCollection(w.locator, owner, 'Second', 'SEC');
    const secondAsOwner = contractAt(collectionAbi, second, owner);

    // A busy collection: plain, signed and limited mints, children, a burn, a lock, a tag, approvals.
    await receipt(asOwner.write.setBase(['ipfs://meta/']));
    await receipt(asOwner.write.setDefaultRoyalty([carol, 250n]));
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asMinter.write.mintWithLimit([alice, 2n, 5n]));
    const deadline = (await publicClient.getBlock()).timestamp + 3600n;
    await receipt(
      sendMintSigned(asBob, {
        to: bob,
        tokenId: 3n,
        price: parseEther('0.1'),
        payoutAddress: carol,
        disallowTransfers: true,
        deadline,
      }),
    );
    await receipt(asMinter.write.mint([alice, 4n]));
    await receipt(asAlice.write.burn([4n]));
    await receipt(asAlice.write.mintChildBatch([2n, 3n]));
    await receipt(asAlice.write.transferFrom([alice, bob, BASE + 2n]));
    await receipt(asAlice.write.approve([carol, 1n]));
    await receipt(asAlice.write.setApprovalForAll([carol, true]));
    await receipt(asAlice.write.setConnectToTag([1n, true]));
    await receipt(secondAsOwner.write.mint([bob, 1n]));

    const before = await snapshot(w, w.collection);
    const secondBefore = await secondAsOwner.read.ownerOf([1n]);

    const { address: v2 } = await deployArtifact('NFTCodeV2', nftCodeAbi, [], owner);
    const mined = await receipt(locatorAsOwner.write.setLibraryAddress([v2]));
    assert.deepEqual(eventArgs(mined, 'LibraryAddressChanged'), [{ libraryAddress: v2, version: 2n }]);

    for (const address of [w.collection, second]) {
      const c = contractAt(collectionAbi, address, owner);
      assert.equal(await c.read.implementation(), v2);
      assert.equal(await c.read.libraryVersion(), 3n);
      assert.equal(await contractAt(v2Abi, address, owner).read.hello(), 'v2');
    }
    assert.deepEqual(await snapshot(w, w.collection), before);
    assert.equal(await secondAsOwner.read.ownerOf([1n]), secondBefore);
    assert.equal(await secondAsOwner.read.name(), 'Second');

    // The upgraded collection keeps working: signed flows, children, locks.
    await receipt(
      sendMintSigned(asBob, {
        to: carol,
        tokenId: 5n,
        price: 0n,
        payoutAddress: zeroAddress,
        disallowTransfers: false,
        deadline,
      }),
    );
    await receipt(sendTransferSigned(asBob, { to: carol, tokenId: 1n, nonce: 0, deadline }));
    assert.equal(await asOwner.read.ownerOf([1n]), carol);
    await receipt(asAlice.write.mintChildBatch([2n, 2n]));
    assert.equal(await asOwner.read.ownerOf([BASE + 5n]), alice);
    assert.equal(await asOwner.read.whoIsFather([BASE + 5n]), 2n);
    await expectRevert(asAlice.write.mintChildBatch([2n, 1n]), 'ChildLimitExceeded', [2n, 0n, 1n]);
    await expectRevert(asBob.write.transferFrom([bob, alice, 3n]), 'TokenLocked', [3n]);
    await receipt(asBob.write.allowTokenTransfers([3n]));
    await receipt(asBob.write.transferFrom([bob, alice, 3n]));

    // And back again.
    await receipt(locatorAsOwner.write.setLibraryAddress([w.nftCode]));
    assert.equal(await asOwner.read.libraryVersion(), 2n);
    assert.equal(await asOwner.read.ownerOf([3n]), alice);
  });
});
