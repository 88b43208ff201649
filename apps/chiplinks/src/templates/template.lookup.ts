import type { NftTemplate } from '@metatag/api-types';
import { DEFAULT_COLLECTIONS, TEMPLATES, type Actor, type MintTarget } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';

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

/** How long the scan path may use what it read: a scan then costs no round trip to templates. */
const CACHE_MS = 5_000;
const CACHE_LIMIT = 10_000;

/** A short-lived memo of answers, 404s included (as undefined/false), bounded in size. */
class ShortCache<K, V> {
  private readonly entries = new Map<K, { value: V; until: number }>();

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = await load();
    if (this.entries.size >= CACHE_LIMIT) this.entries.clear();
    this.entries.set(key, { value, until: Date.now() + CACHE_MS });
    return value;
  }
}

/** The templates service's 404 as a value; any other failure stays an error. */
async function unlessNotFound<T>(call: () => Promise<T>, notFound: T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
    return notFound;
  }
}

/** Asks the templates service over the transport, with a short cache for the scan path's reads. */
export class TemplatesServiceLookup implements TemplateLookup {
  private readonly templates = new ShortCache<number, NftTemplate | undefined>();
  private readonly targets = new ShortCache<string, MintTarget>();

  constructor(private readonly services: ServiceClient) {}

  async owned(nftId: number, actor: Actor): Promise<NftTemplate> {
    const { item } = await this.services.send(TEMPLATES.getNft, { id: nftId, actor });
    return item;
  }

  mintTarget({ chain, collection, owner }: Pick<NftTemplate, 'chain' | 'collection' | 'owner'>) {
    const address = collection.toLowerCase();
    return this.targets.get(`${chain}:${address}:${owner}`, () =>
      this.services.send(DEFAULT_COLLECTIONS.mintTarget, { chain, collection: address, ownerId: owner }),
    );
  }

  get(nftId: number): Promise<NftTemplate | undefined> {
    return this.templates.get(nftId, () =>
      unlessNotFound(async () => (await this.services.send(TEMPLATES.getNft, { id: nftId })).item, undefined),
    );
  }
}
