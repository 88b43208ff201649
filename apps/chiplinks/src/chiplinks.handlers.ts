import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CHIPLINK_VISITS,
  CHIPLINKS,
  checkTagRequest,
  createChiplinksRequest,
  exportPageRequest,
  listChiplinksRequest,
  lookupRequest,
  mintDataRequest,
  publicTargetRequest,
  removeChiplinkRequest,
  scansRequest,
  toggleLockRequest,
  type RequestParsed,
} from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { CheckTagService } from './chips/check-tag.service.js';
import { ContinuationService } from './chips/continuation.service.js';
import { UtilityTokenService } from './chips/utility-token.service.js';
import { ChiplinksService } from './links/chiplinks.service.js';
import { LookupService } from './links/lookup.service.js';
import { LockService } from './lock/lock.service.js';
import { MintDataService } from './mint/mint-data.service.js';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class ChiplinksHandlers {
  constructor(
    private readonly chiplinks: ChiplinksService,
    private readonly checkTag: CheckTagService,
    private readonly lookups: LookupService,
    private readonly mints: MintDataService,
    private readonly locks: LockService,
    private readonly continuations: ContinuationService,
    private readonly utilityTokens: UtilityTokenService,
  ) {}

  @HandleRequest(CHIPLINK_VISITS.continueVisit)
  continueVisit({ tag, c }: RequestParsed<typeof CHIPLINK_VISITS.continueVisit>) {
    return this.continuations.continueVisit(tag, c);
  }

  @HandleRequest(CHIPLINK_VISITS.verifyUtilityToken)
  verifyUtilityToken({ token }: RequestParsed<typeof CHIPLINK_VISITS.verifyUtilityToken>) {
    return this.utilityTokens.verify(token);
  }

  @MessagePattern(CHIPLINKS.list)
  list(@Payload() data: unknown) {
    const { actor, type, nftId, limit } = listChiplinksRequest.parse(data);
    return this.chiplinks.list(actor, type, nftId, limit);
  }

  @MessagePattern(CHIPLINKS.create)
  create(@Payload() data: unknown) {
    return this.chiplinks.create(createChiplinksRequest.parse(data));
  }

  @MessagePattern(CHIPLINKS.remove)
  remove(@Payload() data: unknown) {
    const { actor, type, nftId, id } = removeChiplinkRequest.parse(data);
    return this.chiplinks.remove(actor, type, nftId, id);
  }

  @MessagePattern(CHIPLINKS.exportPage)
  exportPage(@Payload() data: unknown) {
    const { actor, type, nftId, after, limit } = exportPageRequest.parse(data);
    return this.chiplinks.exportPage(actor, type, nftId, after, limit);
  }

  @MessagePattern(CHIPLINKS.publicTarget)
  publicTarget(@Payload() data: unknown) {
    return this.chiplinks.publicTarget(publicTargetRequest.parse(data).id);
  }

  @MessagePattern(CHIPLINKS.scans)
  scans(@Payload() data: unknown) {
    const { actor, id } = scansRequest.parse(data);
    return this.chiplinks.scansOf(actor, id);
  }

  @MessagePattern(CHIPLINKS.checkTag)
  check(@Payload() data: unknown) {
    const { tag, auth, ip } = checkTagRequest.parse(data);
    return this.checkTag.check(tag, auth, ip);
  }

  @MessagePattern(CHIPLINKS.lookup)
  lookup(@Payload() data: unknown) {
    const { id, type, ip } = lookupRequest.parse(data);
    return this.lookups.lookup(id, type, ip);
  }

  @MessagePattern(CHIPLINKS.tokenState)
  tokenState(@Payload() data: unknown) {
    const { id, type } = lookupRequest.parse(data);
    return this.lookups.tokenState(id, type);
  }

  @MessagePattern(CHIPLINKS.mintData)
  mintData(@Payload() data: unknown) {
    return this.mints.mintData(mintDataRequest.parse(data));
  }

  @MessagePattern(CHIPLINKS.toggleLock)
  toggleLock(@Payload() data: unknown) {
    return this.locks.toggle(toggleLockRequest.parse(data));
  }
}
