import { useQuery } from '@tanstack/react-query';
import { getAddress, isAddress, type Address } from 'viem';
import { useConfig } from 'wagmi';
import { readContract } from 'wagmi/actions';
import { CLAIM_PHASE_TEXTS, claimPhaseStatus, type PublicClaimPhase } from '@metatag/api-types';
import { phaseIdOf } from '@metatag/contracts';
import { PHASE_ABI } from '../../lib/abiFragments.js';
import { CHAIN_IDS, type ChainName } from '../../lib/chains.js';

/**
 * 'You minted 1 of 2' (issue #32 item 3) before the next click, not only as the refusal after it: the
 * connected wallet's mints in the open capped phase, read from the collection's own counter
 * (`phaseMinted`, the number the contract enforces). Nothing while no wallet is connected, no phase
 * with a cap is open, or the chain cannot be read.
 */
export function PhaseStanding({
  chain,
  templateId,
  collection,
  phases,
  account,
  refresh,
}: {
  chain: ChainName;
  templateId: number;
  collection: string;
  phases: readonly PublicClaimPhase[] | undefined;
  account: string | null;
  /** Changes after each transaction of this visit, so the count is read again. */
  refresh: unknown;
}) {
  const config = useConfig();
  const state = claimPhaseStatus(phases ?? [], new Date());
  const phase = state.status === 'open' ? state.open.find((p) => p.walletCap > 0) : undefined;
  const minted = useQuery({
    queryKey: ['phase-minted', chain, collection, templateId, phase?.id, account, refresh],
    queryFn: () =>
      readContract(config, {
        chainId: CHAIN_IDS[chain],
        address: getAddress(collection),
        abi: PHASE_ABI,
        functionName: 'phaseMinted',
        args: [phaseIdOf(templateId, phase!.id), account as Address],
      }),
    enabled: account !== null && phase !== undefined && isAddress(collection),
    retry: false,
    meta: { persist: false },
  });
  if (!phase || minted.data === undefined) return null;
  const count = Number(minted.data);
  return (
    <p
      className={count >= phase.walletCap ? 'chip-phase-standing chip-notice--error' : 'chip-phase-standing'}
      data-testid="chip-phase-minted"
    >
      {CLAIM_PHASE_TEXTS.youMinted(count, phase.walletCap)} in {phase.name}
    </p>
  );
}
