import { Controller } from '@nestjs/common';
import { CHIPLINK_VISITS, CHIPLINKS, type RequestParsed } from '@metatag/events';
import { HandleRequest } from '@metatag/nest-kit';
import { CheckTagService } from './chips/check-tag.service.js';
import { ContinuationService } from './chips/continuation.service.js';
import { TapUrlDoctor } from './chips/tap-url.doctor.js';
import { UtilityTokenService } from './chips/utility-token.service.js';
import { EmailClaimsService } from './email-claims/email-claims.service.js';
import { ChiplinksService } from './links/chiplinks.service.js';
import { LookupService } from './links/lookup.service.js';
import { LockService } from './lock/lock.service.js';
import { MintDataService } from './mint/mint-data.service.js';

type Input<K extends keyof typeof CHIPLINKS> = RequestParsed<(typeof CHIPLINKS)[K]>;

/** Thin message handlers: the payload is parsed by its definition, then the use case runs. */
@Controller()
export class ChiplinksHandlers {
  constructor(
    private readonly chiplinks: ChiplinksService,
    private readonly checkTag: CheckTagService,
    private readonly lookups: LookupService,
    private readonly mints: MintDataService,
    private readonly locks: LockService,
    private readonly doctor: TapUrlDoctor,
    private readonly continuations: ContinuationService,
    private readonly utilityTokens: UtilityTokenService,
    private readonly emailClaims: EmailClaimsService,
  ) {}

  @HandleRequest(CHIPLINK_VISITS.continueVisit)
  continueVisit({ tag, c }: RequestParsed<typeof CHIPLINK_VISITS.continueVisit>) {
    return this.continuations.continueVisit(tag, c);
  }

  @HandleRequest(CHIPLINK_VISITS.verifyUtilityToken)
  verifyUtilityToken({ token }: RequestParsed<typeof CHIPLINK_VISITS.verifyUtilityToken>) {
    return this.utilityTokens.verify(token);
  }

  @HandleRequest(CHIPLINKS.checkTapUrl)
  checkTapUrl({ actor, url }: Input<'checkTapUrl'>) {
    return this.doctor.check(actor, url);
  }

  @HandleRequest(CHIPLINKS.list)
  list({ actor, type, nftId, limit }: Input<'list'>) {
    return this.chiplinks.list(actor, type, nftId, limit);
  }

  @HandleRequest(CHIPLINKS.create)
  create(input: Input<'create'>) {
    return this.chiplinks.create(input);
  }

  @HandleRequest(CHIPLINKS.remove)
  remove({ actor, type, nftId, id }: Input<'remove'>) {
    return this.chiplinks.remove(actor, type, nftId, id);
  }

  @HandleRequest(CHIPLINKS.exportPage)
  exportPage({ actor, type, nftId, after, limit }: Input<'exportPage'>) {
    return this.chiplinks.exportPage(actor, type, nftId, after, limit);
  }

  @HandleRequest(CHIPLINKS.publicTarget)
  publicTarget({ id }: Input<'publicTarget'>) {
    return this.chiplinks.publicTarget(id);
  }

  @HandleRequest(CHIPLINKS.scans)
  scans({ actor, id }: Input<'scans'>) {
    return this.chiplinks.scansOf(actor, id);
  }

  @HandleRequest(CHIPLINKS.checkTag)
  check({ tag, query, ip }: Input<'checkTag'>) {
    return this.checkTag.check(tag, query, ip);
  }

  @HandleRequest(CHIPLINKS.lookup)
  lookup({ id, type, ip }: Input<'lookup'>) {
    return this.lookups.lookup(id, type, ip);
  }

  @HandleRequest(CHIPLINKS.tokenState)
  tokenState({ id, type }: Input<'tokenState'>) {
    return this.lookups.tokenState(id, type);
  }

  @HandleRequest(CHIPLINKS.mintData)
  mintData(input: Input<'mintData'>) {
    return this.mints.mintData(input);
  }

  @HandleRequest(CHIPLINKS.gaslessClaim)
  gaslessClaim(input: Input<'gaslessClaim'>) {
    return this.mints.claimGasless(input);
  }

  @HandleRequest(CHIPLINKS.emailClaimStart)
  emailClaimStart(input: Input<'emailClaimStart'>) {
    return this.emailClaims.start(input);
  }

  @HandleRequest(CHIPLINKS.emailClaimPeek)
  emailClaimPeek({ token }: Input<'emailClaimPeek'>) {
    return this.emailClaims.peek(token);
  }

  @HandleRequest(CHIPLINKS.emailClaimRedeem)
  emailClaimRedeem(input: Input<'emailClaimRedeem'>) {
    return this.emailClaims.redeem({ ...input, ip: '' });
  }

  @HandleRequest(CHIPLINKS.emailClaimPending)
  emailClaimPending({ actor, nftId }: Input<'emailClaimPending'>) {
    return this.emailClaims.pending(actor, nftId);
  }

  @HandleRequest(CHIPLINKS.toggleLock)
  toggleLock(input: Input<'toggleLock'>) {
    return this.locks.toggle(input);
  }
}
