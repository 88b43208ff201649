import { Inject, Injectable } from '@nestjs/common';
import { INVALID_VALUE, parseNftTemplatePatch, type NftTemplate, ADDRESS_PATTERN } from '@metatag/api-types';
import type { Actor, CountsChangedEvent, MediaInfo, SetNftMediaReply } from '@metatag/events';
import { AppError, CLOCK, type Clock, type QuotaLimit } from '@metatag/nest-kit';
import type { Tx } from '../read-model/read-model.writer.js';
import { TEMPLATE_QUOTA, takeTemplateQuota } from './template-quota.js';
import { CollectionRepository } from '../collections/collection.repository.js';
import { toNftTemplate, type NftTemplateRow } from './nft-template.mapper.js';
import { NftTemplateRepository } from './nft-template.repository.js';
import { spendMintTicket, type TicketSpend } from './mint-ticket-spends.js';

/** A template another user owns answers exactly like one that does not exist: nobody learns it is there. */
export const NFT_NOT_FOUND = 'NFT template not found';

/** NFT templates (spec sections 3–5): create, list, edit one field at a time, media, soft delete. */
@Injectable()
export class NftTemplatesService {
  constructor(
    private readonly templates: NftTemplateRepository,
    private readonly collections: CollectionRepository,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(TEMPLATE_QUOTA) private readonly quota: QuotaLimit,
  ) {}

  async list(chain: string, userId: number, collection?: string): Promise<NftTemplate[]> {
    return (await this.templates.listOwned(userId, chain, collection)).map(toNftTemplate);
  }

  /** What a shop order's product ids name: the owner's templates carrying those `woocomerce_item_id`s. */
  async byShopItem(ownerId: number, itemIds: string[]): Promise<NftTemplate[]> {
    return (await this.templates.listByShopItem(ownerId, itemIds)).map(toNftTemplate);
  }

  async create(
    chain: string,
    userId: number,
    collectionAddress: string,
    actor?: Actor,
  ): Promise<NftTemplate> {
    const collection = collectionAddress.trim().toLowerCase();
    if (collection !== '' && !ADDRESS_PATTERN.test(collection))
      throw new AppError('invalid_value', INVALID_VALUE, 400);
    await this.assertOwnsCollection(chain, collection, userId, actor);
    const now = this.clock.now();
    // a super admin's own creations are not counted (issue #28); an account's are, whoever asks
    const quota = actor?.isSuperAdmin
      ? undefined
      : (tx: Tx) => takeTemplateQuota(tx, this.quota, userId, now);
    return toNftTemplate(
      await this.templates.create({ chain, ownerId: userId, collection, created: now }, quota),
    );
  }

  /**
   * A template mints only into a collection attached to its owner (the relayer, minter of many
   * users' collections, refuses the rest), or into the default one (''): anything else would make a
   * template whose chips and links all fail later, so it is refused now.
   */
  private async assertOwnsCollection(
    chain: string,
    collection: string,
    ownerId: number,
    actor: Actor | undefined,
  ): Promise<void> {
    if (collection === '') return;
    const row = await this.collections.find(chain, collection);
    if (row?.ownerId === ownerId) return;
    const whose =
      actor && actor.id !== ownerId ? `one of user ${ownerId}'s collections` : 'one of your collections';
    throw new AppError(
      'collection_not_owned',
      `The collection ${collection} is not ${whose} on ${chain}: choose an attached collection or the default collection`,
      400,
    );
  }

  /** The template if `actor` may touch it (owner or super admin); 404 otherwise, never 403. */
  async get(id: number, chain: string | undefined, actor: Actor | undefined): Promise<NftTemplate> {
    return toNftTemplate(await this.owned(id, chain, actor));
  }

  /** The template and its read-model version (a caller keeping a projection of it stores both). */
  async getVersioned(
    id: number,
    chain: string | undefined,
    actor: Actor | undefined,
  ): Promise<{ item: NftTemplate; version: number }> {
    const row = await this.owned(id, chain, actor);
    return { item: toNftTemplate(row), version: row.version };
  }

  /** chiplinks' fact: the template's live chip and link counts changed (spec section 3: chips, links). */
  async onChiplinkCounts(event: CountsChangedEvent): Promise<void> {
    await this.templates.setChiplinkCounts(event.nftId, event.chips, event.links);
  }

  async update(id: number, chain: string, actor: Actor, body: unknown): Promise<NftTemplate> {
    const current = await this.owned(id, chain, actor);
    const parsed = parseNftTemplatePatch(body);
    if (!parsed.ok) throw new AppError('invalid_value', INVALID_VALUE, 400);
    const { collection } = parsed.patch;
    // an unchanged collection is no new choice (the mint flow sends it along with limit and title)
    if (collection !== undefined && collection !== current.collection)
      await this.assertOwnsCollection(current.chain, collection, current.ownerId, actor);
    const row = await this.templates.update(id, parsed.patch);
    if (!row) throw AppError.notFound(NFT_NOT_FOUND);
    return toNftTemplate(row);
  }

  /**
   * The embed button's `complete` (issue #28): writes the check link as the description and spends the
   * ticket in one transaction; a ticket used before is refused (409) and the description stays as it is.
   */
  async completeMintTicket(
    id: number,
    chain: string,
    actor: Actor,
    ticket: TicketSpend,
    description: string,
  ): Promise<NftTemplate> {
    await this.owned(id, chain, actor);
    const parsed = parseNftTemplatePatch({ description });
    if (!parsed.ok) throw new AppError('invalid_value', INVALID_VALUE, 400);
    const now = this.clock.now();
    const row = await this.templates.update(id, parsed.patch, (tx) => spendMintTicket(tx, ticket, id, now));
    if (!row) throw AppError.notFound(NFT_NOT_FOUND);
    return toNftTemplate(row);
  }

  async setMedia(
    id: number,
    chain: string,
    actor: Actor,
    media: { key: string; size: number; mimeType: string },
  ): Promise<SetNftMediaReply> {
    await this.owned(id, chain, actor);
    const result = await this.templates.setMedia(id, media);
    if (!result) throw AppError.notFound(NFT_NOT_FOUND);
    return { item: toNftTemplate(result.row), replacedKey: result.replacedKey };
  }

  async delete(id: number, chain: string, actor: Actor): Promise<void> {
    await this.owned(id, chain, actor);
    if (!(await this.templates.softDelete(id, this.clock.now()))) throw AppError.notFound(NFT_NOT_FOUND);
  }

  /** Public: media stays readable after a soft delete, because minted tokens keep showing it. */
  async media(id: number): Promise<MediaInfo> {
    const row = await this.templates.findById(id);
    if (!row?.mediaKey) throw AppError.notFound('Media not found');
    return { key: row.mediaKey, size: row.mediaSize ?? 0, mimeType: row.mimeType, refresh: row.imageRefresh };
  }

  private async owned(
    id: number,
    chain: string | undefined,
    actor: Actor | undefined,
  ): Promise<NftTemplateRow> {
    const row = await this.templates.findById(id);
    const visible =
      row !== undefined &&
      !row.deleted &&
      (chain === undefined || row.chain === chain) &&
      (actor === undefined || actor.isSuperAdmin || row.ownerId === actor.id);
    if (!visible) throw AppError.notFound(NFT_NOT_FOUND);
    return row;
  }
}
