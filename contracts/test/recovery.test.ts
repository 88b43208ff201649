import assert from 'node:assert/strict';
import { zeroAddress } from 'viem';
import {
  deployCollection,
  contractAt,
  collectionAbi,
  eventArgs,
  expectRevert,
  now,
  receipt,
} from './helpers.js';
import { sendTransferSigned, world } from './fixtures.js';

const BASE = 1n << 255n;

/** The world's collection with recovery switched on at deployment (before any token exists). */
async function recoverable() {
  const w = await world();
  await receipt(w.asOwner.write.setRecoveryAllowed([true]));
  return w;
}

describe('recovery switch', () => {
  it('is off by default; only the owner turns it on, and only while no token exists', async () => {
    const { asOwner, asMinter, asAlice, alice, minter } = await world();
    assert.equal(await asOwner.read.recoveryAllowed(), false);
    await expectRevert(asMinter.write.setRecoveryAllowed([true]), 'OwnableUnauthorizedAccount', [minter]);
    await expectRevert(asAlice.write.setRecoveryAllowed([false]), 'OwnableUnauthorizedAccount', [alice]);

    const on = await receipt(asOwner.write.setRecoveryAllowed([true]));
    assert.deepEqual(eventArgs(on, 'RecoveryPolicyChanged'), [{ allowed: true }]);
    assert.equal(await asOwner.read.recoveryAllowed(), true);
    // Saying it again before the first mint is harmless.
    await receipt(asOwner.write.setRecoveryAllowed([true]));

    await receipt(asMinter.write.mint([alice, 1n]));
    // Once a holder exists the terms cannot get worse for them: on stays possible only as it is.
    await expectRevert(asOwner.write.setRecoveryAllowed([true]), 'RecoverySwitchLocked', []);
    assert.equal(await asOwner.read.recoveryAllowed(), true);
  });

  it('cannot be turned on once the collection has a token, even if recovery was never decided', async () => {
    const { asOwner, asMinter, asAlice, alice } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asOwner.write.setRecoveryAllowed([true]), 'RecoverySwitchLocked', []);
    // When every token is burned nobody holds terms any more: the switch opens again.
    await receipt(asAlice.write.burn([1n]));
    await receipt(asOwner.write.setRecoveryAllowed([true]));
    assert.equal(await asOwner.read.recoveryAllowed(), true);
  });

  it('is off forever once turned off', async () => {
    const { asOwner } = await recoverable();
    const off = await receipt(asOwner.write.setRecoveryAllowed([false]));
    assert.deepEqual(eventArgs(off, 'RecoveryPolicyChanged'), [{ allowed: false }]);
    assert.equal(await asOwner.read.recoveryAllowed(), false);
    await expectRevert(asOwner.write.setRecoveryAllowed([true]), 'RecoverySwitchLocked', []);
    await receipt(asOwner.write.setRecoveryAllowed([false]));
    assert.equal(await asOwner.read.recoveryAllowed(), false);
  });

  it('belongs to each collection', async () => {
    const { asOwner, locator, owner } = await recoverable();
    const { address } = await deployCollection(locator, owner, 'Other', 'OTH');
    assert.equal(await asOwner.read.recoveryAllowed(), true);
    assert.equal(await contractAt(collectionAbi, address, owner).read.recoveryAllowed(), false);
  });
});

describe('recover', () => {
  it('moves a locked token to the brand without its holder, logs the reason and keeps the lock', async () => {
    const { asOwner, asMinter, asAlice, alice, bob, owner } = await recoverable();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asAlice.write.approve([bob, 1n]));
    await receipt(asAlice.write.setLocked([1n, true]));
    const nonce = await asOwner.read.transferNonce([1n]);

    const mined = await receipt(asOwner.write.recover([1n, owner, 'returned to the shop']));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: alice, to: owner, tokenId: 1n }]);
    assert.deepEqual(eventArgs(mined, 'Recovered'), [
      { tokenId: 1n, from: alice, to: owner, reason: 'returned to the shop' },
    ]);
    assert.equal(await asOwner.read.ownerOf([1n]), owner);
    assert.equal(await asOwner.read.balanceOf([alice]), 0n);
    assert.equal(await asOwner.read.balanceOf([owner]), 1n);
    assert.equal(await asOwner.read.locked([1n]), true);
    assert.equal(await asOwner.read.transferNonce([1n]), nonce + 1);
    // The old holder's approval died with the move.
    assert.equal(await asOwner.read.getApproved([1n]), zeroAddress);
    assert.equal(await asOwner.read.totalSupply(), 1n);
  });

  it('sends a token to a new address and voids a signed transfer given before', async () => {
    const { asOwner, asMinter, asBob, alice, bob, carol } = await recoverable();
    await receipt(asMinter.write.mint([alice, 1n]));
    const deadline = (await now()) + 3600n;
    const voucher = { to: carol, tokenId: 1n, nonce: 0, deadline };
    await receipt(asOwner.write.recover([1n, bob, 'lost wallet: the buyer proved the purchase']));
    assert.equal(await asOwner.read.ownerOf([1n]), bob);
    await expectRevert(sendTransferSigned(asBob, voucher), 'AuthorizationUsed', []);
    // Recovered again (a theft report on the new address): every recovery is logged.
    const again = await receipt(asOwner.write.recover([1n, carol, 'theft reported']));
    assert.deepEqual(eventArgs(again, 'Recovered'), [
      { tokenId: 1n, from: bob, to: carol, reason: 'theft reported' },
    ]);
  });

  it('recovers a lazily owned child and leaves its siblings where they were', async () => {
    const { asOwner, asMinter, asAlice, alice, bob } = await recoverable();
    await receipt(asMinter.write.mintWithLimit([alice, 1n, 5n]));
    await receipt(asAlice.write.mintChildBatch([1n, 3n]));
    await receipt(asOwner.write.recover([BASE + 2n, bob, 'returned']));
    assert.equal(await asOwner.read.ownerOf([BASE + 1n]), alice);
    assert.equal(await asOwner.read.ownerOf([BASE + 2n]), bob);
    assert.equal(await asOwner.read.ownerOf([BASE + 3n]), alice);
    assert.equal(await asOwner.read.whoIsFather([BASE + 2n]), 1n);
  });

  it('is the collection owner’s alone, and only when the switch is on', async () => {
    const w = await world();
    await receipt(w.asMinter.write.mint([w.alice, 1n]));
    await expectRevert(w.asOwner.write.recover([1n, w.owner, 'returned']), 'RecoveryNotAllowed', []);

    const { asOwner, asMinter, asAlice, asBob, alice, bob, minter, owner } = await recoverable();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asAlice.write.setApprovalForAll([bob, true]));
    await expectRevert(asMinter.write.recover([1n, minter, 'x']), 'OwnableUnauthorizedAccount', [minter]);
    await expectRevert(asBob.write.recover([1n, bob, 'x']), 'OwnableUnauthorizedAccount', [bob]);
    await expectRevert(asAlice.write.recover([1n, bob, 'x']), 'OwnableUnauthorizedAccount', [alice]);
    // Renounced later: no more recoveries.
    await receipt(asOwner.write.setRecoveryAllowed([false]));
    await expectRevert(asOwner.write.recover([1n, owner, 'returned']), 'RecoveryNotAllowed', []);
  });

  it('refuses a missing reason, a long one, a missing token and a pointless receiver', async () => {
    const { asOwner, asMinter, alice, owner } = await recoverable();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asOwner.write.recover([1n, owner, '']), 'InvalidRecoveryReason', [0n]);
    await expectRevert(asOwner.write.recover([1n, owner, 'x'.repeat(201)]), 'InvalidRecoveryReason', [201n]);
    await expectRevert(asOwner.write.recover([2n, owner, 'returned']), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asOwner.write.recover([1n, zeroAddress, 'returned']), 'ERC721InvalidReceiver', [
      zeroAddress,
    ]);
    await expectRevert(asOwner.write.recover([1n, alice, 'returned']), 'ERC721InvalidReceiver', [alice]);
    assert.equal(await asOwner.read.MAX_RECOVERY_REASON(), 200n);
    await receipt(asOwner.write.recover([1n, owner, 'é'.repeat(100)]));
  });

  it('refuses a redeemed token (it was spent) and a burned one', async () => {
    const { asOwner, asMinter, asAlice, alice, owner } = await recoverable();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asMinter.write.mint([alice, 2n]));
    await receipt(asAlice.write.redeem([1n, false]));
    await expectRevert(asOwner.write.recover([1n, owner, 'returned']), 'TokenRedeemed', [1n]);
    await receipt(asAlice.write.redeem([2n, true]));
    await expectRevert(asOwner.write.recover([2n, owner, 'returned']), 'ERC721NonexistentToken', [2n]);
  });
});
