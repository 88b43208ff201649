import { Inject, Injectable } from '@nestjs/common';
import { defaultCollectionOf, type TemplatesConfig } from '@metatag/config';
import { chainNames, isChainName } from '@metatag/contracts';
import { mintTargetOf, TEMPLATES_EVENTS, type DefaultCollection, type MintTarget } from '@metatag/events';
import { AppError, CLOCK, SERVICE_CONFIG, type Clock } from '@metatag/nest-kit';
import { CollectionRepository } from '../collections/collection.repository.js';
import { outboxEvent } from '@metatag/outbox';
import { DefaultCollectionRepository } from './default-collection.repository.js';

/**
 * Each chain's default collection (spec section 5: a template's empty collection means the default)
 * and where a template mints. The configured `DEFAULT_COLLECTION_<CHAIN>` wins: an operator who set it
 * expects it to be used, so a registration cannot replace it.
 */
@Injectable()
export class DefaultCollectionsService {
  constructor(
    private readonly defaults: DefaultCollectionRepository,
    private readonly collections: CollectionRepository,
    @Inject(SERVICE_CONFIG) private readonly config: TemplatesConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get(chain: string): Promise<DefaultCollection> {
    const configured = defaultCollectionOf(this.config, chain);
    if (configured) return { chain, address: configured, source: 'config', name: '', symbol: '' };
    const row = await this.defaults.find(chain);
    if (!row) return { chain, address: '', source: 'none', name: '', symbol: '' };
    return { chain, address: row.address, source: 'registered', name: row.name, symbol: row.symbol };
  }

  async list(): Promise<DefaultCollection[]> {
    const rows = new Map((await this.defaults.all()).map((row) => [row.chain, row]));
    return chainNames.map((chain): DefaultCollection => {
      const configured = defaultCollectionOf(this.config, chain);
      if (configured) return { chain, address: configured, source: 'config', name: '', symbol: '' };
      const row = rows.get(chain);
      return row
        ? { chain, address: row.address, source: 'registered', name: row.name, symbol: row.symbol }
        : { chain, address: '', source: 'none', name: '', symbol: '' };
    });
  }

  async set(input: {
    chain: string;
    address: string;
    name: string;
    symbol: string;
    userId: number | null;
  }): Promise<DefaultCollection> {
    if (!isChainName(input.chain)) throw AppError.notFound(`Unknown chain ${input.chain}`);
    const key = `DEFAULT_COLLECTION_${input.chain.toUpperCase()}`;
    if (defaultCollectionOf(this.config, input.chain))
      throw new AppError(
        'default_configured',
        `The default collection of ${input.chain} is configured (${key}): change the configuration to replace it`,
        409,
      );
    const row = await this.defaults.put(
      {
        chain: input.chain,
        address: input.address,
        name: input.name,
        symbol: input.symbol,
        setBy: input.userId,
        updated: this.clock.now(),
      },
      // not configured (checked above): the registration is the chain's default now
      (saved) =>
        outboxEvent(TEMPLATES_EVENTS.defaultCollectionChanged, {
          version: saved.version,
          chain: saved.chain,
          address: saved.address,
        }),
    );
    return {
      chain: row.chain,
      address: row.address,
      source: 'registered',
      name: row.name,
      symbol: row.symbol,
    };
  }

  /**
   * Where a template mints: its own collection (the relayer may mint there only when the collection
   * is attached to the template's owner: it is the minter of many users' collections), or the
   * chain's default, which every owner shares.
   */
  async mintTarget(chain: string, collection: string, ownerId: number): Promise<MintTarget> {
    if (collection === '')
      return mintTargetOf({ collection, ownerId }, undefined, (await this.get(chain)).address);
    const row = await this.collections.find(chain, collection);
    return mintTargetOf({ collection, ownerId }, row?.ownerId, '');
  }
}
