import { Injectable } from '@nestjs/common';
import type { Collection } from '@metatag/api-types';
import type { Actor } from '@metatag/events';
import { AppError } from '@metatag/nest-kit';
import { CollectionRepository, type CollectionRow } from './collection.repository.js';

export const COLLECTION_NOT_FOUND = 'Collection not found';

const toCollection = (row: CollectionRow): Collection => ({
  id: row.id,
  name: row.name,
  symbol: row.symbol,
  deployedAddress: row.address,
  chain: row.chain,
  txHash: row.txHash,
  created: row.created.toISOString(),
});

/** Collections per user and chain. Attaching happens only after the deployer checked the chain. */
@Injectable()
export class CollectionsService {
  constructor(private readonly collections: CollectionRepository) {}

  async list(chain: string, userId: number): Promise<Collection[]> {
    return (await this.collections.listOwned(userId, chain)).map(toCollection);
  }

  /** Idempotent for the same user; a collection attached to someone else stays theirs. */
  async attach(input: {
    chain: string;
    userId: number;
    deployedAddress: string;
    name: string;
    symbol: string;
    txHash: string;
  }): Promise<Collection> {
    const row = await this.collections.attach({
      chain: input.chain,
      address: input.deployedAddress,
      name: input.name,
      symbol: input.symbol,
      ownerId: input.userId,
      txHash: input.txHash,
    });
    if (row.ownerId !== input.userId)
      throw new AppError('collection_taken', 'This collection is attached to another user', 409);
    return toCollection(row);
  }

  /** The collection if `actor` owns it (a super admin sees any); 404 otherwise. */
  async get(chain: string, address: string, actor?: Actor): Promise<Collection> {
    const row = await this.collections.find(chain, address);
    if (!row || (actor && !actor.isSuperAdmin && row.ownerId !== actor.id))
      throw AppError.notFound(COLLECTION_NOT_FOUND);
    return toCollection(row);
  }

  /** Whether `actor` may edit what belongs to the collection: its owner, or a super admin. */
  async mayEdit(chain: string, address: string, actor: Actor): Promise<boolean> {
    if (actor.isSuperAdmin) return true;
    const row = await this.collections.find(chain, address);
    return row?.ownerId === actor.id;
  }
}
