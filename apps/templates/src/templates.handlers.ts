import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  attachCollectionRequest,
  CHIPLINKS_EVENTS,
  countsChangedEvent,
  createNftRequest,
  deleteNftRequest,
  getCollectionRequest,
  getCollectionTemplateRequest,
  getMediaRequest,
  getNftRequest,
  listCollectionsRequest,
  listNftsRequest,
  mintConfirmedEvent,
  putCollectionTemplateRequest,
  recordTokenRequest,
  RELAYER_EVENTS,
  setNftMediaRequest,
  TEMPLATES,
  tokenMetadataRequest,
  updateNftRequest,
} from '@metatag/events';
import { CollectionTemplatesService } from './collection-template/collection-templates.service.js';
import { CollectionsService } from './collections/collections.service.js';
import { NftTemplatesService } from './nfts/nft-templates.service.js';
import { TokenMetadataService } from './tokens/token-metadata.service.js';

/** Thin message handlers: validate the payload, call the use case. */
@Controller()
export class TemplatesHandlers {
  constructor(
    private readonly collections: CollectionsService,
    private readonly nfts: NftTemplatesService,
    private readonly tokens: TokenMetadataService,
    private readonly collectionTemplates: CollectionTemplatesService,
  ) {}

  @MessagePattern(TEMPLATES.listCollections)
  async listCollections(@Payload() data: unknown) {
    const { chain, userId } = listCollectionsRequest.parse(data);
    return { items: await this.collections.list(chain, userId) };
  }

  @MessagePattern(TEMPLATES.getCollection)
  async getCollection(@Payload() data: unknown) {
    const { chain, address, actor } = getCollectionRequest.parse(data);
    return { item: await this.collections.get(chain, address, actor) };
  }

  @MessagePattern(TEMPLATES.attachCollection)
  async attachCollection(@Payload() data: unknown) {
    return { ok: true, item: await this.collections.attach(attachCollectionRequest.parse(data)) };
  }

  @MessagePattern(TEMPLATES.listNfts)
  async listNfts(@Payload() data: unknown) {
    const { chain, userId, collection } = listNftsRequest.parse(data);
    return { items: await this.nfts.list(chain, userId, collection) };
  }

  @MessagePattern(TEMPLATES.getNft)
  async getNft(@Payload() data: unknown) {
    const { id, chain, actor } = getNftRequest.parse(data);
    return { item: await this.nfts.get(id, chain, actor) };
  }

  @MessagePattern(TEMPLATES.createNft)
  async createNft(@Payload() data: unknown) {
    const { chain, userId, collectionAddress, actor } = createNftRequest.parse(data);
    return { item: await this.nfts.create(chain, userId, collectionAddress, actor) };
  }

  @MessagePattern(TEMPLATES.updateNft)
  updateNft(@Payload() data: unknown) {
    const { id, chain, actor, patch } = updateNftRequest.parse(data);
    return this.nfts.update(id, chain, actor, patch);
  }

  @MessagePattern(TEMPLATES.setNftMedia)
  setNftMedia(@Payload() data: unknown) {
    const { id, chain, actor, key, size, mimeType } = setNftMediaRequest.parse(data);
    return this.nfts.setMedia(id, chain, actor, { key, size, mimeType });
  }

  @MessagePattern(TEMPLATES.deleteNft)
  async deleteNft(@Payload() data: unknown) {
    const { id, chain, actor } = deleteNftRequest.parse(data);
    await this.nfts.delete(id, chain, actor);
    return { ok: true };
  }

  @MessagePattern(TEMPLATES.getMedia)
  getMedia(@Payload() data: unknown) {
    return this.nfts.media(getMediaRequest.parse(data).id);
  }

  @MessagePattern(TEMPLATES.recordToken)
  async recordToken(@Payload() data: unknown) {
    const { nftId, ...token } = recordTokenRequest.parse(data);
    await this.tokens.recordRequested(token, nftId);
    return { ok: true };
  }

  @MessagePattern(TEMPLATES.tokenMetadata)
  tokenMetadata(@Payload() data: unknown) {
    return this.tokens.metadata(tokenMetadataRequest.parse(data));
  }

  @MessagePattern(TEMPLATES.getCollectionTemplate)
  async getCollectionTemplate(@Payload() data: unknown) {
    const { chain, address, actor } = getCollectionTemplateRequest.parse(data);
    return { item: await this.collectionTemplates.get(chain, address, actor) };
  }

  @MessagePattern(TEMPLATES.putCollectionTemplate)
  async putCollectionTemplate(@Payload() data: unknown) {
    const { chain, address, actor, template } = putCollectionTemplateRequest.parse(data);
    return { item: await this.collectionTemplates.put(chain, address, actor, template) };
  }

  /** The relayer's fact: a token of a mint record is on chain. At least once, so the use case is idempotent. */
  @EventPattern(RELAYER_EVENTS.mintConfirmed)
  async mintConfirmed(@Payload() data: unknown) {
    await this.tokens.onMintConfirmed(mintConfirmedEvent.parse(data));
  }

  @EventPattern(CHIPLINKS_EVENTS.countsChanged)
  async chiplinkCounts(@Payload() data: unknown) {
    await this.nfts.onChiplinkCounts(countsChangedEvent.parse(data));
  }
}
