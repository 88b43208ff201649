import {
  CLAIM_PHASE_TEXTS as T,
  claimPhaseStatus,
  timeUntil,
  type MintRefusal,
  type PublicClaimPhase,
} from '@metatag/api-types';

/** One line of the chip page's drop notice (issue #32 item 3). */
export interface PhaseLine {
  kind: 'upcoming' | 'open' | 'closed' | 'allowlist' | 'cap' | 'price';
  text: string;
}

/**
 * What the public page says about a phased template at `now`: the phase open now (or the next one:
 * 'Presale opens in 2 h', or 'Claims are closed'), and its conditions: 'Allowlist only', '2 per wallet',
 * its own price. Nothing for a template without phases.
 */
export function phaseLines(phases: readonly PublicClaimPhase[], now: Date): PhaseLine[] {
  const state = claimPhaseStatus(phases, now);
  if (state.status === 'unphased') return [];
  if (state.status === 'closed') return [{ kind: 'closed', text: T.closed }];
  const lines: PhaseLine[] = [];
  const phase = state.status === 'open' ? state.open[0]! : state.next;
  if (state.status === 'upcoming')
    lines.push({ kind: 'upcoming', text: T.opensIn(phase.name, timeUntil(new Date(phase.start!), now)) });
  else
    lines.push({
      kind: 'open',
      text: phase.end ? T.closesIn(phase.name, timeUntil(new Date(phase.end), now)) : T.open(phase.name),
    });
  if (phase.allowlistOnly) lines.push({ kind: 'allowlist', text: T.allowlistOnly });
  if (phase.walletCap > 0) lines.push({ kind: 'cap', text: T.perWallet(phase.walletCap) });
  if (phase.price) lines.push({ kind: 'price', text: `${phase.price} ETH in this phase` });
  return lines;
}

/**
 * A phase refusal in plain words (issue #32 item 3), with the phase's name and numbers where the
 * page knows them; undefined for other refusals.
 */
export function phaseRefusalText(
  reason: MintRefusal | undefined,
  phases: readonly PublicClaimPhase[],
  now: Date,
): string | undefined {
  const state = claimPhaseStatus(phases, now);
  const open = state.status === 'open' ? state.open : [];
  switch (reason) {
    case 'phase_not_started': {
      const next = state.status === 'upcoming' ? state.next : undefined;
      return next?.start
        ? `Not open yet: ${T.opensIn(next.name, timeUntil(new Date(next.start), now))}`
        : 'Not open yet: this drop opens later';
    }
    case 'phase_ended':
      return `${T.closed}: every phase of this drop has ended`;
    case 'not_allowlisted':
      return `${T.allowlistOnly}: this wallet is not on the list${
        open[0] ? ` for ${open[0].name}` : ''
      }. Connect a wallet that is`;
    case 'wallet_cap_reached': {
      const capped = open.find((p) => p.walletCap > 0);
      return capped
        ? `${T.youMinted(capped.walletCap, capped.walletCap)}: that is the most one wallet may mint in ${capped.name}`
        : 'This wallet minted all it may in this phase';
    }
    default:
      return undefined;
  }
}
