import { encodeFunctionData, hashTypedData, recoverTypedDataAddress, type Address, type Hex } from 'viem';
import { tagRelayerAbi } from './generated/tag-relayer.js';
import type { VoucherSigner } from './vouchers.js';

/** The EIP-712 domain name and version of every TagRelayer (chain id and address bind it). */
export const TAG_RELAYER_DOMAIN_NAME = 'MetaTag TagRelayer';
export const TAG_RELAYER_DOMAIN_VERSION = '1';

/** Where an authorization is valid: one TagRelayer on one chain. */
export interface TagRelayerTarget {
  chainId: number;
  /** The TagRelayer contract (the network table's `relayer`). */
  relayer: Address;
}

export function tagRelayerDomain({ chainId, relayer }: TagRelayerTarget) {
  return {
    name: TAG_RELAYER_DOMAIN_NAME,
    version: TAG_RELAYER_DOMAIN_VERSION,
    chainId,
    verifyingContract: relayer,
  } as const;
}

/** EIP-712 types of the contract's `Authorization` (`data` is hashed as EIP-712 hashes `bytes`). */
export const tagRelayerAuthorizationTypes = {
  Authorization: [
    { name: 'scanId', type: 'bytes32' },
    { name: 'target', type: 'address' },
    { name: 'data', type: 'bytes' },
    { name: 'value', type: 'uint256' },
    { name: 'deadline', type: 'uint256' },
  ],
} as const;

/** Lets anyone run `target.call{value}(data)` once through the TagRelayer, until `deadline`. */
export interface TagRelayerAuthorization {
  /**
   * One-time id (32 bytes): the contract runs an id at most once. Derive it from the pending record
   * (not from the tap) when a record must run at most once whatever the number of taps.
   */
  scanId: Hex;
  /** The contract to call. */
  target: Address;
  /** Its calldata (the pending transaction data). */
  data: Hex;
  /** Wei sent with the call; the sender's `msg.value` must equal it. */
  value: bigint;
  /** Last valid block timestamp, in seconds. */
  deadline: bigint;
}

export function tagRelayerAuthorizationTypedData(
  where: TagRelayerTarget,
  authorization: TagRelayerAuthorization,
) {
  return {
    domain: tagRelayerDomain(where),
    types: tagRelayerAuthorizationTypes,
    primaryType: 'Authorization',
    message: authorization,
  } as const;
}

/** The digest the contract's `hashAuthorization` returns for the same authorization. */
export function hashTagRelayerAuthorization(
  where: TagRelayerTarget,
  authorization: TagRelayerAuthorization,
): Hex {
  return hashTypedData(tagRelayerAuthorizationTypedData(where, authorization));
}

/** Signs an authorization as the TagRelayer's authorizer (MetaTag's relayer key): a 65-byte signature. */
export function signTagRelayerAuthorization(
  signer: VoucherSigner,
  where: TagRelayerTarget,
  authorization: TagRelayerAuthorization,
): Promise<Hex> {
  return signer.signTypedData(tagRelayerAuthorizationTypedData(where, authorization));
}

/** The address that signed an authorization. */
export function recoverTagRelayerAuthorizationSigner(
  where: TagRelayerTarget,
  authorization: TagRelayerAuthorization,
  signature: Hex,
): Promise<Address> {
  return recoverTypedDataAddress({ ...tagRelayerAuthorizationTypedData(where, authorization), signature });
}

/** Call data of `execute` for a signed authorization: send it to the TagRelayer with `value`. */
export function encodeTagRelayerExecute(authorization: TagRelayerAuthorization, signature: Hex): Hex {
  const { target, data, value, deadline, scanId } = authorization;
  return encodeFunctionData({
    abi: tagRelayerAbi,
    functionName: 'execute',
    args: [target, data, value, deadline, scanId, signature],
  });
}
