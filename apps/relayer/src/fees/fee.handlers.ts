import { Controller } from '@nestjs/common';
import { RELAYER_LEDGER, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { FeeLedgerService } from './fee-ledger.service.js';
import { SponsoredOperations } from './sponsored-operations.js';

type Defs = typeof RELAYER_LEDGER;

/** Thin message handlers of the ledger: balances, entries, the super admin's balance changes. */
@Controller()
export class FeeHandlers {
  constructor(
    private readonly ledger: FeeLedgerService,
    private readonly sponsored: SponsoredOperations,
  ) {}

  @HandleRequest(RELAYER_LEDGER.balance)
  balance(input: RequestParsed<Defs['balance']>) {
    return this.ledger.balance(input);
  }

  @HandleRequest(RELAYER_LEDGER.balances)
  balances(input: RequestParsed<Defs['balances']>) {
    return this.ledger.balances(input);
  }

  @HandleRequest(RELAYER_LEDGER.entries)
  entries(input: RequestParsed<Defs['entries']>) {
    return this.ledger.entries(input);
  }

  @HandleRequest(RELAYER_LEDGER.setBalance)
  setBalance(input: RequestParsed<Defs['setBalance']>) {
    return this.ledger.setBalance(input);
  }

  @HandleRequest(RELAYER_LEDGER.reserveSponsored)
  reserveSponsored(input: RequestParsed<Defs['reserveSponsored']>) {
    return this.sponsored.reserve(input);
  }

  @HandleRequest(RELAYER_LEDGER.settleSponsored)
  settleSponsored(input: RequestParsed<Defs['settleSponsored']>) {
    return this.sponsored.settle(input);
  }
}
