import { Inject, Injectable } from '@nestjs/common';
import type { NftTemplate } from '@metatag/api-types';
import { RELAYER, type MintRecord } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { SERVICES } from '../chiplinks.tokens.js';
import type { PhaseTerms } from './claim-phase.rule.js';

export interface GaslessMint {
  template: NftTemplate;
  chiplinkId: string;
  collection: string;
  to: string;
  tokenId: string;
  /** One record per tap: a repeated claim of the same tap answers the first record. */
  key: string;
  /** A phased template: the phase the recipient claims in (the relayer mints through it). */
  phase?: PhaseTerms;
}

/**
 * A gasless claim's mint (issue #29): the relayer's manual-mint path with the template's owner as the
 * actor, so the same rules hold as for a mint the owner starts in the admin: only the template's own
 * collection (attached to the owner, or the chain's default), and the worst-case fee reserved from the
 * owner's relayer balance before the mint is queued. Undefined when that balance cannot pay (402).
 */
@Injectable()
export class GaslessMinter {
  constructor(@Inject(SERVICES) private readonly services: ServiceClient) {}

  async mint(m: GaslessMint): Promise<MintRecord | undefined> {
    try {
      return await this.services.send(RELAYER.createMint, {
        actor: { id: m.template.owner, isSuperAdmin: false },
        chain: m.template.chain,
        nftId: String(m.template.id),
        chiplinkId: m.chiplinkId,
        to: m.to.toLowerCase(),
        collection: m.collection.toLowerCase(),
        tokenId: m.tokenId,
        idempotencyKey: m.key,
        ...(m.phase ? { phase: m.phase } : {}),
      });
    } catch (error) {
      if (error instanceof AppError && error.status === 402) return undefined;
      throw error;
    }
  }
}
