import { getAddress, recoverAddress, type Hex } from 'viem';
import { typedDataDigest } from './typed-data.js';

/**
 * EIP-712 messages by which a wallet proves it belongs to a MetaTag account: linking the wallet to a
 * password account, and attaching a collection the wallet owns. The browser signs them with
 * `eth_signTypedData_v4` (viem's signTypedData); the server recovers the signer from our own
 * digest (`typed-data.ts`, checked against viem's hashTypedData and the EIP's example).
 */
export const ACCOUNT_PROOF_DOMAIN_NAME = 'MetaTag';
export const ACCOUNT_PROOF_DOMAIN_VERSION = '1';
/** How far ahead a proof's deadline may be: a signature is short-lived. */
export const ACCOUNT_PROOF_MAX_TTL_S = 60 * 60;

export const linkWalletTypes = {
  LinkWallet: [
    { name: 'statement', type: 'string' },
    { name: 'account', type: 'uint256' },
    { name: 'wallet', type: 'address' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export const attachCollectionTypes = {
  AttachCollection: [
    { name: 'statement', type: 'string' },
    { name: 'account', type: 'uint256' },
    { name: 'collection', type: 'address' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

export interface LinkWalletProof {
  chainId: number;
  /** The MetaTag account (user id). */
  account: number;
  wallet: string;
  /** Unix seconds after which the signature is refused. */
  deadline: bigint;
}

export interface AttachCollectionProof {
  chainId: number;
  account: number;
  /** The collection (its proxy address): the domain's verifying contract. */
  collection: string;
  deadline: bigint;
}

export function linkWalletTypedData(p: LinkWalletProof) {
  const wallet = getAddress(p.wallet);
  return {
    domain: { name: ACCOUNT_PROOF_DOMAIN_NAME, version: ACCOUNT_PROOF_DOMAIN_VERSION, chainId: p.chainId },
    types: linkWalletTypes,
    primaryType: 'LinkWallet',
    message: {
      statement: `Link this wallet to MetaTag account ${p.account}`,
      account: BigInt(p.account),
      wallet,
      deadline: p.deadline,
    },
  } as const;
}

export function attachCollectionTypedData(p: AttachCollectionProof) {
  const collection = getAddress(p.collection);
  return {
    domain: {
      name: ACCOUNT_PROOF_DOMAIN_NAME,
      version: ACCOUNT_PROOF_DOMAIN_VERSION,
      chainId: p.chainId,
      verifyingContract: collection,
    },
    types: attachCollectionTypes,
    primaryType: 'AttachCollection',
    message: {
      statement: `Attach collection ${collection.toLowerCase()} to MetaTag account ${p.account}`,
      account: BigInt(p.account),
      collection,
      deadline: p.deadline,
    },
  } as const;
}

type Typed = ReturnType<typeof linkWalletTypedData> | ReturnType<typeof attachCollectionTypedData>;

function digest(t: Typed): Hex {
  return typedDataDigest(t.domain, t.primaryType, t.types, t.message);
}

export const linkWalletDigest = (p: LinkWalletProof): Hex => digest(linkWalletTypedData(p));
export const attachCollectionDigest = (p: AttachCollectionProof): Hex => digest(attachCollectionTypedData(p));

/** The address that signed a link message (lower-cased). */
export async function recoverLinkWalletSigner(p: LinkWalletProof, signature: Hex): Promise<string> {
  return (await recoverAddress({ hash: linkWalletDigest(p), signature })).toLowerCase();
}

/** The address that signed an attach message (lower-cased). */
export async function recoverAttachCollectionSigner(
  p: AttachCollectionProof,
  signature: Hex,
): Promise<string> {
  return (await recoverAddress({ hash: attachCollectionDigest(p), signature })).toLowerCase();
}

/** Whether a proof's deadline is still ahead of `nowS` and not implausibly far (seconds). */
export function isLiveDeadline(deadline: bigint, nowS: number): boolean {
  return deadline >= BigInt(nowS) && deadline <= BigInt(nowS + ACCOUNT_PROOF_MAX_TTL_S);
}
