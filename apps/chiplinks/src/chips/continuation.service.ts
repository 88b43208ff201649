import { Inject, Injectable } from '@nestjs/common';
import type { CheckTagReply } from '@metatag/api-types';
import { chiplinkIdSchema } from '@metatag/events';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import { ChipTapRepository } from './chip-tap.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { NOT_AUTHENTIC_REPLY } from './check-tag.service.js';
import { ContinuationCredentials } from './continuation.js';
import { ContinuationRepository } from './continuation.repository.js';
import { ScanTokens } from './scan-token.js';

/** Expired redemptions are swept at most this often (per process). */
const SWEEP_EVERY_MS = 60_000;

/**
 * `POST /json/check-tag/continue {tag, c}` (docs/decisions.md "Credentials of a tap"): a visit goes on
 * after a reload, or in a wallet app's browser, with the continuation credential of its tap instead of
 * the SUN message the tap consumed. A credential is good once, for its chip, for 30 minutes after the
 * tap, and only while that tap is the chip's latest (a later tap, by anyone, ends the visit). Redeeming
 * it counts no scan and returns a fresh scan token of the same tap plus the next credential (same
 * expiry), which the page puts in its URL: so each reload works, and a link already used does not.
 */
@Injectable()
export class ContinuationService {
  private lastSweep = 0;

  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly taps: ChipTapRepository,
    private readonly used: ContinuationRepository,
    private readonly credentials: ContinuationCredentials,
    private readonly tokens: ScanTokens,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async continueVisit(tag: string, credential: string): Promise<CheckTagReply> {
    const now = this.clock.now();
    if (!chiplinkIdSchema.safeParse(tag).success) return NOT_AUTHENTIC_REPLY;
    const visit = this.credentials.open(tag, credential, now);
    if (!visit) return NOT_AUTHENTIC_REPLY;
    const row = await this.repo.findById(tag);
    if (!row || row.deleted || row.type !== 'chip') return NOT_AUTHENTIC_REPLY;
    // the credential lasts while its tap is the chip's latest: the counter belongs to the chip's UID
    const latest = await this.taps.latestTap(row.uid, row.id);
    if (latest.counter !== visit.counter) return NOT_AUTHENTIC_REPLY;
    await this.sweep(now);
    if (!(await this.used.markUsed(visit.nonce, tag, new Date(visit.expiresAt * 1000))))
      return NOT_AUTHENTIC_REPLY;
    const template = await this.templates.get(row.nftId);
    return {
      ...NOT_AUTHENTIC_REPLY,
      ok: true,
      scanToken: this.tokens.sign(tag, visit.counter, now, 'scan'),
      continuation: this.credentials.issue(tag, visit.counter, visit.expiresAt),
      chain: template?.chain ?? null,
      nftId: row.nftId,
      // the visit goes on showing what its tap read: the seal and the file data (issue #26)
      tamper: latest.tamper,
      fileData: latest.fileData,
    };
  }

  private async sweep(now: Date): Promise<void> {
    if (now.getTime() - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now.getTime();
    await this.used.deleteExpired(now);
  }
}
