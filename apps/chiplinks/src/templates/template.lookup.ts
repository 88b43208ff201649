import type { NftTemplate } from '@metatag/api-types';
import { TEMPLATES, type Actor } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';

/** The NFT templates chips and links belong to; the templates service owns them. */
export interface TemplateLookup {
  /** The template if `actor` owns it or is a super admin; the templates service's 404 otherwise. */
  owned(nftId: number, actor: Actor): Promise<NftTemplate>;
  /** Any live template (public pages, the scan path); undefined when it does not exist or was deleted. */
  get(nftId: number): Promise<NftTemplate | undefined>;
  /** Whether the collection is attached to the user: only then may the relayer's vouchers mint into it. */
  collectionOwnedBy(chain: string, address: string, userId: number): Promise<boolean>;
}

/** How long the scan path may use a template it read: a scan then costs no round trip to templates. */
const CACHE_MS = 5_000;
const CACHE_LIMIT = 10_000;

/** Asks the templates service (`templates.nfts.get`) over the transport, with a short cache for `get`. */
export class TemplatesServiceLookup implements TemplateLookup {
  private readonly cache = new Map<number, { value: NftTemplate | undefined; until: number }>();
  private readonly owners = new Map<string, { value: boolean; until: number }>();

  constructor(private readonly services: ServiceClient) {}

  async owned(nftId: number, actor: Actor): Promise<NftTemplate> {
    const { item } = await this.services.send<{ item: NftTemplate }>(TEMPLATES.getNft, { id: nftId, actor });
    return item;
  }

  async collectionOwnedBy(chain: string, address: string, userId: number): Promise<boolean> {
    const key = `${chain}:${address.toLowerCase()}:${userId}`;
    const hit = this.owners.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    let value = true;
    try {
      await this.services.send(TEMPLATES.getCollection, {
        chain,
        address: address.toLowerCase(),
        actor: { id: userId, isSuperAdmin: false },
      });
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      value = false;
    }
    if (this.owners.size >= CACHE_LIMIT) this.owners.clear();
    this.owners.set(key, { value, until: Date.now() + CACHE_MS });
    return value;
  }

  async get(nftId: number): Promise<NftTemplate | undefined> {
    const hit = this.cache.get(nftId);
    if (hit && hit.until > Date.now()) return hit.value;
    let value: NftTemplate | undefined;
    try {
      value = (await this.services.send<{ item: NftTemplate }>(TEMPLATES.getNft, { id: nftId })).item;
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
    }
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(nftId, { value, until: Date.now() + CACHE_MS });
    return value;
  }
}
