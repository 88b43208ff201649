import assert from 'node:assert/strict';
import { eventArgs, expectRevert, receipt } from './helpers.js';
import { world } from './fixtures.js';

describe('locks (ERC-5192)', () => {
  it('lets only the token owner lock and unlock; a locked token cannot move or burn', async () => {
    const { asMinter, asAlice, asBob, alice, bob } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asAlice.read.locked([2n]), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asAlice.write.disallowTokenTransfers([2n]), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asBob.write.disallowTokenTransfers([1n]), 'NotTokenOwner', [bob, 1n]);
    // Approved accounts and operators cannot lock either: only the owner.
    await receipt(asAlice.write.setApprovalForAll([bob, true]));
    await expectRevert(asBob.write.setLocked([1n, true]), 'NotTokenOwner', [bob, 1n]);

    const locked = await receipt(asAlice.write.disallowTokenTransfers([1n]));
    assert.deepEqual(eventArgs(locked, 'Locked'), [{ tokenId: 1n }]);
    assert.equal(await asAlice.read.locked([1n]), true);
    // Locking again changes nothing and says nothing.
    assert.deepEqual(eventArgs(await receipt(asAlice.write.setLocked([1n, true])), 'Locked'), []);

    await expectRevert(asAlice.write.transferFrom([alice, bob, 1n]), 'TokenLocked', [1n]);
    await expectRevert(asBob.write.safeTransferFrom([alice, bob, 1n]), 'TokenLocked', [1n]);
    await expectRevert(asAlice.write.burn([1n]), 'TokenLocked', [1n]);
    await expectRevert(asBob.write.allowTokenTransfers([1n]), 'NotTokenOwner', [bob, 1n]);

    const unlocked = await receipt(asAlice.write.allowTokenTransfers([1n]));
    assert.deepEqual(eventArgs(unlocked, 'Unlocked'), [{ tokenId: 1n }]);
    assert.deepEqual(eventArgs(await receipt(asAlice.write.allowTokenTransfers([1n])), 'Unlocked'), []);
    assert.equal(await asAlice.read.locked([1n]), false);

    assert.deepEqual(eventArgs(await receipt(asAlice.write.setLocked([1n, true])), 'Locked'), [
      { tokenId: 1n },
    ]);
    assert.deepEqual(eventArgs(await receipt(asAlice.write.setLocked([1n, false])), 'Unlocked'), [
      { tokenId: 1n },
    ]);
    await receipt(asAlice.write.transferFrom([alice, bob, 1n]));
    assert.equal(await asAlice.read.ownerOf([1n]), bob);
  });
});

describe('tags', () => {
  it('lets the token owner or the minter connect a token to a tag', async () => {
    const { asMinter, asAlice, asBob, alice, bob } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asAlice.read.connectedToTag([2n]), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asMinter.write.setConnectToTag([2n, true]), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asBob.write.setConnectToTag([1n, true]), 'NotTokenOwnerOrMinter', [bob, 1n]);
    assert.equal(await asAlice.read.connectedToTag([1n]), false);

    const connected = await receipt(asAlice.write.setConnectToTag([1n, true]));
    assert.deepEqual(eventArgs(connected, 'ConnectedToTag'), [{ tokenId: 1n, status: true }]);
    assert.equal(await asAlice.read.connectedToTag([1n]), true);
    // The tag stays with the token when it changes hands.
    await receipt(asAlice.write.transferFrom([alice, bob, 1n]));
    assert.equal(await asAlice.read.connectedToTag([1n]), true);

    const disconnected = await receipt(asMinter.write.setConnectToTag([1n, false]));
    assert.deepEqual(eventArgs(disconnected, 'ConnectedToTag'), [{ tokenId: 1n, status: false }]);
    assert.equal(await asAlice.read.connectedToTag([1n]), false);
    await receipt(asBob.write.setConnectToTag([1n, true]));
    assert.equal(await asAlice.read.connectedToTag([1n]), true);
  });
});
