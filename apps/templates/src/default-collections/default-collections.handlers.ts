import { Controller } from '@nestjs/common';
import { DEFAULT_COLLECTIONS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { DefaultCollectionsService } from './default-collections.service.js';

/** Thin message handlers of the chains' default collections and of where a template mints. */
@Controller()
export class DefaultCollectionsHandlers {
  constructor(private readonly defaults: DefaultCollectionsService) {}

  @HandleRequest(DEFAULT_COLLECTIONS.get)
  get({ chain }: RequestParsed<typeof DEFAULT_COLLECTIONS.get>) {
    return this.defaults.get(chain);
  }

  @HandleRequest(DEFAULT_COLLECTIONS.list)
  async list() {
    return { items: await this.defaults.list() };
  }

  @HandleRequest(DEFAULT_COLLECTIONS.set)
  set(input: RequestParsed<typeof DEFAULT_COLLECTIONS.set>) {
    return this.defaults.set(input);
  }

  @HandleRequest(DEFAULT_COLLECTIONS.mintTarget)
  mintTarget({ chain, collection, ownerId }: RequestParsed<typeof DEFAULT_COLLECTIONS.mintTarget>) {
    return this.defaults.mintTarget(chain, collection, ownerId);
  }
}
