import { Controller } from '@nestjs/common';
import { LEDGER_EVENTS, LIMITED_CHAIN, type EventParsed, type RequestParsed } from '@metatag/events';
import { HandleEvent, HandleRequest } from '@metatag/nest-kit';
import { LimitedChainService } from './limited-chain.service.js';
import { LimitedTokenRepository } from './limited-token.repository.js';

/**
 * Limited editions on chips (issue #18): attach and check-parent, and the mint ledger's child and tag
 * facts kept for the chip page (once per log: a redelivered event changes nothing).
 */
@Controller()
export class LimitedChainHandlers {
  constructor(
    private readonly service: LimitedChainService,
    private readonly repo: LimitedTokenRepository,
  ) {}

  @HandleRequest(LIMITED_CHAIN.attachChild)
  attachChild(input: RequestParsed<typeof LIMITED_CHAIN.attachChild>) {
    return this.service.attachChild(input);
  }

  @HandleRequest(LIMITED_CHAIN.checkParent)
  checkParent(input: RequestParsed<typeof LIMITED_CHAIN.checkParent>) {
    return this.service.checkParent(input);
  }

  @HandleEvent(LEDGER_EVENTS.childMinted)
  async childMinted(event: EventParsed<typeof LEDGER_EVENTS.childMinted>) {
    await this.repo.applyChildMinted({
      chain: event.chain,
      collection: event.collection,
      txHash: event.txHash,
      logIndex: event.logIndex,
      childTokenId: BigInt(event.childTokenId).toString(),
      parentTokenId: BigInt(event.parentTokenId).toString(),
    });
  }

  @HandleEvent(LEDGER_EVENTS.tokenConnectedToTag)
  async tokenConnectedToTag(event: EventParsed<typeof LEDGER_EVENTS.tokenConnectedToTag>) {
    await this.repo.applyConnected({
      chain: event.chain,
      collection: event.collection,
      txHash: event.txHash,
      logIndex: event.logIndex,
      blockNumber: event.blockNumber,
      tokenId: BigInt(event.tokenId).toString(),
      connected: event.connected,
    });
  }
}
