import { encodeFunctionData, hashTypedData, recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { nftCodeAbi } from './generated/nft-code.js';
import {
  splitSignature,
  voucherDomain,
  type MintVoucher,
  type VoucherSignature,
  type VoucherSigner,
  type VoucherTarget,
} from './vouchers.js';

/**
 * A claim phase as a phased voucher signs it (issue #32 item 3; the contract's ClaimConditions.ClaimPhase).
 * The contract refuses the mint before `start`, from `end` on, past `walletCap` mints to the same
 * recipient in this phase, and to a recipient not in the `allowlistRoot` tree.
 */
export interface ClaimPhaseTerms {
  /** The phase's id: the per-wallet counter on chain is kept per id (see `phaseIdOf`). */
  id: Hex;
  /** Unix seconds; 0: open from the start. */
  start: bigint;
  /** Unix seconds, the first second after the phase; 0: no end. */
  end: bigint;
  /** Mints per recipient in this phase; 0: no cap. */
  walletCap: number;
  /** StandardMerkleTree root of ["address"] leaves (see allowlist.ts); zero hash: anyone. */
  allowlistRoot: Hex;
}

/** A mint voucher for a claim phase; `proof` is the recipient's allowlist proof (not signed). */
export interface MintPhasedVoucher extends MintVoucher {
  phase: ClaimPhaseTerms;
}

/**
 * EIP-712 types: a new type beside Mint (old vouchers keep their type and function). The phase's
 * fields are flat, after `deadline`, in the order the contract hashes them from calldata.
 */
export const mintPhasedVoucherTypes = {
  MintPhased: [
    { name: 'to', type: 'address' },
    { name: 'tokenId', type: 'uint256' },
    { name: 'price', type: 'uint256' },
    { name: 'payoutAddress', type: 'address' },
    { name: 'disallowTransfers', type: 'bool' },
    { name: 'deadline', type: 'uint256' },
    { name: 'phase', type: 'bytes32' },
    { name: 'start', type: 'uint64' },
    { name: 'end', type: 'uint64' },
    { name: 'walletCap', type: 'uint32' },
    { name: 'allowlistRoot', type: 'bytes32' },
  ],
} as const;

export function mintPhasedVoucherTypedData(target: VoucherTarget, voucher: MintPhasedVoucher) {
  const { phase, ...mint } = voucher;
  return {
    domain: voucherDomain(target),
    types: mintPhasedVoucherTypes,
    primaryType: 'MintPhased',
    message: {
      ...mint,
      phase: phase.id,
      start: phase.start,
      end: phase.end,
      walletCap: phase.walletCap,
      allowlistRoot: phase.allowlistRoot,
    },
  } as const;
}

/** The digest the contract's getMintPhasedHash returns for the same voucher. */
export function hashMintPhasedVoucher(target: VoucherTarget, voucher: MintPhasedVoucher): Hex {
  return hashTypedData(mintPhasedVoucherTypedData(target, voucher));
}

/** Signs a phased mint voucher as the collection's minter. */
export async function signMintPhasedVoucher(
  signer: VoucherSigner,
  target: VoucherTarget,
  voucher: MintPhasedVoucher,
): Promise<VoucherSignature> {
  return splitSignature(await signer.signTypedData(mintPhasedVoucherTypedData(target, voucher)));
}

/** The address that signed a phased mint voucher. */
export function recoverMintPhasedVoucherSigner(
  target: VoucherTarget,
  voucher: MintPhasedVoucher,
  signature: Hex,
): Promise<Address> {
  return recoverTypedDataAddress({ ...mintPhasedVoucherTypedData(target, voucher), signature });
}

/** Call data of mintSignedPhased (value = price); `proof` proves `to` in the phase's allowlist. */
export function encodeMintSignedPhased(
  voucher: MintPhasedVoucher,
  { v, r, s }: VoucherSignature,
  proof: readonly Hex[],
): Hex {
  return encodeFunctionData({
    abi: nftCodeAbi,
    functionName: 'mintSignedPhased',
    args: [v, r, s, voucher, proof],
  });
}
