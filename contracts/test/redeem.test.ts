import assert from 'node:assert/strict';
import { eventArgs, expectRevert, now, receipt } from './helpers.js';
import { sendMintSigned, sendTransferSigned, world } from './fixtures.js';
import { zeroAddress } from 'viem';

const BASE = 1n << 255n;

describe('redeem', () => {
  it('locks a token forever: no unlock, transfer, signed transfer, burn or second redemption', async () => {
    const { asOwner, asMinter, asAlice, asBob, alice, bob } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    assert.equal(await asOwner.read.redeemed([1n]), false);

    const mined = await receipt(asAlice.write.redeem([1n, false]));
    assert.deepEqual(eventArgs(mined, 'Locked'), [{ tokenId: 1n }]);
    assert.deepEqual(eventArgs(mined, 'Redeemed'), [{ tokenId: 1n, holder: alice, burned: false }]);
    assert.deepEqual(eventArgs(mined, 'Transfer'), []);
    assert.equal(await asOwner.read.redeemed([1n]), true);
    assert.equal(await asOwner.read.locked([1n]), true);
    assert.equal(await asOwner.read.ownerOf([1n]), alice);

    await expectRevert(asAlice.write.redeem([1n, false]), 'TokenRedeemed', [1n]);
    await expectRevert(asAlice.write.redeem([1n, true]), 'TokenRedeemed', [1n]);
    await expectRevert(asAlice.write.allowTokenTransfers([1n]), 'TokenRedeemed', [1n]);
    await expectRevert(asAlice.write.setLocked([1n, false]), 'TokenRedeemed', [1n]);
    // Locking again is still a no-op.
    await receipt(asAlice.write.setLocked([1n, true]));
    await expectRevert(asAlice.write.transferFrom([alice, bob, 1n]), 'TokenLocked', [1n]);
    await expectRevert(asAlice.write.burn([1n]), 'TokenLocked', [1n]);
    const deadline = (await now()) + 3600n;
    await expectRevert(
      sendTransferSigned(asBob, { to: bob, tokenId: 1n, nonce: 0, deadline }),
      'TokenLocked',
      [1n],
    );
  });

  it('redeems a token minted locked without a second Locked event', async () => {
    const { asOwner, asBob, bob } = await world();
    const deadline = (await now()) + 3600n;
    await receipt(
      sendMintSigned(asBob, {
        to: bob,
        tokenId: 7n,
        price: 0n,
        payoutAddress: zeroAddress,
        disallowTransfers: true,
        deadline,
      }),
    );
    const mined = await receipt(asBob.write.redeem([7n, false]));
    assert.deepEqual(eventArgs(mined, 'Locked'), []);
    assert.deepEqual(eventArgs(mined, 'Redeemed'), [{ tokenId: 7n, holder: bob, burned: false }]);
    assert.equal(await asOwner.read.redeemed([7n]), true);
  });

  it('burns a token once; the id can never be minted or redeemed again', async () => {
    const { asOwner, asMinter, asAlice, alice } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asMinter.write.mint([alice, 2n]));
    const mined = await receipt(asAlice.write.redeem([1n, true]));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: alice, to: zeroAddress, tokenId: 1n }]);
    assert.deepEqual(eventArgs(mined, 'Redeemed'), [{ tokenId: 1n, holder: alice, burned: true }]);
    assert.equal(await asOwner.read.exists([1n]), false);
    assert.equal(await asOwner.read.redeemed([1n]), true);
    assert.equal(await asOwner.read.totalSupply(), 1n);
    assert.equal(await asOwner.read.balanceOf([alice]), 1n);
    await expectRevert(asAlice.write.redeem([1n, true]), 'ERC721NonexistentToken', [1n]);
    await expectRevert(asAlice.write.redeem([1n, false]), 'ERC721NonexistentToken', [1n]);
    await expectRevert(asMinter.write.mint([alice, 1n]), 'TokenAlreadyMinted', [1n]);
  });

  it('refuses to burn a locked token (unlock first or redeem by lock) and leaves it unredeemed', async () => {
    const { asOwner, asMinter, asAlice, alice } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asAlice.write.disallowTokenTransfers([1n]));
    await expectRevert(asAlice.write.redeem([1n, true]), 'TokenLocked', [1n]);
    assert.equal(await asOwner.read.redeemed([1n]), false);
    await receipt(asAlice.write.allowTokenTransfers([1n]));
    await receipt(asAlice.write.redeem([1n, true]));
    assert.equal(await asOwner.read.redeemed([1n]), true);
  });

  it('is the holder’s alone: not an operator, an approved account, the minter or the owner', async () => {
    const { asOwner, asMinter, asAlice, asBob, alice, bob, minter, owner } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asAlice.write.setApprovalForAll([bob, true]));
    await receipt(asAlice.write.approve([bob, 1n]));
    await expectRevert(asBob.write.redeem([1n, true]), 'NotTokenOwner', [bob, 1n]);
    await expectRevert(asMinter.write.redeem([1n, false]), 'NotTokenOwner', [minter, 1n]);
    await expectRevert(asOwner.write.redeem([1n, false]), 'NotTokenOwner', [owner, 1n]);
    await expectRevert(asAlice.write.redeem([9n, false]), 'ERC721NonexistentToken', [9n]);
  });

  it('redeems lazily owned children without moving their siblings', async () => {
    const { asOwner, asMinter, asAlice, alice } = await world();
    await receipt(asMinter.write.mintWithLimit([alice, 1n, 4n]));
    await receipt(asAlice.write.mintChildBatch([1n, 3n]));
    await receipt(asAlice.write.redeem([BASE + 1n, true]));
    await receipt(asAlice.write.redeem([BASE + 2n, false]));
    assert.equal(await asOwner.read.exists([BASE + 1n]), false);
    assert.equal(await asOwner.read.ownerOf([BASE + 2n]), alice);
    assert.equal(await asOwner.read.locked([BASE + 2n]), true);
    assert.equal(await asOwner.read.ownerOf([BASE + 3n]), alice);
    assert.equal(await asOwner.read.locked([BASE + 3n]), false);
    assert.equal(await asOwner.read.whoIsFather([BASE + 3n]), 1n);
  });
});
