import { Controller } from '@nestjs/common';
import { LEDGER_EVENTS, type EventParsed } from '@metatag/events';
import { HandleEvent } from '@metatag/nest-kit';
import { VoucherRepository } from './voucher.repository.js';

/**
 * Chiplinks' side of the mint ledger: a chip's or link's `mints` counts the `token.minted` of the
 * tokens its vouchers were issued for, once per log (docs/decisions.md "One mint ledger").
 */
@Controller()
export class MintLedgerHandlers {
  constructor(private readonly vouchers: VoucherRepository) {}

  @HandleEvent(LEDGER_EVENTS.tokenMinted)
  async tokenMinted(event: EventParsed<typeof LEDGER_EVENTS.tokenMinted>) {
    await this.vouchers.countLedgerMint({
      chain: event.chain,
      collection: event.collection,
      tokenId: BigInt(event.tokenId).toString(),
      txHash: event.txHash,
      logIndex: event.logIndex,
    });
  }
}
