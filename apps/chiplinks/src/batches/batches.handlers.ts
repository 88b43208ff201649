import { Controller } from '@nestjs/common';
import { CHIP_BATCHES, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { BatchTapService } from './batch-tap.service.js';
import { BatchesService } from './batches.service.js';

type Input<K extends keyof typeof CHIP_BATCHES> = RequestParsed<(typeof CHIP_BATCHES)[K]>;

/** Chip batches (issue #26): thin handlers, the payload parsed by its definition. */
@Controller()
export class BatchesHandlers {
  constructor(
    private readonly batches: BatchesService,
    private readonly taps: BatchTapService,
  ) {}

  @HandleRequest(CHIP_BATCHES.create)
  create(input: Input<'create'>) {
    return this.batches.create(input);
  }

  @HandleRequest(CHIP_BATCHES.update)
  update(input: Input<'update'>) {
    return this.batches.update(input);
  }

  @HandleRequest(CHIP_BATCHES.list)
  list({ actor, nftId }: Input<'list'>) {
    return this.batches.list(actor, nftId);
  }

  @HandleRequest(CHIP_BATCHES.get)
  get({ actor, id }: Input<'get'>) {
    return this.batches.get(actor, id);
  }

  @HandleRequest(CHIP_BATCHES.importChips)
  importChips(input: Input<'importChips'>) {
    return this.batches.importChips(input);
  }

  @HandleRequest(CHIP_BATCHES.chipsPage)
  chipsPage({ actor, id, after, limit }: Input<'chipsPage'>) {
    return this.batches.chipsPage(actor, id, after, limit);
  }

  @HandleRequest(CHIP_BATCHES.rotate)
  rotate(req: Input<'rotate'>) {
    return this.batches.rotate(req);
  }

  @HandleRequest(CHIP_BATCHES.bureauPackage)
  bureauPackage({ actor, id, passphrase }: Input<'bureauPackage'>) {
    return this.batches.bureauPackage(actor, id, passphrase);
  }

  @HandleRequest(CHIP_BATCHES.checkTap)
  checkTap({ path, ip }: Input<'checkTap'>) {
    return this.taps.check(path, ip);
  }
}
