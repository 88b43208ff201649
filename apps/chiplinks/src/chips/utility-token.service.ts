import { Inject, Injectable } from '@nestjs/common';
import type { UtilityTokenReply } from '@metatag/api-types';
import { CLOCK, type Clock } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import { ChiplinkRepository } from '../links/chiplink.repository.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { ScanTokens } from './scan-token.js';

const INVALID: UtilityTokenReply = Object.freeze({ ok: false });

/**
 * `GET /json/utility-token/verify?token=`: a utility site asks whether the `jwt` it was given proves a
 * genuine tap (HMAC, audience `utility`, unexpired) and of which chip and token. The answer says nothing
 * about why a token is refused. The token stays valid until it expires even after later taps: it proves
 * that this tap happened, not that it is the latest.
 */
@Injectable()
export class UtilityTokenService {
  constructor(
    private readonly repo: ChiplinkRepository,
    private readonly tokens: ScanTokens,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async verify(token: string): Promise<UtilityTokenReply> {
    const claims = this.tokens.verify(token, this.clock.now(), 'utility');
    if (!claims) return INVALID;
    const row = await this.repo.findById(claims.sub);
    if (!row || row.deleted || row.type !== 'chip') return INVALID;
    const template = await this.templates.get(row.nftId);
    if (!template) return INVALID;
    return {
      ok: true,
      chain: template.chain,
      nftId: template.id,
      chipId: row.id,
      tokenId: row.tokenToMint,
      iat: claims.iat,
      exp: claims.exp,
      // what the tap read, exactly as signed into the token (issue #26 items 5 and 6)
      tamper: claims.tt ?? null,
      fileData: claims.fd ?? null,
    };
  }
}
