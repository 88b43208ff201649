import { Inject, Injectable } from '@nestjs/common';
import type { NftTemplate } from '@metatag/api-types';
import { DEFAULT_COLLECTIONS, placeHolders, TEMPLATES, type Actor } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { EVENTS } from '../relayer.tokens.js';

/** The templates service's own answer for a template someone else owns (never a 403). */
const NFT_NOT_FOUND = 'NFT template not found';

/**
 * Who may mint a template and read its mints: the templates service decides (its owner or a super
 * admin; 404 for anyone else), so the owner rule lives in one place. The relayer only asks.
 */
@Injectable()
export class MintAccess {
  constructor(@Inject(EVENTS) private readonly services: ServiceClient) {}

  /** The template as `actor` may see it; the templates service's 404 otherwise. */
  async template(actor: Actor, chain: string, nftId: string): Promise<NftTemplate> {
    // template ids are whole numbers; anything else names no template the actor could own
    if (!/^\d{1,10}$/.test(nftId)) throw AppError.notFound(NFT_NOT_FOUND);
    const { item } = await this.services.send(TEMPLATES.getNft, {
      id: Number(nftId),
      chain,
      actor,
    });
    return item;
  }

  /**
   * A manual mint goes to the template's own collection, which must be attached to the template's
   * owner (a super admin may use any, attached or not): the relayer's key would otherwise mint into
   * the collections of other users that trust it as their minter. A template without a collection
   * mints into the chain's default collection (spec section 5), which the request then names.
   */
  async assertMayMint(actor: Actor, chain: string, nftId: string, collection: string): Promise<NftTemplate> {
    const template = await this.template(actor, chain, nftId);
    const target = await this.services.send(DEFAULT_COLLECTIONS.mintTarget, {
      chain,
      collection: template.collection.toLowerCase(),
      ownerId: template.owner,
    });
    if (target.source === 'none')
      throw new AppError(
        'no_default_collection',
        `${chain} has no default collection: choose a collection for this NFT template`,
        400,
      );
    if (target.address !== collection.toLowerCase())
      throw new AppError('invalid_collection', "The collection is not the NFT template's collection", 400);
    if (!target.attached && !actor.isSuperAdmin) throw AppError.notFound('Collection not found');
    return template;
  }

  /**
   * Takes a place under the template's limit for mint record `mintId` before it is stored (#31 item
   * 3: templates counts the limit, in one place, with the chips' and links' vouchers). The hold lasts
   * `holdS` seconds unless the record's `mint.requested` makes it firm; 409 when the limit is reached.
   */
  async takePlace(template: NftTemplate, mintId: string, holdS: number): Promise<void> {
    const place = await this.services.send(TEMPLATES.takePlace, {
      nftId: template.id,
      holder: placeHolders.mint(mintId),
      chain: template.chain,
      until: String(Math.floor(Date.now() / 1000) + holdS),
    });
    if (!place.ok)
      throw new AppError(
        'limit_reached',
        `The NFT template's limit is reached: ${place.taken} of ${place.limit} minted or being minted`,
        409,
      );
  }

  /** Gives the place back: the record it was taken for was not stored. */
  async releasePlace(nftId: number, mintId: string): Promise<void> {
    await this.services.send(TEMPLATES.releasePlace, { nftId, holder: placeHolders.mint(mintId) });
  }
}
