import { Controller, Get, Header, Inject, Param } from '@nestjs/common';
import type { GatewayConfig } from '@metatag/config';
import { GLB_MIME_TYPE, UINT256_PATTERN, type TokenMetadata } from '@metatag/api-types';
import { TEMPLATES } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { addressParam, chainParam, canonicalOrigin } from './route-params.js';

/**
 * ERC-721 metadata JSON: a collection's `base` points here (setBase), so wallets and marketplaces
 * read a token's name, description and media from the template it was minted from. No `external_url`:
 * the template's utility URL is revealed only by check-tag after a genuine tap.
 */
@Controller()
export class TokenMetadataController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get('metadata/:chain/:collection/:tokenId')
  @Header('cache-control', 'public, max-age=60')
  async metadata(
    @Param('chain') chain: string,
    @Param('collection') collection: string,
    @Param('tokenId') tokenId: string,
  ): Promise<TokenMetadata> {
    const name = chainParam(chain);
    const address = addressParam(collection);
    if (!UINT256_PATTERN.test(tokenId) || BigInt(tokenId) >= 2n ** 256n)
      throw AppError.notFound('Token not found');
    const template = await this.services.send(TEMPLATES.tokenMetadata, {
      chain: name,
      collection: address,
      tokenId,
    });
    const media = template.hasMedia
      ? `${canonicalOrigin(this.config)}/nft-media/${template.nftId}?x=${template.refresh}`
      : '';
    const animated = template.mimeType.startsWith('video/') || template.mimeType === GLB_MIME_TYPE;
    return {
      name: template.title || 'No Name',
      description: template.description,
      image: animated ? '' : media,
      animation_url: animated ? media : '',
    };
  }
}
