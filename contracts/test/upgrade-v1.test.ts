import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { encodeAbiParameters, getAddress, keccak256, toHex, type Address, type Hex } from 'viem';
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
  publicClient,
  receipt,
  walletClient,
} from './helpers.js';
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
    assert.deepEqual(added, ['recovery', 'recovery.policy', 'redemption', 'redemption.redeemed']);
  });

  it('writes the new state at its ERC-7201 slots, apart from every other namespace', async () => {
    const [owner, , alice] = await accounts();
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
    const others = [
      'metatag.storage.NFTCode',
      'openzeppelin.storage.Ownable',
      'openzeppelin.storage.ERC2981',
    ];
    for (const other of others.map(erc7201)) {
      // Each namespace spans at most 13 slots from its base (NFTStorage): far apart is enough.
      for (const mine of [recoverySlot, redemptionSlot]) {
        assert.ok((mine > other ? mine - other : other - mine) > 1000n);
      }
    }
    assert.equal(await word(address, recoverySlot), 0n);
    await receipt(c.write.setRecoveryAllowed([true]));
    assert.equal(await word(address, recoverySlot), 1n);
    await receipt(c.write.mint([alice!, 5n]));
    await receipt(contractAt(collectionAbi, address, alice!).write.redeem([5n, false]));
    const entry = BigInt(
      keccak256(encodeAbiParameters([{ type: 'uint256' }, { type: 'uint256' }], [5n, redemptionSlot])),
    );
    assert.equal(await word(address, entry), 1n);
  });
});

describe('upgrade from the deployed version 1', () => {
  it('keeps a busy collection, leaves recovery off, and adds recovery and redemption', async () => {
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

    // An upgraded collection that never minted may still choose recovery, as at deployment.
    const emptyAsOwner = contractAt(collectionAbi, empty, owner);
    await receipt(emptyAsOwner.write.setRecoveryAllowed([true]));
    await receipt(emptyAsOwner.write.mint([bob, 1n]));
    await receipt(emptyAsOwner.write.recover([1n, owner, 'returned']));
    assert.equal(await emptyAsOwner.read.ownerOf([1n]), owner);
  });
});
