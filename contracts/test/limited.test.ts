import assert from 'node:assert/strict';
import { zeroAddress, type Address } from 'viem';
import { signTransferVoucher } from '@metatag/contracts';
import { eventArgs, expectRevert, publicClient, receipt, target, type Collection } from './helpers.js';
import { minterAccount, world, type World } from './fixtures.js';
import { fuzzSeed, random } from './random.js';

const BASE = 1n << 255n;
const child = (n: number | bigint) => BASE + BigInt(n);

describe('limits', () => {
  it('lets only the minter mint with a limit or set a limit', async () => {
    const { asMinter, asAlice, alice } = await world();
    await expectRevert(asAlice.write.mintWithLimit([alice, 1n, 5n]), 'NotMinter', [alice]);
    const mined = await receipt(asMinter.write.mintWithLimit([alice, 1n, 5n]));
    assert.deepEqual(eventArgs(mined, 'NewLimit'), [{ tokenId: 1n, limit: 5n }]);
    assert.equal(await asAlice.read.limitPerUid([1n]), 5n);
    assert.equal(await asAlice.read.mintedChildren([1n]), 0n);
    assert.equal(await asAlice.read.availableChildren([1n]), 5n);

    await expectRevert(asAlice.write.setLimit([1n, 9n]), 'NotMinter', [alice]);
    await expectRevert(asMinter.write.setLimit([2n, 9n]), 'ERC721NonexistentToken', [2n]);
    assert.deepEqual(eventArgs(await receipt(asMinter.write.setLimit([1n, 9n])), 'NewLimit'), [
      { tokenId: 1n, limit: 9n },
    ]);
    await receipt(asAlice.write.mintChildBatch([1n, 3n]));
    await expectRevert(asMinter.write.setLimit([1n, 2n]), 'LimitBelowMinted', [1n, 3n, 2n]);
    await receipt(asMinter.write.setLimit([1n, 3n]));
    assert.equal(await asAlice.read.availableChildren([1n]), 0n);
    await expectRevert(asAlice.write.mintChildBatch([1n, 1n]), 'ChildLimitExceeded', [1n, 0n, 1n]);
  });
});

describe('mintChildBatch and whoIsFather', () => {
  it('mints children to the parent owner, up to the limit, with consecutive ids', async () => {
    const { asMinter, asAlice, asBob, alice, bob } = await world();
    await receipt(asMinter.write.mintWithLimit([alice, 100n, 12n]));
    await receipt(asMinter.write.mintWithLimit([bob, 200n, 3n]));

    await expectRevert(asAlice.write.mintChildBatch([300n, 1n]), 'ERC721NonexistentToken', [300n]);
    await expectRevert(asBob.write.mintChildBatch([100n, 1n]), 'NotTokenOwner', [bob, 100n]);
    await expectRevert(asAlice.write.mintChildBatch([100n, 0n]), 'InvalidBatchAmount', [0n]);
    await expectRevert(asAlice.write.mintChildBatch([100n, 501n]), 'InvalidBatchAmount', [501n]);
    await expectRevert(asAlice.write.mintChildBatch([100n, 13n]), 'ChildLimitExceeded', [100n, 12n, 13n]);

    const first = await receipt(asAlice.write.mintChildBatch([100n, 10n]));
    assert.deepEqual(
      eventArgs(first, 'MintChild'),
      Array.from({ length: 10 }, (_, i) => ({ owner: alice, child: child(i + 1), parent: 100n })),
    );
    assert.deepEqual(
      eventArgs(first, 'Transfer'),
      Array.from({ length: 10 }, (_, i) => ({ from: zeroAddress, to: alice, tokenId: child(i + 1) })),
    );
    await receipt(asBob.write.mintChildBatch([200n, 3n]));
    await receipt(asAlice.write.mintChildBatch([100n, 2n]));

    for (let i = 1; i <= 10; i++) {
      assert.equal(await asAlice.read.ownerOf([child(i)]), alice);
      assert.equal(await asAlice.read.whoIsFather([child(i)]), 100n);
    }
    for (let i = 11; i <= 13; i++) {
      assert.equal(await asAlice.read.ownerOf([child(i)]), bob);
      assert.equal(await asAlice.read.whoIsFather([child(i)]), 200n);
    }
    for (const i of [14, 15]) assert.equal(await asAlice.read.whoIsFather([child(i)]), 100n);
    assert.equal(await asAlice.read.exists([child(16)]), false);
    await expectRevert(asAlice.read.ownerOf([child(16)]), 'ERC721NonexistentToken', [child(16)]);
    await expectRevert(asAlice.read.ownerOf([BASE]), 'ERC721NonexistentToken', [BASE]);
    assert.equal(await asAlice.read.balanceOf([alice]), 13n);
    assert.equal(await asAlice.read.balanceOf([bob]), 4n);
    assert.equal(await asAlice.read.totalSupply(), 17n);
    assert.equal(await asAlice.read.mintedChildren([100n]), 12n);
    assert.equal(await asAlice.read.availableChildren([100n]), 0n);
    assert.equal(await asAlice.read.availableChildren([200n]), 0n);
  });

  it('answers whoIsFather only for children', async () => {
    const { asMinter, asAlice, alice } = await world();
    await receipt(asMinter.write.mint([alice, 1n]));
    await expectRevert(asAlice.read.whoIsFather([1n]), 'NotAChild', [1n]);
    await expectRevert(asAlice.read.whoIsFather([2n]), 'ERC721NonexistentToken', [2n]);
    await expectRevert(asAlice.read.whoIsFather([child(1)]), 'ERC721NonexistentToken', [child(1)]);
  });

  it('lets a child be a parent too, and the father 0 (the default UID) works', async () => {
    const { asMinter, asAlice, asBob, alice, bob } = await world();
    await receipt(asMinter.write.mintWithLimit([alice, 0n, 20n]));
    await receipt(asAlice.write.mintChildBatch([0n, 20n]));
    assert.equal(await asAlice.read.whoIsFather([child(20)]), 0n);
    // Give a lazily owned child (no slot of its own yet) a limit and children.
    await receipt(asAlice.write.transferFrom([alice, bob, child(18)]));
    await receipt(asMinter.write.setLimit([child(18), 2n]));
    await receipt(asBob.write.mintChildBatch([child(18), 2n]));
    assert.equal(await asAlice.read.whoIsFather([child(21)]), child(18));
    assert.equal(await asAlice.read.whoIsFather([child(18)]), 0n);
    assert.equal(await asAlice.read.ownerOf([child(22)]), bob);
    assert.equal(await asAlice.read.ownerOf([child(19)]), alice);
  });

  it('mints the largest batch', async () => {
    const { asMinter, asAlice, alice } = await world();
    await receipt(asMinter.write.mintWithLimit([alice, 1n, 500n]));
    await receipt(asAlice.write.mintChildBatch([1n, 500n]));
    for (const i of [1, 15, 16, 17, 250, 499, 500])
      assert.equal(await asAlice.read.ownerOf([child(i)]), alice);
    assert.equal(await asAlice.read.balanceOf([alice]), 501n);
  });
});

interface ModelToken {
  owner: Address;
  burned: boolean;
  locked: boolean;
  connected: boolean;
  nonce: number;
  father: bigint;
}

async function checkModel(w: World, model: Map<bigint, ModelToken>, label: string) {
  const balances = new Map<Address, bigint>();
  for (const [id, token] of model) {
    const exists = await w.asAlice.read.exists([id]);
    assert.equal(exists, !token.burned, `${label}: exists ${id - BASE}`);
    if (token.burned) continue;
    balances.set(token.owner, (balances.get(token.owner) ?? 0n) + 1n);
    assert.equal(await w.asAlice.read.ownerOf([id]), token.owner, `${label}: owner of ${id - BASE}`);
    assert.equal(await w.asAlice.read.locked([id]), token.locked, `${label}: locked ${id - BASE}`);
    assert.equal(await w.asAlice.read.connectedToTag([id]), token.connected, `${label}: tag ${id - BASE}`);
    assert.equal(await w.asAlice.read.transferNonce([id]), token.nonce, `${label}: nonce ${id - BASE}`);
    assert.equal(await w.asAlice.read.whoIsFather([id]), token.father, `${label}: father ${id - BASE}`);
  }
  // The two parents are not in the model.
  const alive = [...model.values()].filter((token) => !token.burned).length;
  assert.equal(await w.asAlice.read.totalSupply(), BigInt(alive) + 2n, `${label}: totalSupply`);
  for (const [account, balance] of balances) {
    // Parents are not in the model: subtract them.
    const parents = account === w.alice ? 2n : 0n;
    assert.equal(
      (await w.asAlice.read.balanceOf([account])) - parents,
      balance,
      `${label}: balance of ${account}`,
    );
  }
}

describe('lazily owned children', () => {
  it(`keep exact owners, locks, tags and parents through random operations (seed ${fuzzSeed})`, async () => {
    const w = await world();
    const { asMinter, asAlice, asBob, asCarol, alice, bob, carol } = w;
    const as = new Map<Address, Collection>([
      [alice, asAlice],
      [bob, asBob],
      [carol, asCarol],
    ]);
    await receipt(asMinter.write.mintWithLimit([alice, 7n, 60n]));
    await receipt(asMinter.write.mintWithLimit([alice, 8n, 10n]));
    await receipt(asAlice.write.mintChildBatch([7n, 40n])); // children 1..40 (checkpoints at 1, 17, 33)
    await receipt(asAlice.write.mintChildBatch([8n, 7n])); // children 41..47
    await receipt(asAlice.write.mintChildBatch([7n, 1n])); // child 48
    const model = new Map<bigint, ModelToken>();
    for (let i = 1; i <= 48; i++) {
      model.set(child(i), {
        owner: alice,
        burned: false,
        locked: false,
        connected: false,
        nonce: 0,
        father: i >= 41 && i <= 47 ? 8n : 7n,
      });
    }
    await checkModel(w, model, 'after minting');

    const rng = random(fuzzSeed + 7);
    const people = [alice, bob, carol];
    const deadline = (await publicClient.getBlock()).timestamp + 100_000n;
    for (let step = 0; step < 60; step++) {
      const id = child(rng.int(1, 48));
      const token = model.get(id);
      assert.ok(token);
      if (token.burned) continue;
      const actor = as.get(token.owner);
      assert.ok(actor);
      const to = rng.pick(people.filter((p) => p !== token.owner));
      const action = rng.pick([
        'transfer',
        'signedTransfer',
        'burn',
        'lock',
        'unlock',
        'tag',
        'approveMove',
      ] as const);
      const label = `step ${step}: ${action} ${id - BASE}`;
      if (action === 'lock' || action === 'unlock') {
        await receipt(actor.write.setLocked([id, action === 'lock']));
        token.locked = action === 'lock';
      } else if (action === 'tag') {
        const status = !token.connected;
        await receipt((rng.bool() ? asMinter : actor).write.setConnectToTag([id, status]));
        token.connected = status;
      } else if (token.locked) {
        await expectRevert(actor.write.transferFrom([token.owner, to, id]), 'TokenLocked', [id]);
      } else if (action === 'transfer') {
        await receipt(actor.write.transferFrom([token.owner, to, id]));
        Object.assign(token, { owner: to, nonce: token.nonce + 1 });
      } else if (action === 'approveMove') {
        await receipt(actor.write.approve([to, id]));
        const approved = as.get(to);
        assert.ok(approved);
        await receipt(approved.write.transferFrom([token.owner, to, id]));
        Object.assign(token, { owner: to, nonce: token.nonce + 1 });
      } else if (action === 'signedTransfer') {
        const voucher = { to, tokenId: id, nonce: token.nonce, deadline };
        const { v, r, s } = await signTransferVoucher(minterAccount, target(w.collection), voucher);
        await receipt(asCarol.write.transferSigned([v, r, s, to, id, deadline]));
        Object.assign(token, { owner: to, nonce: token.nonce + 1 });
      } else {
        await receipt(actor.write.burn([id]));
        Object.assign(token, { burned: true });
      }
      if (step % 10 === 9) await checkModel(w, model, label);
    }
    await checkModel(w, model, 'at the end');
  });
});
