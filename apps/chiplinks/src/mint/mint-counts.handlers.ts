import { Controller } from '@nestjs/common';
import { MINT_COUNTS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { MintCountsService } from './mint-counts.service.js';

@Controller()
export class MintCountsHandlers {
  constructor(private readonly counts: MintCountsService) {}

  @HandleRequest(MINT_COUNTS.chiplinkMints)
  chiplinkMints({ nftIds }: RequestParsed<typeof MINT_COUNTS.chiplinkMints>) {
    return this.counts.chiplinkMints(nftIds);
  }
}
