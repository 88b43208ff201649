import { Controller } from '@nestjs/common';
import { LEDGER_EVENTS, type EventParsed } from '@metatag/events';
import { HandleEvent } from '@metatag/nest-kit';
import { MintConfirmer } from './mint.confirmer.js';

/**
 * The relayer's side of the mint ledger: its mint records are confirmed by the ledger's `token.minted`
 * (templates' one cursor over the chain index), not by a cursor of their own (docs/decisions.md "One
 * cursor over the chain's mints"). Without the event the confirmer reads the chain after
 * MINT_INDEX_LAG_MS.
 */
@Controller()
export class MintLedgerHandlers {
  constructor(private readonly confirmer: MintConfirmer) {}

  @HandleEvent(LEDGER_EVENTS.tokenMinted)
  async tokenMinted(event: EventParsed<typeof LEDGER_EVENTS.tokenMinted>) {
    await this.confirmer.fromLedger(event);
  }
}
