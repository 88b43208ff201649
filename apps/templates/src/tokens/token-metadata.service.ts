import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { MintConfirmedEvent, TokenTemplate } from '@metatag/events';
import { AppError, LOGGER } from '@metatag/nest-kit';
import { TokenTemplateRepository, type TokenKey } from './token-template.repository.js';
import { canonicalTokenId } from '../ledger/mint-count.consumer.js';

/** Normalises a uint256 given as decimal text ('007' and '7' are one token). */

/**
 * Token → template mapping and the template fields of ERC-721 metadata. Resolvable today: tokens whose
 * mint was requested through `templates.tokens.record` or confirmed by a `mint.confirmed` event.
 */
@Injectable()
export class TokenMetadataService {
  constructor(
    private readonly tokens: TokenTemplateRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async recordRequested(token: TokenKey, nftId: number, source?: 'chip' | 'link'): Promise<void> {
    await this.tokens.recordRequested(this.key(token), nftId, source);
  }

  /** Idempotent: a redelivered event changes nothing. */
  async onMintConfirmed(event: MintConfirmedEvent): Promise<void> {
    const nftId = Number(event.nftId);
    if (!Number.isSafeInteger(nftId) || nftId <= 0) {
      this.logger.warn(
        { mintId: event.mintId, nftId: event.nftId },
        'mint.confirmed for an unknown template id',
      );
      return;
    }
    const token = this.key({ chain: event.chain, collection: event.collection, tokenId: event.tokenId });
    await this.tokens.recordConfirmed(event.mintId, token, nftId, event.childLimit);
  }

  async metadata(token: TokenKey): Promise<TokenTemplate> {
    const row = await this.tokens.templateOf(this.key(token));
    if (!row) throw AppError.notFound('Token not found');
    return {
      nftId: row.id,
      title: row.title,
      description: row.description,
      mimeType: row.mimeType,
      hasMedia: row.mediaKey !== null,
      refresh: row.imageRefresh,
    };
  }

  private key(token: TokenKey): TokenKey {
    return {
      chain: token.chain,
      collection: token.collection.toLowerCase(),
      tokenId: canonicalTokenId(token.tokenId),
    };
  }
}
