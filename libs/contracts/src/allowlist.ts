import { StandardMerkleTree } from '@openzeppelin/merkle-tree';
import { getAddress, zeroHash, type Address, type Hex } from 'viem';

/**
 * A claim phase's allowlist (issue #32 item 3): an OpenZeppelin StandardMerkleTree of ["address"]
 * leaves, the tree the contract's MerkleProof check expects (leaf = keccak256(keccak256(abi.encode(a)))).
 * Addresses are checksummed and de-duplicated first, so the same list gives the same root whatever
 * its order or spelling.
 */
export function allowlistTree(addresses: readonly string[]): StandardMerkleTree<[Address]> {
  const unique = [...new Set(addresses.map((a) => getAddress(a)))].sort();
  return StandardMerkleTree.of(
    unique.map((a): [Address] => [a]),
    ['address'],
  );
}

/** The root to sign into a phase's vouchers; the zero hash for an empty list (the phase is open). */
export function allowlistRoot(addresses: readonly string[]): Hex {
  return addresses.length === 0 ? zeroHash : (allowlistTree(addresses).root as Hex);
}

/** The proof of `address` in the list, or undefined when it is not on it. */
export function allowlistProof(addresses: readonly string[], address: string): Hex[] | undefined {
  if (addresses.length === 0) return [];
  const tree = allowlistTree(addresses);
  const wanted = getAddress(address);
  for (const [i, [a]] of tree.entries()) if (a === wanted) return tree.getProof(i) as Hex[];
  return undefined;
}
