// Gas benchmark (not a test): prints the gas used by the collection's main transactions next to a
// plain OpenZeppelin ERC-721 on the same in-process Hardhat chain.
// Usage: npm run bench:gas  (or npm run bench:gas -w contracts)
import hre from 'hardhat';
import { encodeFunctionData, keccak256, parseEther, toHex, zeroAddress, type Address, type Hash } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import {
  allowlistProof,
  allowlistRoot,
  phaseIdOf,
  signMintPhasedVoucher,
  signMintVoucher,
  signTagRelayerAuthorization,
  signTransferVoucher,
  type ClaimPhaseTerms,
  type MintVoucher,
  type TagRelayerAuthorization,
} from '@metatag/contracts';
import {
  HARDHAT_MNEMONIC,
  accounts,
  collectionAbi,
  contractAt,
  deployArtifact,
  deployCollection,
  deployShared,
  now,
  receipt,
  tagRelayerAbi,
  target,
} from '../test/helpers.js';

const baselineAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'transferFrom',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'from', type: 'address' },
      { name: 'to', type: 'address' },
      { name: 'tokenId', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;

async function gas(hash: Promise<Hash>): Promise<bigint> {
  return (await receipt(hash)).gasUsed;
}

/** A fresh, never-used address (so first-write storage costs are included, as in real mints). */
let freshCounter = 0;
function fresh(): Address {
  freshCounter += 1;
  return `0x${(0xbe000000 + freshCounter).toString(16).padStart(40, '0')}`;
}

await hre.run('compile', { quiet: true });
const [deployer, , holder] = await accounts();
const minterAccount = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 1 });
const minter = minterAccount.address;

// Baseline: plain OpenZeppelin ERC-721.
const { address: baselineAddress } = await deployArtifact('BaselineERC721', baselineAbi, [], deployer);
const baseline = contractAt(baselineAbi, baselineAddress, holder);
const baselineMint = await gas(baseline.write.mint([fresh(), 1_000_001n]));
await gas(baseline.write.mint([holder, 1_000_002n]));
await gas(baseline.write.mint([holder, 1_000_003n]));
const baselineTransfer = await gas(baseline.write.transferFrom([holder, fresh(), 1_000_002n]));

// MetaTag.
const shared = await deployShared(deployer);
const deployed = await deployCollection(shared.locator, deployer);
const address = deployed.receipt.contractAddress as Address;
const asOwner = contractAt(collectionAbi, address, deployer);
const asMinter = contractAt(collectionAbi, address, minter);
const asHolder = contractAt(collectionAbi, address, holder);
await receipt(asOwner.write.setMinter([minter]));
const deadline = (await now()) + 3600n;

async function signedMint(voucher: MintVoucher): Promise<bigint> {
  const { v, r, s } = await signMintVoucher(minterAccount, target(address), voucher);
  return gas(
    asHolder.write.mintSigned(
      [
        v,
        r,
        s,
        voucher.to,
        voucher.tokenId,
        voucher.price,
        voucher.payoutAddress,
        voucher.disallowTransfers,
        voucher.deadline,
      ],
      { value: voucher.price },
    ),
  );
}

const free = { price: 0n, payoutAddress: zeroAddress, disallowTransfers: false, deadline };
const signedMintFree = await signedMint({ ...free, to: fresh(), tokenId: 1_000_001n });
const signedMintPaid = await signedMint({
  ...free,
  to: fresh(),
  tokenId: 1_000_004n,
  price: parseEther('0.01'),
  payoutAddress: deployer,
});
const plainMint = await gas(asMinter.write.mint([fresh(), 1_000_005n]));

await receipt(asMinter.write.mint([holder, 1_000_002n]));
await receipt(asMinter.write.mint([holder, 1_000_003n]));
const claim = { to: fresh(), tokenId: 1_000_002n, nonce: 0, deadline };
const { v, r, s } = await signTransferVoucher(minterAccount, target(address), claim);
const signedTransfer = await gas(
  asHolder.write.transferSigned([v, r, s, claim.to, claim.tokenId, claim.deadline]),
);

for (const parent of [2_000_000n, 2_000_001n, 2_000_002n]) {
  await receipt(asMinter.write.mintWithLimit([holder, parent, 100n]));
}
// Not the collection's first children (that one also initialises the child counters).
await receipt(asHolder.write.mintChildBatch([2_000_000n, 1n]));
// Each parent's first batch also registers the parent (one storage slot); later batches do not.
const childBatch1 = await gas(asHolder.write.mintChildBatch([2_000_001n, 1n]));
const childBatch10 = await gas(asHolder.write.mintChildBatch([2_000_002n, 10n]));
const childBatch10Later = await gas(asHolder.write.mintChildBatch([2_000_002n, 10n]));
const lock = await gas(asHolder.write.disallowTokenTransfers([1_000_003n]));
const unlock = await gas(asHolder.write.allowTokenTransfers([1_000_003n]));

// Recovery and redemption (library version 2). Recovery needs a collection that switched it on before
// its first token (at deployment); the recovered token is locked (recovery overrides the holder's lock).
const second = await deployCollection(shared.locator, deployer, 'Recoverable', 'REC');
const secondAddress = second.receipt.contractAddress as Address;
const secondAsOwner = contractAt(collectionAbi, secondAddress, deployer);
const secondAsHolder = contractAt(collectionAbi, secondAddress, holder);
const recoveryOn = await gas(secondAsOwner.write.setRecoveryAllowed([true]));
for (const id of [1n, 2n, 3n]) await receipt(secondAsOwner.write.mint([holder, id]));
await receipt(secondAsHolder.write.disallowTokenTransfers([1n]));
const recover = await gas(secondAsOwner.write.recover([1n, fresh(), 'returned to the shop']));
const redeemLock = await gas(secondAsHolder.write.redeem([2n, false]));
const redeemBurn = await gas(secondAsHolder.write.redeem([3n, true]));
// Phased mints (claim conditions, issue #32 item 3): an open phase, a per-wallet cap (its counter's
// first write for the wallet), and a cap with a 1,000-address allowlist (a proof of 10 hashes).
async function phasedMint(phase: ClaimPhaseTerms, to: Address, tokenId: bigint, proof: Hash[] = []) {
  const voucher = { ...free, to, tokenId, phase };
  const sig = await signMintPhasedVoucher(minterAccount, target(address), voucher);
  return gas(asHolder.write.mintSignedPhased([sig.v, sig.r, sig.s, voucher, proof]));
}
const openPhase = {
  id: phaseIdOf(1, 'open'),
  start: 1n,
  end: deadline * 2n,
  walletCap: 0,
  allowlistRoot: toHex(0, { size: 32 }),
};
const phasedOpen = await phasedMint(openPhase, fresh(), 4_000_001n);
const phasedCapped = await phasedMint(
  { ...openPhase, id: phaseIdOf(1, 'capped'), walletCap: 2 },
  fresh(),
  4_000_002n,
);
const listed = Array.from({ length: 1000 }, () => fresh());
const listedTo = listed[417] as Address;
const listedPhase = {
  ...openPhase,
  id: phaseIdOf(1, 'listed'),
  walletCap: 2,
  allowlistRoot: allowlistRoot(listed),
};
const phasedListed = await phasedMint(listedPhase, listedTo, 4_000_003n, allowlistProof(listed, listedTo));

// A pending transaction relayed through TagRelayer (authorized by the minter's key, sent by the holder)
// next to the same call made directly by the token's owner. The collection lets the relayer contract
// connect tokens by making it the minter (calls through the relayer run as the relayer).
const { address: relayer, receipt: relayerDeployment } = await deployArtifact(
  'TagRelayer',
  tagRelayerAbi,
  [minter],
  deployer,
);
await receipt(asMinter.write.mint([holder, 3_000_001n]));
await receipt(asMinter.write.mint([holder, 3_000_002n]));
const connectDirect = await gas(asHolder.write.setConnectToTag([3_000_001n, true]));
await receipt(asOwner.write.setMinter([relayer]));
const pending: TagRelayerAuthorization = {
  scanId: keccak256(toHex('bench scan')),
  target: address,
  data: encodeFunctionData({ abi: collectionAbi, functionName: 'setConnectToTag', args: [3_000_002n, true] }),
  value: 0n,
  deadline,
};
const authorization = await signTagRelayerAuthorization(
  minterAccount,
  { chainId: hre.network.config.chainId ?? 31337, relayer },
  pending,
);
const connectRelayed = await gas(
  contractAt(tagRelayerAbi, relayer, holder).write.execute([
    pending.target,
    pending.data,
    pending.value,
    pending.deadline,
    pending.scanId,
    authorization,
  ]),
);

const rows: [string, bigint, string, bigint | undefined, number | undefined][] = [
  ['deploy collection (proxy + initialize)', deployed.receipt.gasUsed, '', undefined, undefined],
  ['signed mint, no payment', signedMintFree, 'OZ _mint', baselineMint, 1.25],
  ['signed mint, 0.01 ETH to payout', signedMintPaid, 'OZ _mint', baselineMint, undefined],
  ['signed phased mint, open phase', phasedOpen, 'signed mint', signedMintFree, undefined],
  ['signed phased mint, cap 2 (first of the wallet)', phasedCapped, 'signed mint', signedMintFree, undefined],
  [
    'signed phased mint, cap 2 + 1,000-address allowlist',
    phasedListed,
    'signed mint',
    signedMintFree,
    undefined,
  ],
  ['plain mint (minter)', plainMint, 'OZ _mint', baselineMint, undefined],
  ['signed transfer (claim)', signedTransfer, 'OZ transferFrom', baselineTransfer, 1.25],
  ["mintChildBatch(parent, 1), parent's first batch", childBatch1, 'OZ _mint', baselineMint, undefined],
  ["mintChildBatch(parent, 10), parent's first batch", childBatch10, 'OZ _mint', baselineMint, 4],
  ["mintChildBatch(parent, 10), parent's later batch", childBatch10Later, 'OZ _mint', baselineMint, 4],
  ['lock (disallowTokenTransfers)', lock, '', undefined, undefined],
  ['unlock (allowTokenTransfers)', unlock, '', undefined, undefined],
  ['setRecoveryAllowed(true), at deployment', recoveryOn, '', undefined, undefined],
  [
    'recover (locked token, 20-byte reason, to a fresh address)',
    recover,
    'OZ transferFrom',
    baselineTransfer,
    undefined,
  ],
  ['redeem by locking forever', redeemLock, 'lock', lock, undefined],
  ['redeem by burning', redeemBurn, '', undefined, undefined],
  ['deploy TagRelayer', relayerDeployment.gasUsed, '', undefined, undefined],
  ['setConnectToTag, direct (token owner)', connectDirect, '', undefined, undefined],
  ['setConnectToTag through TagRelayer.execute', connectRelayed, 'direct call', connectDirect, undefined],
];

const lines = [
  '| operation | gas used | baseline | baseline gas | ratio | target |',
  '|---|---:|---|---:|---:|---:|',
];
let missed = 0;
for (const [name, used, baseName, baseGas, targetRatio] of rows) {
  const ratio = baseGas ? Number(used) / Number(baseGas) : undefined;
  const met = targetRatio === undefined || ratio === undefined || ratio <= targetRatio;
  if (!met) missed += 1;
  lines.push(
    `| ${name} | ${used} | ${baseName} | ${baseGas ?? ''} | ${ratio ? ratio.toFixed(2) : ''} | ${
      targetRatio ? `≤ ${targetRatio} ${met ? '✓' : '✗'}` : ''
    } |`,
  );
}
console.log(
  `Gas used (transaction receipts; solc ${hre.config.solidity.compilers[0]?.version}, optimizer runs ${
    hre.config.solidity.compilers[0]?.settings?.optimizer?.runs
  }, hardfork ${hre.config.networks.hardhat.hardfork}). Mints and transfers go to fresh addresses.\n`,
);
console.log(lines.join('\n'));
console.log(missed === 0 ? '\nall targets met' : `\n${missed} target(s) missed`);
