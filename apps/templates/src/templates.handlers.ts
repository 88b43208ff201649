import { Controller } from '@nestjs/common';
import {
  CHIPLINKS_EVENTS,
  RELAYER_EVENTS,
  SHOP_TEMPLATES,
  SEARCH,
  TEMPLATES,
  TEMPLATES_READ_MODEL,
  UTILITY,
  type EventParsed,
  type RequestParsed,
} from '@metatag/events';
import { HandleEvent, HandleRequest } from '@metatag/nest-kit';
import { CollectionTemplatesService } from './collection-template/collection-templates.service.js';
import { CollectionsService } from './collections/collections.service.js';
import { NftTemplatesService } from './nfts/nft-templates.service.js';
import { canonicalTokenId } from './ledger/mint-count.consumer.js';
import { TemplatePlaces } from './places/template-places.js';
import { ReadModelChanges } from './read-model/read-model.changes.js';
import { TemplateSearchRepository } from './search/template-search.repository.js';
import { TokenMetadataService } from './tokens/token-metadata.service.js';
import { TokenTemplateRepository } from './tokens/token-template.repository.js';

type Input<K extends keyof typeof TEMPLATES> = RequestParsed<(typeof TEMPLATES)[K]>;

/** Thin message handlers: the payload is parsed by its definition, then the use case runs. */
@Controller()
export class TemplatesHandlers {
  constructor(
    private readonly collections: CollectionsService,
    private readonly nfts: NftTemplatesService,
    private readonly tokens: TokenMetadataService,
    private readonly collectionTemplates: CollectionTemplatesService,
    private readonly tokenTemplates: TokenTemplateRepository,
    private readonly searchRepository: TemplateSearchRepository,
    private readonly readModel: ReadModelChanges,
    private readonly places: TemplatePlaces,
  ) {}

  /** The catch-up of other services' projections (issue #14 item 2). */
  @HandleRequest(TEMPLATES_READ_MODEL.changes)
  changes({ since, limit }: RequestParsed<typeof TEMPLATES_READ_MODEL.changes>) {
    return this.readModel.changes(since, limit);
  }

  @HandleRequest(UTILITY.countOfTemplate)
  async countOfTemplate({ chain, nftId, tokens }: RequestParsed<typeof UTILITY.countOfTemplate>) {
    return { count: await this.tokenTemplates.countOfTemplate(chain, nftId, tokens) };
  }

  @HandleRequest(SEARCH.templates)
  search(input: RequestParsed<(typeof SEARCH)['templates']>) {
    return this.searchRepository.search(input);
  }

  @HandleRequest(TEMPLATES.listCollections)
  async listCollections({ chain, userId }: Input<'listCollections'>) {
    return { items: await this.collections.list(chain, userId) };
  }

  @HandleRequest(TEMPLATES.getCollection)
  async getCollection({ chain, address, actor }: Input<'getCollection'>) {
    return { item: await this.collections.get(chain, address, actor) };
  }

  @HandleRequest(TEMPLATES.attachCollection)
  async attachCollection(input: Input<'attachCollection'>) {
    return { ok: true as const, item: await this.collections.attach(input) };
  }

  @HandleRequest(SHOP_TEMPLATES.byShopItem)
  async byShopItem({ ownerId, itemIds }: RequestParsed<typeof SHOP_TEMPLATES.byShopItem>) {
    return { items: await this.nfts.byShopItem(ownerId, itemIds) };
  }

  @HandleRequest(TEMPLATES.listNfts)
  async listNfts({ chain, userId, collection }: Input<'listNfts'>) {
    return { items: await this.nfts.list(chain, userId, collection) };
  }

  @HandleRequest(TEMPLATES.getNft)
  getNft({ id, chain, actor }: Input<'getNft'>) {
    return this.nfts.getVersioned(id, chain, actor);
  }

  @HandleRequest(TEMPLATES.createNft)
  async createNft({ chain, userId, collectionAddress, actor }: Input<'createNft'>) {
    return { item: await this.nfts.create(chain, userId, collectionAddress, actor) };
  }

  @HandleRequest(TEMPLATES.updateNft)
  updateNft({ id, chain, actor, patch }: Input<'updateNft'>) {
    return this.nfts.update(id, chain, actor, patch);
  }

  @HandleRequest(TEMPLATES.completeMintTicket)
  completeMintTicket({ id, chain, actor, ticket, description }: Input<'completeMintTicket'>) {
    return this.nfts.completeMintTicket(id, chain, actor, ticket, description);
  }

  @HandleRequest(TEMPLATES.setNftMedia)
  setNftMedia({ id, chain, actor, key, size, mimeType }: Input<'setNftMedia'>) {
    return this.nfts.setMedia(id, chain, actor, { key, size, mimeType });
  }

  @HandleRequest(TEMPLATES.deleteNft)
  async deleteNft({ id, chain, actor }: Input<'deleteNft'>) {
    await this.nfts.delete(id, chain, actor);
    return { ok: true as const };
  }

  @HandleRequest(TEMPLATES.getMedia)
  getMedia({ id }: Input<'getMedia'>) {
    return this.nfts.media(id);
  }

  @HandleRequest(TEMPLATES.recordToken)
  async recordToken({ nftId, source, ...token }: Input<'recordToken'>) {
    await this.tokens.recordRequested(token, nftId, source);
    return { ok: true as const };
  }

  @HandleRequest(TEMPLATES.tokenMetadata)
  tokenMetadata(input: Input<'tokenMetadata'>) {
    return this.tokens.metadata(input);
  }

  @HandleRequest(TEMPLATES.getCollectionTemplate)
  async getCollectionTemplate({ chain, address, actor }: Input<'getCollectionTemplate'>) {
    return { item: await this.collectionTemplates.get(chain, address, actor) };
  }

  @HandleRequest(TEMPLATES.putCollectionTemplate)
  async putCollectionTemplate({ chain, address, actor, template }: Input<'putCollectionTemplate'>) {
    return { item: await this.collectionTemplates.put(chain, address, actor, template) };
  }

  /** The relayer's fact: a token of a mint record is on chain. At least once, so the use case is idempotent. */
  @HandleEvent(RELAYER_EVENTS.mintConfirmed)
  async mintConfirmed(event: EventParsed<typeof RELAYER_EVENTS.mintConfirmed>) {
    await this.tokens.onMintConfirmed(event);
  }

  /**
   * The relayer stored a mint record (#31 item 3): its token maps to the template at once (so the mints
   * list shows the mint as soon as the ledger has it, not only once `mint.confirmed` is handled too),
   * and a limited template's place is held firm. A gasless claim's token was mapped by its voucher.
   */
  @HandleEvent(RELAYER_EVENTS.mintRequested)
  async mintRequested(event: EventParsed<typeof RELAYER_EVENTS.mintRequested>) {
    if (!event.gasless)
      await this.tokenTemplates.recordRequested(
        {
          chain: event.chain,
          collection: event.collection.toLowerCase(),
          tokenId: canonicalTokenId(event.tokenId),
        },
        Number(event.nftId),
        'manual',
      );
    await this.places.onMintRequested(event);
  }

  /** chiplinks handed out a voucher for a token of a template (as `recordToken`, without a reply). */
  @HandleEvent(CHIPLINKS_EVENTS.voucherIssued)
  async voucherIssued({
    nftId,
    source,
    place,
    ...token
  }: EventParsed<typeof CHIPLINKS_EVENTS.voucherIssued>) {
    await this.tokens.recordRequested(token, nftId, source);
    // the voucher's hold under the limit (#31 item 3; chiplinks took it already when the template
    // has a limit: this keeps the count right for one set later)
    if (place)
      await this.places.onVoucherIssued({
        nftId,
        holder: place.holder,
        chain: token.chain,
        token: { collection: token.collection, tokenId: token.tokenId },
        until: place.until,
      });
  }

  @HandleEvent(CHIPLINKS_EVENTS.countsChanged)
  async chiplinkCounts(event: EventParsed<typeof CHIPLINKS_EVENTS.countsChanged>) {
    await this.nfts.onChiplinkCounts(event);
  }
}
