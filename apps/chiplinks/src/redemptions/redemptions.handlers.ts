import { Controller } from '@nestjs/common';
import { REDEMPTIONS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { RedemptionsService } from './redemptions.service.js';

/** Burn to redeem (issue #32 item 5): thin handlers. */
@Controller()
export class RedemptionsHandlers {
  constructor(private readonly service: RedemptionsService) {}

  @HandleRequest(REDEMPTIONS.report)
  report(input: RequestParsed<typeof REDEMPTIONS.report>) {
    return this.service.report(input);
  }

  @HandleRequest(REDEMPTIONS.notified)
  notified(input: RequestParsed<typeof REDEMPTIONS.notified>) {
    return this.service.notified(input);
  }

  @HandleRequest(REDEMPTIONS.claimNotices)
  claimNotices(input: RequestParsed<typeof REDEMPTIONS.claimNotices>) {
    return this.service.claimNotices(input);
  }

  @HandleRequest(REDEMPTIONS.list)
  list({ actor, nftId }: RequestParsed<typeof REDEMPTIONS.list>) {
    return this.service.list(actor, nftId);
  }
}
