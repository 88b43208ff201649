// Claim conditions (issue #32 item 3): the phased signed mint and its window, per-wallet cap and
// allowlist. The allowlist tree is built by OpenZeppelin's JS StandardMerkleTree and checked on chain
// by OpenZeppelin's Solidity MerkleProof: two implementations that must agree.
import assert from 'node:assert/strict';
import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import {
  concat,
  encodeAbiParameters,
  keccak256,
  parseEther,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from 'viem';
import {
  allowlistProof,
  allowlistRoot,
  hashMintPhasedVoucher,
  mintPhasedVoucherTypedData,
  phaseIdOf,
  signMintPhasedVoucher,
  splitSignature,
  type ClaimPhaseTerms,
  type MintPhasedVoucher,
  type VoucherSignature,
} from '@metatag/contracts';
import {
  expectRevert,
  publicClient,
  receipt,
  target,
  testClient,
  walletClient,
  type Collection,
} from './helpers.js';
import { minterAccount, world } from './fixtures.js';

let nextId = 7_000_000n;
const tokenId = () => ++nextId;

async function blockTime(): Promise<bigint> {
  return (await publicClient.getBlock()).timestamp;
}

function phase(over: Partial<ClaimPhaseTerms> = {}): ClaimPhaseTerms {
  return {
    id: phaseIdOf(1, `p-${nextId}`),
    start: 0n,
    end: 0n,
    walletCap: 0,
    allowlistRoot: zeroHash,
    ...over,
  };
}

async function voucher(to: Address, terms: ClaimPhaseTerms, over: Partial<MintPhasedVoucher> = {}) {
  return {
    to,
    tokenId: tokenId(),
    price: 0n,
    payoutAddress: zeroAddress,
    disallowTransfers: false,
    deadline: (await blockTime()) + 3600n,
    phase: terms,
    ...over,
  } satisfies MintPhasedVoucher;
}

async function sendPhased(
  as: Collection,
  v: MintPhasedVoucher,
  proof: readonly Hex[] = [],
  options: { signature?: VoucherSignature; value?: bigint } = {},
) {
  const sig = options.signature ?? (await signMintPhasedVoucher(minterAccount, target(as.address), v));
  return as.write.mintSignedPhased([sig.v, sig.r, sig.s, v, proof], { value: options.value ?? v.price });
}

describe('claim conditions: hashing', () => {
  it('getMintPhasedHash equals the EIP-712 digest viem computes, and the node signs what the contract accepts', async () => {
    const { asAlice, alice, minter, collection } = await world();
    const v = await voucher(
      alice,
      phase({ start: 5n, end: 2n ** 40n, walletCap: 3, allowlistRoot: allowlistRoot([alice]) }),
    );
    const onChain = await asAlice.read.getMintPhasedHash([v]);
    assert.equal(onChain, hashMintPhasedVoucher(target(collection), v));
    // Hardhat's EDR signs with eth_signTypedData_v4: an EIP-712 encoder independent of viem's
    const nodeSignature = await walletClient.signTypedData({
      account: minter,
      ...mintPhasedVoucherTypedData(target(collection), v),
    });
    const viemSignature = await signMintPhasedVoucher(minterAccount, target(collection), v);
    assert.equal(nodeSignature, viemSignature.signature);
    await receipt(
      sendPhased(asAlice, v, allowlistProof([alice], alice), { signature: splitSignature(nodeSignature) }),
    );
    assert.equal(await asAlice.read.ownerOf([v.tokenId]), alice);
  });

  it('refuses a voucher whose phase was altered after signing (a raised cap, a moved window, another root)', async () => {
    const { asAlice, alice, collection } = await world();
    const v = await voucher(alice, phase({ walletCap: 1, start: 1n }));
    const signature = await signMintPhasedVoucher(minterAccount, target(collection), v);
    for (const altered of [
      { ...v.phase, walletCap: 2 },
      { ...v.phase, start: 0n },
      { ...v.phase, end: 1n << 50n },
      { ...v.phase, id: phaseIdOf(2, 'x') },
      { ...v.phase, allowlistRoot: allowlistRoot([alice]) },
    ]) {
      await expectRevert(sendPhased(asAlice, { ...v, phase: altered }, [], { signature }), 'InvalidSigner');
    }
  });

  it('refuses an expired voucher, a wrong payment, and pays the price to the payout address', async () => {
    const { asAlice, alice, bob } = await world();
    const paid = await voucher(alice, phase(), { price: parseEther('0.02'), payoutAddress: bob });
    await expectRevert(sendPhased(asAlice, paid, [], { value: 1n }), 'IncorrectPayment', [paid.price, 1n]);
    const expired = await voucher(alice, phase(), { deadline: (await blockTime()) - 1n });
    await expectRevert(sendPhased(asAlice, expired), 'AuthorizationExpired', [expired.deadline]);
    const before = await publicClient.getBalance({ address: bob });
    await receipt(sendPhased(asAlice, paid));
    assert.equal((await publicClient.getBalance({ address: bob })) - before, paid.price);
  });
});

describe('claim conditions: window', () => {
  it('refuses before the start, mints from the start second, refuses from the end second on', async () => {
    const { asAlice, alice } = await world();
    const t = (await blockTime()) + 100n;
    const terms = phase({ start: t, end: t + 50n });
    const early = await voucher(alice, terms, { deadline: t + 1000n });
    await testClient.setNextBlockTimestamp({ timestamp: t - 1n });
    await expectRevert(sendPhased(asAlice, early), 'ClaimNotStarted', [t]);
    await testClient.setNextBlockTimestamp({ timestamp: t });
    await receipt(sendPhased(asAlice, early));
    const last = await voucher(alice, terms, { deadline: t + 1000n });
    await testClient.setNextBlockTimestamp({ timestamp: t + 49n });
    await receipt(sendPhased(asAlice, last));
    const late = await voucher(alice, terms, { deadline: t + 1000n });
    await testClient.setNextBlockTimestamp({ timestamp: t + 50n });
    await expectRevert(sendPhased(asAlice, late), 'ClaimEnded', [t + 50n]);
  });

  it('a phase without start or end is open', async () => {
    const { asAlice, alice } = await world();
    await receipt(sendPhased(asAlice, await voucher(alice, phase())));
  });
});

describe('claim conditions: per-wallet cap', () => {
  it('counts the mints of each recipient per phase and refuses past the cap', async () => {
    const { asAlice, asBob, alice, bob } = await world();
    const terms = phase({ walletCap: 2 });
    await receipt(sendPhased(asAlice, await voucher(alice, terms)));
    // anyone may send the voucher: the cap is the recipient's, not the sender's
    await receipt(sendPhased(asBob, await voucher(alice, terms)));
    assert.equal(await asAlice.read.phaseMinted([terms.id, alice]), 2n);
    await expectRevert(sendPhased(asAlice, await voucher(alice, terms)), 'WalletCapReached', [alice, 2]);
    await receipt(sendPhased(asBob, await voucher(bob, terms)));
    assert.equal(await asAlice.read.phaseMinted([terms.id, bob]), 1n);
    // another phase has its own counter
    const next = phase({ walletCap: 1, id: phaseIdOf(1, 'next') });
    await receipt(sendPhased(asAlice, await voucher(alice, next)));
    assert.equal(await asAlice.read.phaseMinted([next.id, alice]), 1n);
  });

  it('a failed mint does not count (the whole call reverts)', async () => {
    const { asAlice, alice } = await world();
    const terms = phase({ walletCap: 1 });
    const v = await voucher(alice, terms);
    await receipt(sendPhased(asAlice, v));
    const again = await voucher(alice, phase({ walletCap: 5, id: phaseIdOf(9, 'reuse') }), {
      tokenId: v.tokenId,
    });
    await expectRevert(sendPhased(asAlice, again), 'TokenAlreadyMinted', [v.tokenId]);
    assert.equal(await asAlice.read.phaseMinted([again.phase.id, alice]), 0n);
  });

  it('a phase without a cap keeps no counter', async () => {
    const { asAlice, alice } = await world();
    const terms = phase();
    await receipt(sendPhased(asAlice, await voucher(alice, terms)));
    assert.equal(await asAlice.read.phaseMinted([terms.id, alice]), 0n);
  });
});

describe('claim conditions: allowlist', () => {
  it('mints to a listed wallet with its proof and refuses others, a borrowed proof and an empty one', async () => {
    const { asAlice, asCarol, alice, bob, carol } = await world();
    const list = [
      alice,
      bob,
      '0x00000000000000000000000000000000000000aa',
      '0x00000000000000000000000000000000000000bb',
    ];
    const terms = phase({ allowlistRoot: allowlistRoot(list) });
    await receipt(sendPhased(asAlice, await voucher(alice, terms), allowlistProof(list, alice)));
    await receipt(sendPhased(asCarol, await voucher(bob, terms), allowlistProof(list, bob)));
    assert.equal(allowlistProof(list, carol), undefined);
    await expectRevert(
      sendPhased(asCarol, await voucher(carol, terms), allowlistProof(list, alice)),
      'NotAllowlisted',
      [carol],
    );
    await expectRevert(sendPhased(asCarol, await voucher(carol, terms), []), 'NotAllowlisted', [carol]);
    await expectRevert(sendPhased(asAlice, await voucher(alice, terms), []), 'NotAllowlisted', [alice]);
  });

  it('the root is the same for any order, spelling and duplicates of the list', () => {
    const a = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const b = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    assert.equal(allowlistRoot([a, b]), allowlistRoot([b.toLowerCase(), a, a]));
    assert.equal(allowlistRoot([]), zeroHash);
  });

  it('known answer: the JS tree reproduces the root published in OpenZeppelin merkle-tree’s README', () => {
    const tree = StandardMerkleTree.of(
      [
        ['0x1111111111111111111111111111111111111111', '5000000000000000000'],
        ['0x2222222222222222222222222222222222222222', '2500000000000000000'],
      ],
      ['address', 'uint256'],
    );
    assert.equal(tree.root, '0xd4dee0beab2d53f2cc83e567171bd2820e49898130a22622b10ead383e90bd77');
  });

  it('known answer: a two-address root equals the sorted pair hash of the double-hashed leaves (computed here by hand)', () => {
    const a = '0x1111111111111111111111111111111111111111';
    const b = '0x2222222222222222222222222222222222222222';
    const leaf = (x: Address) => keccak256(keccak256(encodeAbiParameters([{ type: 'address' }], [x])));
    const [lo, hi] = [leaf(a), leaf(b)].sort();
    assert.equal(allowlistRoot([a, b]), keccak256(concat([lo as Hex, hi as Hex])));
    assert.equal(allowlistRoot([a, b]), '0xc6ce8ae383124b268df66d71f0af2206e6dafb13eba0b03806eed8a4e7991329');
  });
});

describe('claim conditions: all at once', () => {
  it('a listed wallet in the window up to its cap; the same voucher terms for an unlisted one fail', async () => {
    const { asAlice, alice, carol } = await world();
    const list = [alice];
    const t = (await blockTime()) + 10n;
    const terms = phase({ start: t, end: t + 3600n, walletCap: 1, allowlistRoot: allowlistRoot(list) });
    await testClient.setNextBlockTimestamp({ timestamp: t });
    const v = await voucher(alice, terms, { deadline: t + 600n });
    await receipt(sendPhased(asAlice, v, allowlistProof(list, alice)));
    await expectRevert(
      sendPhased(asAlice, await voucher(alice, terms, { deadline: t + 600n }), allowlistProof(list, alice)),
      'WalletCapReached',
      [alice, 1],
    );
    await expectRevert(
      sendPhased(asAlice, await voucher(carol, terms, { deadline: t + 600n })),
      'NotAllowlisted',
      [carol],
    );
  });
});
