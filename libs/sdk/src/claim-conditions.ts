import {
  CLAIM_PHASE_TEXTS,
  MINT_REFUSALS,
  claimPhaseStatus,
  timeUntil,
  type MintRefusal,
  type PublicClaimPhase,
} from '@metatag/api-types';

export { CLAIM_PHASE_TEXTS, MINT_REFUSALS, claimPhaseStatus, timeUntil };
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
