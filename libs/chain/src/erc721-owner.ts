import type { Address, PublicClient } from 'viem';
import { isRevert } from './revert.js';

const ownerOfFunction = {
  type: 'function',
  name: 'ownerOf',
  stateMutability: 'view',
  inputs: [{ name: 'tokenId', type: 'uint256' }],
  outputs: [{ name: '', type: 'address' }],
} as const;

/**
 * The ERC-721 token's owner read from the chain (lower case); null when the token does not exist (the
 * call reverts); undefined when the node could not answer, so a caller can tell "not minted" from "not
 * known" and keep the safe side.
 */
export async function tokenOwner(
  client: PublicClient,
  collection: string,
  tokenId: bigint,
): Promise<string | null | undefined> {
  try {
    const owner = await client.readContract({
      address: collection as Address,
      abi: [ownerOfFunction],
      functionName: 'ownerOf',
      args: [tokenId],
    });
    return owner.toLowerCase();
  } catch (error) {
    return isRevert(error) ? null : undefined;
  }
}
