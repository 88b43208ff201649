import {
  CLAIM_PHASE_TEXTS,
  MINT_REFUSALS,
  claimPhaseStatus,
  timeUntil,
  type MintRefusal,
  type PublicClaimPhase,
} from '@metatag/api-types';
import { phaseIdOf } from '@metatag/contracts/phase-id';
import { getAddress, isAddress, type Hex } from 'viem';

export { CLAIM_PHASE_TEXTS, MINT_REFUSALS, claimPhaseStatus, phaseIdOf, timeUntil };
export type { MintRefusal, PublicClaimPhase };

/** Every refusal of get-mint-data and claim-gasless in plain words (what the chip page says too). */
export const MINT_REFUSAL_TEXTS: Record<MintRefusal, string> = {
  sold_out: 'Sold out',
  already_minted: 'This chip or link has minted its NFT already',
  tap_expired: 'The tap has expired: tap the chip again',
  insufficient_funds: 'Not enough ETH in this wallet for the price and the gas',
  second_tap_needed: 'Tap the chip again to claim: this item needs two taps',
  second_tap_too_soon: 'Too soon: wait a few seconds, then tap the chip again',
  second_tap_too_late: 'Too late: tap the chip twice, closer together',
  phase_not_started: 'Not open yet: no claim phase has opened',
  phase_ended: 'Claims are closed: every phase of this drop has ended',
  not_allowlisted: 'Allowlist only: this wallet is not on the list of the open phase',
  wallet_cap_reached: 'This wallet minted all it may in the open phase',
};

/**
 * The claim conditions of a template at `now` (issue #32 item 3), from the chip/link lookup's
 * `nft.claimPhases`: whether claims are open, which phase applies and its terms, and what the chip
 * page shows ('Presale opens in 2 h', 'Allowlist only', '2 per wallet'). `phase` is undefined for a
 * template without phases (claims as always) and once every phase has ended.
 */
export function claimConditions(
  nft: { claimPhases?: readonly PublicClaimPhase[] },
  now: Date = new Date(),
): {
  status: 'unphased' | 'open' | 'upcoming' | 'closed';
  phase?: PublicClaimPhase;
  opensIn?: string;
  allowlistOnly: boolean;
  walletCap: number;
} {
  const state = claimPhaseStatus(nft.claimPhases ?? [], now);
  const phase =
    state.status === 'open' ? state.open[0] : state.status === 'upcoming' ? state.next : undefined;
  return {
    status: state.status,
    ...(phase ? { phase } : {}),
    ...(state.status === 'upcoming' && state.next.start
      ? { opensIn: timeUntil(new Date(state.next.start), now) }
      : {}),
    allowlistOnly: phase?.allowlistOnly ?? false,
    walletCap: phase?.walletCap ?? 0,
  };
}

/** The collection's per-phase counter (ClaimConditions.phaseMinted): the number the contract enforces. */
export const PHASE_MINTED_ABI = [
  {
    type: 'function',
    name: 'phaseMinted',
    stateMutability: 'view',
    inputs: [
      { name: 'phase', type: 'bytes32' },
      { name: 'wallet', type: 'address' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/** Reads the chain: a viem `PublicClient` (or anything with its `readContract`) fits. */
export interface PhaseMintedReader {
  readContract(parameters: {
    address: Hex;
    abi: typeof PHASE_MINTED_ABI;
    functionName: 'phaseMinted';
    args: readonly [Hex, Hex];
  }): Promise<bigint>;
}

/** A wallet's standing in a capped phase: 'You minted 1 of 2', as the chip page shows it. */
export interface WalletStanding {
  phase: PublicClaimPhase;
  minted: number;
  cap: number;
  /** Mints left to the wallet in this phase (never below 0). */
  remaining: number;
  /** 'You minted 1 of 2' (CLAIM_PHASE_TEXTS.youMinted). */
  text: string;
}

/**
 * How many tokens `wallet` minted in the template's open capped phase, of how many it may (issue #32
 * item 3). Same source as the chip page: the collection's own counter `phaseMinted`, under the
 * phase's on-chain id (`phaseIdOf(templateId, phase.id)`); so a claim in flight counts once mined.
 * `lookup` is the chip/link lookup's reply (`nftByChiplink`: `nft.id`, `nft.claimPhases`,
 * `smartContract`). Undefined when no phase with a cap is open at `now` (no cap: nothing to count).
 */
export async function walletStanding(
  reader: PhaseMintedReader,
  lookup: {
    nft: { id: number; claimPhases?: readonly PublicClaimPhase[] };
    smartContract: string;
  },
  wallet: string,
  now: Date = new Date(),
): Promise<WalletStanding | undefined> {
  if (!isAddress(wallet)) throw new Error(`not an address: ${wallet}`);
  if (!isAddress(lookup.smartContract)) throw new Error(`no collection: ${lookup.smartContract}`);
  const state = claimPhaseStatus(lookup.nft.claimPhases ?? [], now);
  const phase = state.status === 'open' ? state.open.find((p) => p.walletCap > 0) : undefined;
  if (!phase) return undefined;
  const count = await reader.readContract({
    address: getAddress(lookup.smartContract),
    abi: PHASE_MINTED_ABI,
    functionName: 'phaseMinted',
    args: [phaseIdOf(lookup.nft.id, phase.id), getAddress(wallet)],
  });
  const minted = Number(count);
  const cap = phase.walletCap;
  return {
    phase,
    minted,
    cap,
    remaining: Math.max(0, cap - minted),
    text: CLAIM_PHASE_TEXTS.youMinted(minted, cap),
  };
}
