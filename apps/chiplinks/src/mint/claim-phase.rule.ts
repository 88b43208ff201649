import { Inject, Injectable } from '@nestjs/common';
import { getAddress, type Address } from 'viem';
import { claimPhaseStatus, type ClaimPhase, type MintRefusal, type NftTemplate } from '@metatag/api-types';
import type { ChainDirectory } from '@metatag/chain';
import { allowlistProof, allowlistRoot, collectionAbi, phaseIdOf } from '@metatag/contracts';
import type { ClaimPhaseTermsMessage } from '@metatag/events';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { CHAINS } from '../chiplinks.tokens.js';

/** The terms a phased voucher carries (libs/events `claimPhaseTermsSchema`). */
export type PhaseTerms = ClaimPhaseTermsMessage;

/** A refusal with the cause the page names. */
export class PhaseRefusal extends Error {
  constructor(readonly reason: MintRefusal) {
    super(reason);
  }
}

const seconds = (iso: string | null) => (iso ? String(Math.floor(Date.parse(iso) / 1000)) : '0');

/**
 * Claim conditions per template (issue #32 item 3; docs/decisions.md "Claim conditions per template"):
 * which of a phased template's phases a voucher for `to` is signed for, or why none. The phases open
 * now are tried in order; the first whose allowlist has `to` (or that has none) and whose per-wallet
 * cap `to` has not reached on chain is the one. The server's check is a courtesy (a plain reason instead
 * of a wallet's revert): the collection enforces the same terms, signed into the voucher.
 */
@Injectable()
export class ClaimPhaseRule {
  constructor(
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Undefined for a template without phases (vouchers as before); throws PhaseRefusal otherwise. */
  async choose(
    template: Pick<NftTemplate, 'id' | 'chain' | 'claimPhases'>,
    collection: string,
    to: string,
  ): Promise<{ phase: ClaimPhase; terms: PhaseTerms } | undefined> {
    const state = claimPhaseStatus(template.claimPhases, this.clock.now());
    if (state.status === 'unphased') return undefined;
    if (state.status === 'upcoming') throw new PhaseRefusal('phase_not_started');
    if (state.status === 'closed') throw new PhaseRefusal('phase_ended');
    const wallet = to.toLowerCase();
    const listed = state.open.filter((p) => p.allowlist.length === 0 || p.allowlist.includes(wallet));
    if (listed.length === 0) throw new PhaseRefusal('not_allowlisted');
    for (const phase of listed) {
      const id = phaseIdOf(template.id, phase.id);
      if (phase.walletCap > 0 && (await this.minted(template.chain, collection, id, to)) >= phase.walletCap)
        continue;
      const proof = allowlistProof(phase.allowlist, to) ?? [];
      return {
        phase,
        terms: {
          id,
          start: seconds(phase.start),
          end: seconds(phase.end),
          walletCap: phase.walletCap,
          allowlistRoot: allowlistRoot(phase.allowlist),
          proof,
        },
      };
    }
    throw new PhaseRefusal('wallet_cap_reached');
  }

  /** The collection's own count of `to`'s mints in the phase (phaseMinted). */
  private async minted(chain: string, collection: string, id: `0x${string}`, to: string): Promise<number> {
    const handle = this.chains.byName(chain);
    if (!handle) throw new Error(`chain ${chain} is not configured`);
    const count = await handle.client.readContract({
      address: getAddress(collection),
      abi: collectionAbi,
      functionName: 'phaseMinted',
      args: [id, getAddress(to) as Address],
    });
    return Number(count);
  }
}
