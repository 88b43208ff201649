import { Controller } from '@nestjs/common';
import { DEFAULT_COLLECTION_CHECKS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { DefaultCollectionCheckService } from './default-collection-check.service.js';

@Controller()
export class DefaultCollectionHandlers {
  constructor(private readonly checks: DefaultCollectionCheckService) {}

  @HandleRequest(DEFAULT_COLLECTION_CHECKS.register)
  register(input: RequestParsed<typeof DEFAULT_COLLECTION_CHECKS.register>) {
    return this.checks.register(input);
  }
}
