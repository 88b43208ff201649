import assert from 'node:assert/strict';
import {
  encodeAbiParameters,
  getAddress,
  keccak256,
  parseEther,
  toHex,
  recoverAddress,
  zeroAddress,
  type Address,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import {
  hashMintVoucher,
  hashMintWithLimitVoucher,
  hashTransferVoucher,
  signMintVoucher,
  signTransferVoucher,
  voucherDomain,
  type MintVoucher,
  type TransferVoucher,
} from '@metatag/contracts';
import {
  chain,
  deployArtifact,
  eventArgs,
  expectRevert,
  publicClient,
  receipt,
  revertOf,
  target,
  testClient,
} from './helpers.js';
import {
  minterAccount,
  sendMintSigned,
  sendMintSignedWithLimit,
  sendTransferSigned,
  world,
} from './fixtures.js';
import { fuzzSeed, random } from './random.js';

/** Fixes the next block's timestamp so deadlines are exact. */
async function nextBlockAt(timestamp: bigint): Promise<bigint> {
  await testClient.setNextBlockTimestamp({ timestamp });
  return timestamp;
}

async function later(seconds: bigint): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp + seconds;
}

function freeMint(to: Address, tokenId: bigint, deadline: bigint): MintVoucher {
  return { to, tokenId, price: 0n, payoutAddress: zeroAddress, disallowTransfers: false, deadline };
}

describe('hash helpers', () => {
  it('match the EIP-712 digests viem computes (domain bound to chain id and collection)', async () => {
    const { asAlice, alice, bob, collection } = await world();
    const where = target(collection);
    const domain = voucherDomain(where);
    const separator = keccak256(
      encodeAbiParameters(
        [
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'bytes32' },
          { type: 'uint256' },
          { type: 'address' },
        ],
        [
          keccak256(
            toHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
          ),
          keccak256(toHex(domain.name)),
          keccak256(toHex(domain.version)),
          BigInt(domain.chainId),
          domain.verifyingContract,
        ],
      ),
    );
    assert.equal(await asAlice.read.domainSeparator(), separator);

    const mint: MintVoucher = {
      to: alice,
      tokenId: 42n,
      price: parseEther('0.5'),
      payoutAddress: bob,
      disallowTransfers: true,
      deadline: 1_900_000_000n,
    };
    assert.equal(
      await asAlice.read.getMintHash([
        mint.to,
        mint.tokenId,
        mint.price,
        mint.payoutAddress,
        mint.disallowTransfers,
        mint.deadline,
      ]),
      hashMintVoucher(where, mint),
    );
    const withLimit = { ...mint, limit: 10n };
    assert.equal(
      await asAlice.read.getMintWithLimitHash([
        mint.to,
        mint.tokenId,
        mint.price,
        mint.payoutAddress,
        mint.disallowTransfers,
        mint.deadline,
        withLimit.limit,
      ]),
      hashMintWithLimitVoucher(where, withLimit),
    );
    assert.equal(
      await asAlice.read.getTransferHash([bob, 42n, 1_900_000_000n]),
      hashTransferVoucher(where, { to: bob, tokenId: 42n, nonce: 0, deadline: 1_900_000_000n }),
    );
  });
});

describe('signed mint', () => {
  it('mints for free with a minter authorization sent by anyone', async () => {
    const { asBob, alice } = await world();
    const voucher = freeMint(alice, 5n, await later(60n));
    const mined = await receipt(sendMintSigned(asBob, voucher));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: zeroAddress, to: alice, tokenId: 5n }]);
    assert.deepEqual(eventArgs(mined, 'Locked'), []);
    assert.equal(await asBob.read.ownerOf([5n]), alice);
    assert.equal(await asBob.read.locked([5n]), false);
    assert.equal(await asBob.read.totalSupply(), 1n);
    // The token id is the nonce: the same authorization cannot mint twice.
    await expectRevert(sendMintSigned(asBob, voucher), 'TokenAlreadyMinted', [5n]);
  });

  it('sends exactly the signed price to the payout address', async () => {
    const { asBob, alice, carol } = await world();
    const price = parseEther('0.25');
    const voucher = { ...freeMint(alice, 6n, await later(60n)), price, payoutAddress: carol };
    await expectRevert(sendMintSigned(asBob, voucher, { value: price - 1n }), 'IncorrectPayment', [
      price,
      price - 1n,
    ]);
    await expectRevert(sendMintSigned(asBob, voucher, { value: price + 1n }), 'IncorrectPayment', [
      price,
      price + 1n,
    ]);
    await expectRevert(sendMintSigned(asBob, voucher, { value: 0n }), 'IncorrectPayment', [price, 0n]);
    const before = await publicClient.getBalance({ address: carol });
    await receipt(sendMintSigned(asBob, voucher));
    assert.equal((await publicClient.getBalance({ address: carol })) - before, price);
    assert.equal(await publicClient.getBalance({ address: asBob.address }), 0n);
  });

  it('refuses a price without payout address, and a payout address that refuses ether', async () => {
    const { asBob, alice, owner } = await world();
    const { address: refusing } = await deployArtifact('RefusingReceiver', [], [], owner);
    const deadline = await later(60n);
    await expectRevert(
      sendMintSigned(asBob, { ...freeMint(alice, 7n, deadline), price: 1n }),
      'InvalidPayoutAddress',
      [],
    );
    await expectRevert(
      sendMintSigned(asBob, { ...freeMint(alice, 7n, deadline), price: 1n, payoutAddress: refusing }),
      'PaymentFailed',
      [refusing],
    );
  });

  it('mints locked when disallowTransfers is signed; the owner can unlock', async () => {
    const { asAlice, asBob, alice, bob } = await world();
    const voucher = { ...freeMint(alice, 8n, await later(60n)), disallowTransfers: true };
    const mined = await receipt(sendMintSigned(asBob, voucher));
    assert.deepEqual(eventArgs(mined, 'Locked'), [{ tokenId: 8n }]);
    assert.equal(await asAlice.read.locked([8n]), true);
    await expectRevert(asAlice.write.transferFrom([alice, bob, 8n]), 'TokenLocked', [8n]);
    await receipt(asAlice.write.allowTokenTransfers([8n]));
    await receipt(asAlice.write.transferFrom([alice, bob, 8n]));
  });

  it('accepts an authorization until its deadline second, not after', async () => {
    const { asBob, alice } = await world();
    const deadline = await later(100n);
    await nextBlockAt(deadline + 1n);
    await expectRevert(sendMintSigned(asBob, freeMint(alice, 9n, deadline)), 'AuthorizationExpired', [
      deadline,
    ]);
    const deadline2 = deadline + 50n;
    await nextBlockAt(deadline2);
    await receipt(sendMintSigned(asBob, freeMint(alice, 9n, deadline2)));
  });

  it('refuses other signers, other chains, other collections and altered fields', async () => {
    const { asBob, alice, bob, collection } = await world();
    const deadline = await later(60n);
    const voucher = freeMint(alice, 10n, deadline);
    const stranger = privateKeyToAccount(
      '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690e',
    );
    await expectRevert(sendMintSigned(asBob, voucher, { signer: stranger }), 'InvalidSigner', [
      stranger.address,
    ]);

    for (const options of [{ chainId: 1 }, { chainId: 1337 }, { collection: bob }]) {
      const signed = await signMintVoucher(minterAccount, { ...target(collection), ...options }, voucher);
      const recovered = await recoverAddress({
        hash: hashMintVoucher(target(collection), voucher),
        signature: signed.signature,
      });
      await expectRevert(sendMintSigned(asBob, voucher, options), 'InvalidSigner', [recovered]);
    }

    // A signature over other data (here another recipient) recovers to someone else.
    const { v, r, s } = await signMintVoucher(minterAccount, target(collection), voucher);
    const failure = await asBob.write
      .mintSigned([v, r, s, bob, voucher.tokenId, 0n, zeroAddress, false, deadline])
      .then(() => assert.fail('expected a revert'), revertOf);
    assert.equal(failure.errorName, 'InvalidSigner');
    assert.notEqual(failure.args[0], minterAccount.address);
  });

  it('treats a malformed signature as no signer, even when minting is disabled', async () => {
    const { asOwner, asBob, alice } = await world();
    const deadline = await later(60n);
    const { r, s } = await signMintVoucher(
      minterAccount,
      target(asBob.address),
      freeMint(alice, 11n, deadline),
    );
    const args = [alice, 11n, 0n, zeroAddress, false, deadline] as const;
    await expectRevert(asBob.write.mintSigned([0, r, s, ...args]), 'InvalidSigner', [zeroAddress]);
    await receipt(asOwner.write.setMinter([zeroAddress]));
    await expectRevert(asBob.write.mintSigned([0, r, s, ...args]), 'InvalidSigner', [zeroAddress]);
    await expectRevert(sendMintSigned(asBob, freeMint(alice, 11n, deadline)), 'InvalidSigner', [
      minterAccount.address,
    ]);
  });

  it('refuses a reserved child id even with a valid authorization', async () => {
    const { asBob, alice } = await world();
    const id = (1n << 255n) + 1n;
    await expectRevert(sendMintSigned(asBob, freeMint(alice, id, await later(60n))), 'ReservedTokenId', [id]);
  });

  it('stops working when the minter changes', async () => {
    const { asOwner, asBob, alice, bob } = await world();
    const voucher = freeMint(alice, 12n, await later(60n));
    await receipt(asOwner.write.setMinter([bob]));
    await expectRevert(sendMintSigned(asBob, voucher), 'InvalidSigner', [minterAccount.address]);
  });

  it('mints with a limit', async () => {
    const { asBob, alice, carol } = await world();
    const voucher = {
      ...freeMint(alice, 13n, await later(60n)),
      price: 3n,
      payoutAddress: carol,
      disallowTransfers: true,
      limit: 25n,
    };
    await expectRevert(sendMintSignedWithLimit(asBob, voucher, { value: 2n }), 'IncorrectPayment', [3n, 2n]);
    const stranger = privateKeyToAccount(
      '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690e',
    );
    await expectRevert(sendMintSignedWithLimit(asBob, voucher, { signer: stranger }), 'InvalidSigner', [
      stranger.address,
    ]);
    // The limit is signed: a different limit does not verify.
    const mined = await receipt(sendMintSignedWithLimit(asBob, voucher));
    assert.deepEqual(eventArgs(mined, 'NewLimit'), [{ tokenId: 13n, limit: 25n }]);
    assert.deepEqual(eventArgs(mined, 'Locked'), [{ tokenId: 13n }]);
    assert.equal(await asBob.read.limitPerUid([13n]), 25n);
    assert.equal(await asBob.read.availableChildren([13n]), 25n);
    await expectRevert(sendMintSignedWithLimit(asBob, voucher), 'TokenAlreadyMinted', [13n]);
    await testClient.increaseTime({ seconds: 120 });
    await expectRevert(sendMintSignedWithLimit(asBob, { ...voucher, tokenId: 14n }), 'AuthorizationExpired', [
      voucher.deadline,
    ]);
  });
});

describe('signed transfer (claim)', () => {
  it('moves a token to `to` without an approval, once', async () => {
    const { asMinter, asCarol, alice, bob } = await world();
    await receipt(asMinter.write.mint([alice, 20n]));
    const voucher: TransferVoucher = { to: bob, tokenId: 20n, nonce: 0, deadline: await later(60n) };
    const mined = await receipt(sendTransferSigned(asCarol, voucher));
    assert.deepEqual(eventArgs(mined, 'Transfer'), [{ from: alice, to: bob, tokenId: 20n }]);
    assert.equal(await asCarol.read.ownerOf([20n]), bob);
    assert.equal(await asCarol.read.balanceOf([alice]), 0n);
    assert.equal(await asCarol.read.balanceOf([bob]), 1n);
    assert.equal(await asCarol.read.transferNonce([20n]), 1);
    await expectRevert(sendTransferSigned(asCarol, voucher), 'AuthorizationUsed', []);
  });

  it('dies when the token moves, and a new one uses the new nonce', async () => {
    const { asMinter, asAlice, asCarol, alice, bob, carol } = await world();
    await receipt(asMinter.write.mint([alice, 21n]));
    const deadline = await later(600n);
    const stale: TransferVoucher = { to: carol, tokenId: 21n, nonce: 0, deadline };
    await receipt(asAlice.write.transferFrom([alice, bob, 21n]));
    await expectRevert(sendTransferSigned(asCarol, stale), 'AuthorizationUsed', []);
    await receipt(sendTransferSigned(asCarol, { ...stale, nonce: 1 }));
    assert.equal(await asCarol.read.ownerOf([21n]), carol);
    // Two moves later the old authorization is simply not valid.
    await expectRevert(sendTransferSigned(asCarol, stale), 'InvalidSigner');
  });

  it('refuses a locked token, a missing token, the zero address and an expired deadline', async () => {
    const { asMinter, asAlice, asCarol, alice, bob } = await world();
    await receipt(asMinter.write.mint([alice, 22n]));
    const deadline = await later(60n);
    await receipt(asAlice.write.disallowTokenTransfers([22n]));
    await expectRevert(
      sendTransferSigned(asCarol, { to: bob, tokenId: 22n, nonce: 0, deadline }),
      'TokenLocked',
      [22n],
    );
    await expectRevert(
      sendTransferSigned(asCarol, { to: bob, tokenId: 23n, nonce: 0, deadline }),
      'ERC721NonexistentToken',
      [23n],
    );
    await expectRevert(
      sendTransferSigned(asCarol, { to: zeroAddress, tokenId: 22n, nonce: 0, deadline }),
      'ERC721InvalidReceiver',
      [zeroAddress],
    );
    await nextBlockAt(deadline + 1n);
    await expectRevert(
      sendTransferSigned(asCarol, { to: bob, tokenId: 22n, nonce: 0, deadline }),
      'AuthorizationExpired',
      [deadline],
    );
  });

  it('refuses other signers, chains and collections, malformed signatures and a disabled minter', async () => {
    const { asMinter, asOwner, asCarol, alice, bob, collection } = await world();
    await receipt(asMinter.write.mint([alice, 24n]));
    await receipt(asMinter.write.mint([alice, 25n]));
    const voucher: TransferVoucher = { to: bob, tokenId: 24n, nonce: 0, deadline: await later(600n) };
    const stranger = privateKeyToAccount(
      '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690e',
    );
    await expectRevert(sendTransferSigned(asCarol, voucher, { signer: stranger }), 'InvalidSigner', [
      stranger.address,
    ]);
    await expectRevert(sendTransferSigned(asCarol, voucher, { chainId: 1 }), 'InvalidSigner');
    await expectRevert(sendTransferSigned(asCarol, voucher, { collection: bob }), 'InvalidSigner');
    const { r, s } = await signTransferVoucher(minterAccount, target(collection), voucher);
    await expectRevert(asCarol.write.transferSigned([0, r, s, bob, 24n, voucher.deadline]), 'InvalidSigner', [
      zeroAddress,
    ]);
    // A moved token (nonce 1) with a malformed signature is still just an invalid signer.
    await receipt(sendTransferSigned(asCarol, { ...voucher, tokenId: 25n }));
    await expectRevert(asCarol.write.transferSigned([0, r, s, bob, 25n, voucher.deadline]), 'InvalidSigner', [
      zeroAddress,
    ]);
    await receipt(asOwner.write.setMinter([zeroAddress]));
    await expectRevert(sendTransferSigned(asCarol, voucher), 'InvalidSigner', [minterAccount.address]);
  });
});

describe('voucher fuzzing', () => {
  const seed = fuzzSeed;
  const rounds = 64;
  const strangerKeys = Array.from({ length: 4 }, (_, i) => random(seed + i).key());

  it(`mint vouchers with random signers, deadlines, ids, chains and collections (seed ${seed})`, async () => {
    const { asBob, alice, collection } = await world();
    const rng = random(seed);
    let clock = (await publicClient.getBlock()).timestamp + 10n;
    // ids of few bits repeat (seed 353912 drew 0 twice): a second valid voucher of a minted id is refused
    const minted = new Set<bigint>();
    for (let round = 0; round < rounds; round++) {
      clock += 10n;
      const goodSigner = rng.bool(0.6);
      const goodChain = rng.bool(0.8);
      const goodCollection = rng.bool(0.8);
      const reserved = rng.bool(0.15);
      const deadline = clock + BigInt(rng.int(-5, 5));
      const tokenId = reserved ? (1n << 255n) | rng.bigint(255) : rng.bigint(rng.int(1, 255));
      const voucher: MintVoucher = { ...freeMint(alice, tokenId, deadline), disallowTransfers: rng.bool() };
      const signer = goodSigner ? minterAccount : privateKeyToAccount(rng.pick(strangerKeys));
      const where = {
        chainId: goodChain ? chain.id : rng.int(1, 2 ** 31),
        collection: goodCollection ? collection : getAddress(rng.address()),
      };
      const { v, r, s } = await signMintVoucher(signer, where, voucher);
      await nextBlockAt(clock);
      const sent = asBob.write.mintSigned([
        v,
        r,
        s,
        voucher.to,
        voucher.tokenId,
        0n,
        zeroAddress,
        voucher.disallowTransfers,
        deadline,
      ]);
      const label = `round ${round} ${JSON.stringify({ goodSigner, goodChain, goodCollection, reserved })}`;
      if (clock > deadline) await expectRevert(sent, 'AuthorizationExpired', [deadline]);
      else if (!goodSigner || !goodChain || !goodCollection) {
        const failure = await sent.then(() => assert.fail(label), revertOf);
        assert.equal(failure.errorName, 'InvalidSigner', label);
        if (goodChain && goodCollection) assert.deepEqual(failure.args, [signer.address], label);
      } else if (reserved) await expectRevert(sent, 'ReservedTokenId', [tokenId]);
      else if (minted.has(tokenId)) await expectRevert(sent, 'TokenAlreadyMinted', [tokenId]);
      else {
        await receipt(sent);
        minted.add(tokenId);
        assert.equal(await asBob.read.ownerOf([tokenId]), alice, label);
        assert.equal(await asBob.read.locked([tokenId]), voucher.disallowTransfers, label);
      }
    }
  });

  it(`transfer vouchers with random signers, deadlines, tokens, nonces and chains (seed ${seed})`, async () => {
    const { asMinter, asCarol, alice, bob, carol, collection } = await world();
    const rng = random(seed + 100);
    const tokens = [31n, 32n, 33n];
    const owners = new Map<bigint, Address>();
    const nonces = new Map<bigint, number>();
    for (const id of tokens) {
      await receipt(asMinter.write.mint([alice, id]));
      owners.set(id, alice);
      nonces.set(id, 0);
    }
    let clock = (await publicClient.getBlock()).timestamp + 10n;
    for (let round = 0; round < rounds; round++) {
      clock += 10n;
      const tokenId = rng.pick(tokens);
      const to = rng.pick([alice, bob, carol]);
      const current = nonces.get(tokenId) ?? 0;
      const nonce = rng.bool(0.75) ? current : Math.max(0, current - rng.int(1, 2));
      const goodSigner = rng.bool(0.7);
      const goodChain = rng.bool(0.85);
      const deadline = clock + BigInt(rng.int(-3, 5));
      const signer = goodSigner ? minterAccount : privateKeyToAccount(rng.pick(strangerKeys));
      const voucher: TransferVoucher = { to, tokenId, nonce, deadline };
      const where = { chainId: goodChain ? chain.id : rng.int(1, 2 ** 31), collection };
      const { v, r, s } = await signTransferVoucher(signer, where, voucher);
      await nextBlockAt(clock);
      const sent = asCarol.write.transferSigned([v, r, s, to, tokenId, deadline]);
      const label = `round ${round} ${JSON.stringify({ goodSigner, goodChain, nonce, current })}`;
      if (clock > deadline) await expectRevert(sent, 'AuthorizationExpired', [deadline]);
      else if (goodSigner && goodChain && nonce === current) {
        await receipt(sent);
        owners.set(tokenId, to);
        nonces.set(tokenId, current + 1);
      } else {
        const failure = await sent.then(() => assert.fail(label), revertOf);
        const replay = goodSigner && goodChain && nonce === current - 1;
        assert.equal(failure.errorName, replay ? 'AuthorizationUsed' : 'InvalidSigner', label);
      }
      assert.equal(await asCarol.read.ownerOf([tokenId]), owners.get(tokenId), label);
      assert.equal(await asCarol.read.transferNonce([tokenId]), nonces.get(tokenId), label);
    }
  });
});
