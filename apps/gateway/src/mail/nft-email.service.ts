import { Inject, Injectable } from '@nestjs/common';
import type { NftTemplate } from '@metatag/api-types';
import { publicOrigins, type GatewayConfig } from '@metatag/config';
import { TEMPLATES } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { GATEWAY_CONFIG, SERVICES } from '../tokens.js';
import { MAILER } from './mail.tokens.js';
import type { Mailer } from './mailer.js';
import { renderNftEmail, type NftEmailData, type RenderedEmail } from './nft-email.js';

/** The buyer's NFT email: what it shows comes from the template; URLs from PUBLIC_URL, never a Host header. */
@Injectable()
export class NftEmailService {
  private readonly origin: string;

  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    @Inject(MAILER) private readonly mailer: Mailer,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.origin = publicOrigins(config)[0];
  }

  async data(template: NftTemplate, linkIds: string[], reason: string): Promise<NftEmailData> {
    return {
      title: template.title || 'No Name',
      imageUrl: template.image ? `${this.origin}${template.image}?x=${template.imageRefresh}` : '',
      collection: await this.collectionName(template),
      chain: template.chain,
      claimUrls: linkIds.map((id) => `${this.origin}/link/${id}`),
      reason,
    };
  }

  render(data: NftEmailData): Promise<RenderedEmail> {
    return renderNftEmail(data);
  }

  async send(to: string, data: NftEmailData): Promise<string> {
    return this.mailer.send({ to, ...(await renderNftEmail(data)) });
  }

  private async collectionName(template: NftTemplate): Promise<string> {
    if (!template.collection) return 'MetaTag collection';
    try {
      const { item } = await this.services.send(TEMPLATES.getCollection, {
        chain: template.chain,
        address: template.collection,
      });
      return item.name || template.collection;
    } catch {
      return template.collection;
    }
  }
}
