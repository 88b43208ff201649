import { Controller } from '@nestjs/common';
import { UTILITY, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { UtilityCheckService } from './utility-check.service.js';

@Controller()
export class UtilityHandlers {
  constructor(private readonly checks: UtilityCheckService) {}

  @HandleRequest(UTILITY.isOwner)
  isOwner(input: RequestParsed<typeof UTILITY.isOwner>) {
    return this.checks.isOwner(input);
  }
}
