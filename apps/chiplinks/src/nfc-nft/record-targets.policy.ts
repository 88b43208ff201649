import { Inject, Injectable } from '@nestjs/common';
import { NFC_NFT_FOREIGN_CONTRACT, NFC_NFT_FOREIGN_RELAYER } from '@metatag/api-types';
import { chainNames } from '@metatag/contracts';
import { AppError } from '@metatag/nest-kit';
import { TemplatesProjection } from '../templates/templates.projection.js';
import type { NfcNftRow } from './nfc-nft.repository.js';

/** The chain's TagRelayer address ('' when none is configured): TAG_RELAYER_<CHAIN>. */
export const TAG_RELAYERS = Symbol('TAG_RELAYERS');
export type TagRelayers = (chain: string) => string;

type Targets = Pick<NfcNftRow, 'ownerId' | 'chain' | 'smartContract' | 'relayer'>;

/**
 * Issue #28 item 1: the one place that decides where an NFC-NFT record may send its pending call. The
 * relayer key is the TagRelayer's authorizer and the TagRelayer is the minter of many tenants'
 * collections, so a record may name only
 * - as `smartContract`, a collection attached to the record's OWNER (the attach proof; chiplinks'
 *   projection of templates' attachments), on the record's chain (any chain while the chain is unset);
 * - as `relayer`, the TagRelayer configured for the record's chain (TAG_RELAYER_<CHAIN>).
 * The chain's shared default collection is not a tenant's: no record may call into it.
 * Checked when a record changes and again right before the relayer signs or sends (an attachment may
 * have moved to another account since).
 */
@Injectable()
export class RecordTargetPolicy {
  constructor(
    private readonly projection: TemplatesProjection,
    @Inject(TAG_RELAYERS) private readonly relayers: TagRelayers,
  ) {}

  /** Throws a 403 with the reason unless every target the record names is the owner's. */
  async require(record: Targets): Promise<void> {
    if (record.relayer !== '' && !this.isConfiguredRelayer(record.chain, record.relayer))
      throw new AppError('foreign_relayer', NFC_NFT_FOREIGN_RELAYER, 403);
    if (record.smartContract !== '' && !(await this.ownsCollection(record)))
      throw new AppError('foreign_contract', NFC_NFT_FOREIGN_CONTRACT, 403);
  }

  private isConfiguredRelayer(chain: string, relayer: string): boolean {
    const chains = chain === '' ? chainNames : [chain];
    return chains.some((c) => {
      const configured = this.relayers(c);
      return configured !== '' && configured === relayer.toLowerCase();
    });
  }

  private async ownsCollection({ ownerId, chain, smartContract }: Targets): Promise<boolean> {
    const address = smartContract.toLowerCase();
    const chains = chain === '' ? chainNames : [chain];
    for (const c of chains) if ((await this.projection.collectionOwner(c, address)) === ownerId) return true;
    return false;
  }
}
