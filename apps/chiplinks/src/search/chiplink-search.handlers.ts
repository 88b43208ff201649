import { Controller } from '@nestjs/common';
import { SEARCH, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { ChiplinkSearchRepository } from './chiplink-search.repository.js';

/** The chiplinks part of the search fan-out (the gateway merges it with the others). */
@Controller()
export class ChiplinkSearchHandlers {
  constructor(private readonly repository: ChiplinkSearchRepository) {}

  @HandleRequest(SEARCH.chiplinks)
  search(input: RequestParsed<(typeof SEARCH)['chiplinks']>) {
    return this.repository.search(input);
  }
}
