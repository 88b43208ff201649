import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  encodeAbiParameters,
  getAddress,
  keccak256,
  toHex,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from 'viem';
import { phaseIdOf, signMintPhasedVoucher, type MintPhasedVoucher } from '@metatag/contracts';
import {
  accounts,
  collectionAbi,
  contractAt,
  deployArtifact,
  deployCollection,
  eventArgs,
  expectRevert,
  libraryAddressLocatorAbi,
  nftCodeAbi,
  now,
  publicClient,
  receipt,
  target,
  walletClient,
  type Collection,
} from './helpers.js';
import { minterAccount } from './fixtures.js';
import { probeLayout, type LayoutEntry } from './layout.js';
import { nftCodeV1Bytecode } from './deployed/nft-code-v1.js';

const BASE = 1n << 255n;
const deployedLayout = JSON.parse(
  readFileSync(new URL('./deployed/nft-storage-v1.json', import.meta.url), 'utf8'),
) as LayoutEntry[];

/** ERC-7201: keccak256(abi.encode(uint256(keccak256(id)) - 1)) & ~0xff. */
function erc7201(id: string): bigint {
  const inner = BigInt(keccak256(toHex(id))) - 1n;
  return BigInt(keccak256(encodeAbiParameters([{ type: 'uint256' }], [inner]))) & ~0xffn;
}

async function word(address: Address, slot: bigint): Promise<bigint> {
  const value = await publicClient.getStorageAt({ address, slot: toHex(slot, { size: 32 }) });
  return BigInt(value ?? '0x0');
}

/** Solidity's slot of `mapping[key]` for a mapping at `slot`: keccak256(abi.encode(key, slot)). */
function entrySlot(keyType: 'address' | 'bytes32' | 'uint256', key: Hex | bigint, slot: bigint): bigint {
  return BigInt(
    keccak256(encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key as never, slot])),
  );
}

/** Sends a free phased mint of `tokenId` to `to`, capped at one per wallet, signed by the minter. */
async function sendCappedPhased(as: Collection, to: Address, tokenId: bigint, phaseId: Hex) {
  const voucher: MintPhasedVoucher = {
    to,
    tokenId,
    price: 0n,
    payoutAddress: zeroAddress,
    disallowTransfers: false,
    deadline: (await now()) + 3600n,
    phase: { id: phaseId, start: 0n, end: 0n, walletCap: 1, allowlistRoot: zeroHash },
  };
  const { v, r, s } = await signMintPhasedVoucher(minterAccount, target(as.address), voucher);
  return as.write.mintSignedPhased([v, r, s, voucher, []]);
}

describe('storage layout against the deployed version 1', () => {
  it('keeps every member of the deployed namespace where it was', async () => {
    const current = await probeLayout();
    for (const entry of deployedLayout) {
      assert.deepEqual(
        current.find((c) => c.path === entry.path),
        entry,
        `${entry.path} moved or changed type`,
      );
    }
    // Version 2's state lives in new namespaces, not appended to the deployed struct.
    const added = current.filter((c) => !deployedLayout.some((d) => d.path === c.path)).map((c) => c.path);
    assert.deepEqual(added, [
      'recovery',
      'recovery.policy',
      'redemption',
      'redemption.redeemed',
      'claims',
      'claims.minted',
    ]);
  });

  it('writes the new state at its ERC-7201 slots, apart from every other namespace', async () => {
    const [owner, minter, alice] = await accounts();
    const { address: nftCode } = await deployArtifact('NFTCode', nftCodeAbi, [], owner!);
    const { address: locator } = await deployArtifact(
      'LibraryAddressLocator',
      libraryAddressLocatorAbi,
      [nftCode],
      owner!,
    );
    const { address } = await deployCollection(locator, owner!);
    const c = contractAt(collectionAbi, address, owner!);
    const recoverySlot = erc7201('metatag.storage.Recovery');
    const redemptionSlot = erc7201('metatag.storage.Redemption');
    const claimSlot = erc7201('metatag.storage.ClaimConditions');
    // ClaimConditions.sol hard-codes its slot: the formula must give the same number.
    assert.equal(claimSlot, 0xfb48bd92556e31eee33ac0a2d3d7b60651bf5f4c55df2aa53aa3ad1347c23000n);
    const others = [
      'metatag.storage.NFTCode',
      'openzeppelin.storage.Ownable',
      'openzeppelin.storage.ERC2981',
    ];
    const mine = [recoverySlot, redemptionSlot, claimSlot];
    const bases = [...others.map(erc7201), ...mine];
    for (const a of mine) {
      for (const b of bases.filter((base) => base !== a)) {
        // Each namespace spans at most 13 slots from its base (NFTStorage): far apart is enough.
        assert.ok((a > b ? a - b : b - a) > 1000n);
      }
    }
    assert.equal(await word(address, recoverySlot), 0n);
    await receipt(c.write.setRecoveryAllowed([true]));
    assert.equal(await word(address, recoverySlot), 1n);
    await receipt(c.write.mint([alice!, 5n]));
    await receipt(contractAt(collectionAbi, address, alice!).write.redeem([5n, false]));
    assert.equal(await word(address, entrySlot('uint256', 5n, redemptionSlot)), 1n);
    // A capped phased mint counts alice's mint at minted[phase][alice] under the ClaimConditions base.
    await receipt(c.write.setMinter([minter!]));
    const phaseId = phaseIdOf(1, 'layout');
    const counter = entrySlot('address', alice!, entrySlot('bytes32', phaseId, claimSlot));
    assert.equal(await word(address, counter), 0n);
    await receipt(sendCappedPhased(contractAt(collectionAbi, address, alice!), alice!, 6n, phaseId));
    assert.equal(await word(address, counter), 1n);
  });
});

describe('upgrade from the deployed version 1', () => {
  it('keeps a busy collection, leaves recovery off, and adds recovery, redemption and claim phases', async () => {
    const [owner, minter, alice, bob] = (await accounts()) as [Address, Address, Address, Address];
    // Version 1 as deployed: its bytes, not today's source.
    const hash = await walletClient.deployContract({
      abi: nftCodeAbi,
      bytecode: nftCodeV1Bytecode as Hex,
      account: owner,
    });
    const v1 = getAddress((await receipt(hash)).contractAddress!);
    const { address: locator } = await deployArtifact(
      'LibraryAddressLocator',
      libraryAddressLocatorAbi,
      [v1],
      owner,
    );
    const { address: busy } = await deployCollection(locator, owner, 'Busy', 'BSY');
    const { address: empty } = await deployCollection(locator, owner, 'Empty', 'EMP');
    const asOwner = contractAt(collectionAbi, busy, owner);
    const asAlice = contractAt(collectionAbi, busy, alice);
    await receipt(asOwner.write.setMinter([minter]));
    const asMinter = contractAt(collectionAbi, busy, minter);
    await receipt(asMinter.write.mint([alice, 1n]));
    await receipt(asMinter.write.mintWithLimit([alice, 2n, 4n]));
    await receipt(asMinter.write.mint([bob, 3n]));
    await receipt(asAlice.write.mintChildBatch([2n, 3n]));
    await receipt(asAlice.write.transferFrom([alice, bob, BASE + 2n]));
    await receipt(asAlice.write.disallowTokenTransfers([1n]));
    await receipt(asAlice.write.approve([bob, 2n]));
    assert.equal(await asOwner.read.libraryVersion(), 1n);
    // Version 1 has no recovery: the call reverts (no such function).
    await assert.rejects(asOwner.read.recoveryAllowed());

    const read = async () => ({
      supply: await asOwner.read.totalSupply(),
      owners: await Promise.all(
        [1n, 2n, 3n, BASE + 1n, BASE + 2n, BASE + 3n].map((id) => asOwner.read.ownerOf([id])),
      ),
      locked: await asOwner.read.locked([1n]),
      approved: await asOwner.read.getApproved([2n]),
      minted: await asOwner.read.mintedChildren([2n]),
      minter: await asOwner.read.minter(),
      name: await asOwner.read.name(),
    });
    const before = await read();

    const { address: v2 } = await deployArtifact('NFTCode', nftCodeAbi, [], owner);
    const locatorAsOwner = contractAt(libraryAddressLocatorAbi, locator, owner);
    const mined = await receipt(locatorAsOwner.write.setLibraryAddress([v2]));
    assert.deepEqual(eventArgs(mined, 'LibraryAddressChanged'), [{ libraryAddress: v2, version: 2n }]);
    assert.equal(await asOwner.read.libraryVersion(), 2n);
    assert.deepEqual(await read(), before);

    // An existing collection with holders: recovery stays off and cannot be switched on for them.
    assert.equal(await asOwner.read.recoveryAllowed(), false);
    await expectRevert(asOwner.write.setRecoveryAllowed([true]), 'RecoverySwitchLocked', []);
    await expectRevert(asOwner.write.recover([3n, owner, 'returned']), 'RecoveryNotAllowed', []);
    // Holders can redeem; the lock they set under version 1 stays theirs.
    await receipt(asAlice.write.redeem([1n, false]));
    await expectRevert(asAlice.write.allowTokenTransfers([1n]), 'TokenRedeemed', [1n]);
    await receipt(asAlice.write.redeem([BASE + 1n, true]));
    assert.equal(await asOwner.read.ownerOf([BASE + 3n]), alice);
    // Phased mints work on the upgraded collection: the v1 minter's voucher mints, the phase's cap refuses.
    const phaseId = phaseIdOf(1, 'after-upgrade');
    await receipt(sendCappedPhased(asAlice, bob, 10n, phaseId));
    assert.equal(await asOwner.read.ownerOf([10n]), bob);
    assert.equal(await asOwner.read.phaseMinted([phaseId, bob]), 1n);
    await expectRevert(sendCappedPhased(asAlice, bob, 11n, phaseId), 'WalletCapReached', [bob, 1]);

    // An upgraded collection that never minted may still choose recovery, as at deployment.
    const emptyAsOwner = contractAt(collectionAbi, empty, owner);
    await receipt(emptyAsOwner.write.setRecoveryAllowed([true]));
    await receipt(emptyAsOwner.write.mint([bob, 1n]));
    await receipt(emptyAsOwner.write.recover([1n, owner, 'returned']));
    assert.equal(await emptyAsOwner.read.ownerOf([1n]), owner);
  });
});
