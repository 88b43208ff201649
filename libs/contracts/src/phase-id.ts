import { keccak256, toHex, type Hex } from 'viem';

// Its own module and subpath (`@metatag/contracts/phase-id`): the SDK needs this one function, and the
// package's index loads the contracts' ABIs and bytecode and OpenZeppelin's Merkle tree with it, about
// 1.5 CPU-s at every start of a process that imports the SDK (the chip CLI's among them).

/**
 * The on-chain id of a template's phase: the per-wallet counter is kept per id, so two templates (or
 * two phases) never share one. Derived, not stored: the server and anyone reading the chain agree.
 */
export function phaseIdOf(templateId: number, phaseId: string): Hex {
  return keccak256(toHex(`metatag:claim-phase:${templateId}:${phaseId}`));
}
