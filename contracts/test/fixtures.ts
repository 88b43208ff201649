import { type Address } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import {
  signMintVoucher,
  signMintWithLimitVoucher,
  signTransferVoucher,
  type MintVoucher,
  type MintWithLimitVoucher,
  type TransferVoucher,
} from '@metatag/contracts';
import {
  HARDHAT_MNEMONIC,
  accounts,
  collectionAbi,
  contractAt,
  deployCollection,
  deployShared,
  fixture,
  libraryAddressLocatorAbi,
  receipt,
  target,
  type Collection,
} from './helpers.js';

/** The minter's key (Hardhat account #1), for signing vouchers. */
export const minterAccount = mnemonicToAccount(HARDHAT_MNEMONIC, { addressIndex: 1 });

export interface World {
  owner: Address;
  minter: Address;
  alice: Address;
  bob: Address;
  carol: Address;
  nftCode: Address;
  locator: Address;
  collection: Address;
  /** The collection as its owner, minter, alice, bob and carol. */
  asOwner: Collection;
  asMinter: Collection;
  asAlice: Collection;
  asBob: Collection;
  asCarol: Collection;
  locatorAsOwner: ReturnType<typeof contractAt<typeof libraryAddressLocatorAbi>>;
}

/** NFT code, a locator and one collection whose minter is Hardhat account #1. */
export const world = fixture(async (): Promise<World> => {
  const [owner, minter, alice, bob, carol] = await accounts();
  if (!owner || !minter || !alice || !bob || !carol) throw new Error('Hardhat accounts missing');
  const { nftCode, locator } = await deployShared(owner);
  const { address: collection } = await deployCollection(locator, owner);
  const asOwner = contractAt(collectionAbi, collection, owner);
  await receipt(asOwner.write.setMinter([minter]));
  return {
    owner,
    minter,
    alice,
    bob,
    carol,
    nftCode,
    locator,
    collection,
    asOwner,
    asMinter: contractAt(collectionAbi, collection, minter),
    asAlice: contractAt(collectionAbi, collection, alice),
    asBob: contractAt(collectionAbi, collection, bob),
    asCarol: contractAt(collectionAbi, collection, carol),
    locatorAsOwner: contractAt(libraryAddressLocatorAbi, locator, owner),
  };
});

/** Sends mintSigned for a voucher signed by `signer` (the minter by default). */
export async function sendMintSigned(
  as: Collection,
  voucher: MintVoucher,
  options: {
    signer?: Parameters<typeof signMintVoucher>[0];
    chainId?: number;
    collection?: Address;
    value?: bigint;
  } = {},
) {
  const { v, r, s } = await signMintVoucher(
    options.signer ?? minterAccount,
    target(options.collection ?? as.address, options.chainId),
    voucher,
  );
  return as.write.mintSigned(
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
    { value: options.value ?? voucher.price },
  );
}

/** Sends mintSignedWithLimit for a voucher signed by the minter. */
export async function sendMintSignedWithLimit(
  as: Collection,
  voucher: MintWithLimitVoucher,
  options: { signer?: Parameters<typeof signMintVoucher>[0]; value?: bigint } = {},
) {
  const { v, r, s } = await signMintWithLimitVoucher(
    options.signer ?? minterAccount,
    target(as.address),
    voucher,
  );
  return as.write.mintSignedWithLimit(
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
      voucher.limit,
    ],
    { value: options.value ?? voucher.price },
  );
}

/** Sends transferSigned for a voucher signed by `signer` (the minter by default). */
export async function sendTransferSigned(
  as: Collection,
  voucher: TransferVoucher,
  options: {
    signer?: Parameters<typeof signTransferVoucher>[0];
    chainId?: number;
    collection?: Address;
  } = {},
) {
  const { v, r, s } = await signTransferVoucher(
    options.signer ?? minterAccount,
    target(options.collection ?? as.address, options.chainId),
    voucher,
  );
  return as.write.transferSigned([v, r, s, voucher.to, voucher.tokenId, voucher.deadline]);
}
