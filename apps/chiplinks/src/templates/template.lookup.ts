import type { NftTemplate } from '@metatag/api-types';
import { mintTargetOf, TEMPLATES, type Actor, type MintTarget } from '@metatag/events';
import { systemClock, type Clock, type ServiceClient } from '@metatag/nest-kit';
import type { TemplatesProjection } from './templates.projection.js';

/** The NFT templates chips and links belong to; the templates service owns them. */
export interface TemplateLookup {
  /** The template if `actor` owns it or is a super admin; the templates service's 404 otherwise. */
  owned(nftId: number, actor: Actor): Promise<NftTemplate>;
  /** Any live template (public pages, the scan path); undefined when it does not exist or was deleted. */
  get(nftId: number): Promise<NftTemplate | undefined>;
  /**
   * Where the template mints: its own collection (usable only when attached to the template's owner:
   * the relayer is the minter of many users' collections) or the chain's default collection.
   */
  mintTarget(template: Pick<NftTemplate, 'chain' | 'collection' | 'owner'>): Promise<MintTarget>;
}

/**
 * How long a process may use what it read from the projection: a scan then costs no query. A change
 * applied in this process drops its entry at once; another replica's applies are seen within this.
 */
export const TEMPLATE_CACHE_MS = 5_000;
const CACHE_LIMIT = 10_000;

/** A short-lived memo of answers, misses included (as undefined), bounded in size. */
class ShortCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  // the injected clock, so a test moves past TEMPLATE_CACHE_MS instead of sleeping through it
  constructor(private readonly clock: Clock) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > this.clock.now().getTime()) return hit.value;
    const value = await load();
    if (this.entries.size >= CACHE_LIMIT) this.entries.clear();
    this.entries.set(key, { value, until: this.clock.now().getTime() + TEMPLATE_CACHE_MS });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}

/**
 * Reads templates from chiplinks' own projection (TemplatesProjection, fed by templates' events and
 * caught up from it), so the scan path and get-mint-data ask the templates service nothing (issue #14
 * item 2). Only `owned`, the owner's check of admin commands (adding chips and links, exports,
 * analytics), asks templates: it is a command's authorization, read from the source of truth, and its
 * versioned answer also feeds the projection (a template is then projected before any chip of it exists).
 */
export class ProjectedTemplateLookup implements TemplateLookup {
  private readonly templates: ShortCache<number, NftTemplate | undefined>;
  private readonly targets: ShortCache<string, MintTarget>;

  constructor(
    private readonly services: ServiceClient,
    private readonly projection: TemplatesProjection,
    clock: Clock = systemClock,
  ) {
    this.templates = new ShortCache(clock);
    this.targets = new ShortCache(clock);
  }

  async owned(nftId: number, actor: Actor): Promise<NftTemplate> {
    const { item, version } = await this.services.send(TEMPLATES.getNft, { id: nftId, actor });
    if (version !== undefined && (await this.projection.applyNft({ version, item }))) this.changed(item.id);
    return item;
  }

  get(nftId: number): Promise<NftTemplate | undefined> {
    return this.templates.get(nftId, async () => {
      const row = await this.projection.nft(nftId);
      return row && !row.item.deleted ? row.item : undefined;
    });
  }

  mintTarget({ chain, collection, owner }: Pick<NftTemplate, 'chain' | 'collection' | 'owner'>) {
    const address = collection.toLowerCase();
    return this.targets.get(`${chain}:${address}:${owner}`, async () =>
      address === ''
        ? mintTargetOf(
            { collection: '', ownerId: owner },
            undefined,
            await this.projection.defaultAddress(chain),
          )
        : mintTargetOf(
            { collection: address, ownerId: owner },
            await this.projection.collectionOwner(chain, address),
            '',
          ),
    );
  }

  /** A template's projected row changed in this process: the next read sees it. */
  changed(nftId: number): void {
    this.templates.delete(nftId);
  }

  /** Collections or defaults changed: every cached mint target is read again. */
  targetsChanged(): void {
    this.targets.clear();
  }
}
