import {
  encodeFunctionData,
  hashTypedData,
  parseSignature,
  recoverTypedDataAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem';
import { nftCodeAbi } from './generated/nft-code.js';

/** The EIP-712 domain name and version every collection uses (chain id and address bind it). */
export const VOUCHER_DOMAIN_NAME = 'MetaTag';
export const VOUCHER_DOMAIN_VERSION = '1';

/** Where an authorization is valid: one collection on one chain. */
export interface VoucherTarget {
  chainId: number;
  /** The collection (proxy) address. */
  collection: Address;
}

export function voucherDomain({ chainId, collection }: VoucherTarget) {
  return {
    name: VOUCHER_DOMAIN_NAME,
    version: VOUCHER_DOMAIN_VERSION,
    chainId,
    verifyingContract: collection,
  } as const;
}

/** EIP-712 types, field order as in the contract's function parameters. */
export const mintVoucherTypes = {
  Mint: [
    { name: 'to', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'price', type: 'uint256' },
    { name: 'payoutAddress', type: 'address' },
    { name: 'disallowTransfers', type: 'bool' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export const mintWithLimitVoucherTypes = {
  MintWithLimit: [
    { name: 'to', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'price', type: 'uint256' },
    { name: 'payoutAddress', type: 'address' },
    { name: 'disallowTransfers', type: 'bool' },
    { name: 'deadline', type: 'uint256' },
    { name: 'limit', type: 'uint64' },
  ],
} as const;

export const transferVoucherTypes = {
  Transfer: [
    { name: 'to', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'nonce', type: 'uint32' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** Lets anyone mint `tokenId` to `to` by paying exactly `price` wei (sent to `payoutAddress`). */
export interface MintVoucher {
  to: Address;
  tokenId: bigint;
  /** Wei; 0 for a free mint. */
  price: bigint;
  /** Receives the price; may be the zero address when the price is 0. */
  payoutAddress: Address;
  /** Mint the token locked (ERC-5192); its owner can unlock it later. */
  disallowTransfers: boolean;
  /** Last valid block timestamp, in seconds. */
  deadline: bigint;
}

/** A mint voucher whose token may also have up to `limit` children. */
export interface MintWithLimitVoucher extends MintVoucher {
  limit: bigint;
}

/** Lets anyone move `tokenId` to `to` without an approval (the chip-gated claim). */
export interface TransferVoucher {
  to: Address;
  tokenId: bigint;
  /** The token's current transferNonce(tokenId); every transfer bumps it. */
  nonce: number;
  deadline: bigint;
}

/** A 65-byte signature and its v, r, s parts as the contract takes them (v is 27 or 28). */
export interface VoucherSignature {
  signature: Hex;
  v: number;
  r: Hex;
  s: Hex;
}

/** What can sign: a viem local account (privateKeyToAccount, mnemonicToAccount, ...). */
export type VoucherSigner = Pick<LocalAccount, 'signTypedData'>;

export function splitSignature(signature: Hex): VoucherSignature {
  const { r, s, v, yParity } = parseSignature(signature);
  return { signature, r, s, v: v === undefined ? yParity + 27 : Number(v) };
}

export function mintVoucherTypedData(target: VoucherTarget, voucher: MintVoucher) {
  return {
    domain: voucherDomain(target),
    types: mintVoucherTypes,
    primaryType: 'Mint',
    message: voucher,
  } as const;
}

export function mintWithLimitVoucherTypedData(target: VoucherTarget, voucher: MintWithLimitVoucher) {
  return {
    domain: voucherDomain(target),
    types: mintWithLimitVoucherTypes,
    primaryType: 'MintWithLimit',
    message: voucher,
  } as const;
}

export function transferVoucherTypedData(target: VoucherTarget, voucher: TransferVoucher) {
  return {
    domain: voucherDomain(target),
    types: transferVoucherTypes,
    primaryType: 'Transfer',
    message: voucher,
  } as const;
}

/** The digest the contract's getMintHash returns for the same voucher. */
export function hashMintVoucher(target: VoucherTarget, voucher: MintVoucher): Hex {
  return hashTypedData(mintVoucherTypedData(target, voucher));
}

/** The digest the contract's getMintWithLimitHash returns for the same voucher. */
export function hashMintWithLimitVoucher(target: VoucherTarget, voucher: MintWithLimitVoucher): Hex {
  return hashTypedData(mintWithLimitVoucherTypedData(target, voucher));
}

/** The digest the contract's getTransferHash returns while the token's nonce is `voucher.nonce`. */
export function hashTransferVoucher(target: VoucherTarget, voucher: TransferVoucher): Hex {
  return hashTypedData(transferVoucherTypedData(target, voucher));
}

/** Signs a mint voucher as the collection's minter. */
export async function signMintVoucher(
  signer: VoucherSigner,
  target: VoucherTarget,
  voucher: MintVoucher,
): Promise<VoucherSignature> {
  return splitSignature(await signer.signTypedData(mintVoucherTypedData(target, voucher)));
}

/** Signs a mint-with-limit voucher as the collection's minter. */
export async function signMintWithLimitVoucher(
  signer: VoucherSigner,
  target: VoucherTarget,
  voucher: MintWithLimitVoucher,
): Promise<VoucherSignature> {
  return splitSignature(await signer.signTypedData(mintWithLimitVoucherTypedData(target, voucher)));
}

/** Signs a transfer voucher as the collection's minter. */
export async function signTransferVoucher(
  signer: VoucherSigner,
  target: VoucherTarget,
  voucher: TransferVoucher,
): Promise<VoucherSignature> {
  return splitSignature(await signer.signTypedData(transferVoucherTypedData(target, voucher)));
}

/** The address that signed a mint voucher. */
export function recoverMintVoucherSigner(
  target: VoucherTarget,
  voucher: MintVoucher,
  signature: Hex,
): Promise<Address> {
  return recoverTypedDataAddress({ ...mintVoucherTypedData(target, voucher), signature });
}

/** The address that signed a mint-with-limit voucher. */
export function recoverMintWithLimitVoucherSigner(
  target: VoucherTarget,
  voucher: MintWithLimitVoucher,
  signature: Hex,
): Promise<Address> {
  return recoverTypedDataAddress({ ...mintWithLimitVoucherTypedData(target, voucher), signature });
}

/** The address that signed a transfer voucher. */
export function recoverTransferVoucherSigner(
  target: VoucherTarget,
  voucher: TransferVoucher,
  signature: Hex,
): Promise<Address> {
  return recoverTypedDataAddress({ ...transferVoucherTypedData(target, voucher), signature });
}

/** Call data of mintSigned for a signed voucher (send it to the collection with value = price). */
export function encodeMintSigned(voucher: MintVoucher, { v, r, s }: VoucherSignature): Hex {
  return encodeFunctionData({
    abi: nftCodeAbi,
    functionName: 'mintSigned',
    args: [
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
  });
}

/** Call data of mintSignedWithLimit for a signed voucher (value = price). */
export function encodeMintSignedWithLimit(voucher: MintWithLimitVoucher, { v, r, s }: VoucherSignature): Hex {
  return encodeFunctionData({
    abi: nftCodeAbi,
    functionName: 'mintSignedWithLimit',
    args: [
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
  });
}

/** Call data of transferSigned for a signed voucher. */
export function encodeTransferSigned(voucher: TransferVoucher, { v, r, s }: VoucherSignature): Hex {
  return encodeFunctionData({
    abi: nftCodeAbi,
    functionName: 'transferSigned',
    args: [v, r, s, voucher.to, voucher.tokenId, voucher.deadline],
  });
}
