import { Controller } from '@nestjs/common';
import { RECOVERIES, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { RecoveriesService } from './recoveries.service.js';

/** Brand recovery (issue #32 item 1): thin handlers. */
@Controller()
export class RecoveriesHandlers {
  constructor(private readonly service: RecoveriesService) {}

  @HandleRequest(RECOVERIES.prepare)
  prepare(input: RequestParsed<typeof RECOVERIES.prepare>) {
    return this.service.prepare(input);
  }
}
