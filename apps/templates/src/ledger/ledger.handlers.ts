import { Controller } from '@nestjs/common';
import { LEDGER_EVENTS, type EventParsed } from '@metatag/events';
import { HandleEvent } from '@metatag/nest-kit';
import { MintCountConsumer } from './mint-count.consumer.js';

/** Templates' side of the mint ledger: per-template mint counts from `token.minted` and `child.minted`. */
@Controller()
export class LedgerHandlers {
  constructor(private readonly counts: MintCountConsumer) {}

  @HandleEvent(LEDGER_EVENTS.tokenMinted)
  async tokenMinted(event: EventParsed<typeof LEDGER_EVENTS.tokenMinted>) {
    await this.counts.onTokenMinted(event);
  }

  @HandleEvent(LEDGER_EVENTS.childMinted)
  async childMinted(event: EventParsed<typeof LEDGER_EVENTS.childMinted>) {
    await this.counts.onChildMinted(event);
  }
}
