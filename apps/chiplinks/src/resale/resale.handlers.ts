import { Controller } from '@nestjs/common';
import { CHIPLINKS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { ResaleService } from './resale.service.js';

/** Resale by the chip (issue #32 item 2): thin handlers. */
@Controller()
export class ResaleHandlers {
  constructor(private readonly resale: ResaleService) {}

  @HandleRequest(CHIPLINKS.resaleStatus)
  status({ id }: RequestParsed<typeof CHIPLINKS.resaleStatus>) {
    return this.resale.status(id);
  }

  @HandleRequest(CHIPLINKS.resaleAction)
  act(input: RequestParsed<typeof CHIPLINKS.resaleAction>) {
    return this.resale.act(input);
  }
}
