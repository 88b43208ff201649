import { Controller } from '@nestjs/common';
import { LEDGER_EVENTS, TEMPLATES, type EventParsed, type RequestParsed } from '@metatag/events';
import { HandleEvent, HandleRequest } from '@metatag/nest-kit';
import { MintCountConsumer } from './mint-count.consumer.js';
import { MintsList } from './mints-list.js';
import { MintsOverviewQuery } from './mints-overview.js';
import { TemplateMintsQuery } from './template-mints.js';

/** Templates' side of the mint ledger: per-template mint counts from `token.minted` and `child.minted`. */
@Controller()
export class MintLedgerHandlers {
  constructor(
    private readonly counts: MintCountConsumer,
    private readonly mints: MintsList,
    private readonly overview: MintsOverviewQuery,
    private readonly perDay: TemplateMintsQuery,
  ) {}

  /** A template's mints list (#30): a page of the ledger's mints of the template. */
  @HandleRequest(TEMPLATES.listLedgerMints)
  listMints(input: RequestParsed<typeof TEMPLATES.listLedgerMints>) {
    return this.mints.list(input);
  }

  /** The owner overview's mints (#30): all the actor's templates of a chain, from the same ledger. */
  @HandleRequest(TEMPLATES.mintsOverview)
  mintsOverview(input: RequestParsed<typeof TEMPLATES.mintsOverview>) {
    return this.overview.overview(input);
  }

  /** The analytics pages' mints per day (#30): one template or a collection's, from the same ledger. */
  @HandleRequest(TEMPLATES.mintsPerDay)
  mintsPerDay(input: RequestParsed<typeof TEMPLATES.mintsPerDay>) {
    return this.perDay.perDay(input);
  }

  @HandleEvent(LEDGER_EVENTS.tokenMinted)
  async tokenMinted(event: EventParsed<typeof LEDGER_EVENTS.tokenMinted>) {
    await this.counts.onTokenMinted(event);
  }

  @HandleEvent(LEDGER_EVENTS.childMinted)
  async childMinted(event: EventParsed<typeof LEDGER_EVENTS.childMinted>) {
    await this.counts.onChildMinted(event);
  }
}
