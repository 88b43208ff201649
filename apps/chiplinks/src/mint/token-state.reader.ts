import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { isRevert, type ChainDirectory } from '@metatag/chain';
import { collectionAbi } from '@metatag/contracts';
import { isAddress, zeroAddress, type Address } from 'viem';

/** Who owns a token and whether its owner locked it. `owner` null = not minted (or burned). */
export interface TokenState {
  owner: string | null;
  locked: boolean;
  /** The transaction of the token's latest Transfer (its mint or last claim), when the index knows it. */
  txHash?: string | null;
}

export interface TokenStateReader {
  read(chain: string, collection: string, tokenId: string): Promise<TokenState>;
}

/**
 * Reads a token's owner and lock. Prefers the indexer's `chain.tokens` view when it has caught up with
 * the chain's head (one cheap query), else asks the chain through its RPC (`ownerOf`, `locked`): a
 * revert or the zero address means no owner (spec section 4).
 */
export class IndexedOrChainTokenState implements TokenStateReader {
  private indexMissing = false;

  constructor(
    private readonly chains: ChainDirectory,
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  async read(chain: string, collection: string, tokenId: string): Promise<TokenState> {
    const handle = this.chains.byName(chain);
    if (!handle) throw new Error(`chain ${chain} is not configured`);
    // viem caches the block number for its polling interval: a stale head would let a lagging index
    // answer for a token minted a moment ago
    const head = await handle.client.getBlockNumber({ cacheTime: 0 });
    const indexed = await this.fromIndex(handle.chainId, collection, tokenId, head);
    return indexed ?? this.fromChain(handle.client, collection as Address, BigInt(tokenId));
  }

  private async fromIndex(
    chainId: number,
    collection: string,
    tokenId: string,
    head: bigint,
  ): Promise<TokenState | undefined> {
    if (this.indexMissing) return undefined;
    try {
      const { rows } = await this.database.pool.query<{
        indexed_block: string;
        owner: string | null;
        locked: boolean | null;
        tx_hash: string | null;
      }>(
        `SELECT s.indexed_block::text AS indexed_block, t.owner, t.locked,
                (SELECT tr.tx_hash FROM chain.transfers tr
                  WHERE tr.chain_id = s.chain_id AND tr.collection = $2 AND tr.token_id = $3::numeric
                  ORDER BY tr.block_number DESC, tr.log_index DESC LIMIT 1) AS tx_hash
           FROM chain.status s
           LEFT JOIN chain.tokens t
             ON t.chain_id = s.chain_id AND t.collection = $2 AND t.token_id = $3::numeric
          WHERE s.chain_id = $1`,
        [chainId, collection.toLowerCase(), tokenId],
      );
      const row = rows[0];
      if (!row || BigInt(row.indexed_block) < head) return undefined; // the index is behind: ask the chain
      const owner = row.owner && row.owner !== zeroAddress ? row.owner.toLowerCase() : null;
      return { owner, locked: owner ? row.locked === true : false, txHash: owner ? row.tx_hash : null };
    } catch (error) {
      // 42P01/3F000: no indexer on this database (tests, a chiplinks-only deployment): stop asking.
      const code = (error as { code?: string }).code;
      if (code === '42P01' || code === '3F000') this.indexMissing = true;
      else this.logger.warn({ err: error }, 'chain index not readable; reading the chain');
      return undefined;
    }
  }

  private async fromChain(
    client: NonNullable<ReturnType<ChainDirectory['byName']>>['client'],
    collection: Address,
    tokenId: bigint,
  ): Promise<TokenState> {
    let owner: string | null = null;
    try {
      const result = await client.readContract({
        address: collection,
        abi: collectionAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      });
      owner = isAddress(result) && result !== zeroAddress ? result.toLowerCase() : null;
    } catch (error) {
      if (!isRevert(error)) throw error;
    }
    if (!owner) return { owner: null, locked: false };
    const locked = await client.readContract({
      address: collection,
      abi: collectionAbi,
      functionName: 'locked',
      args: [tokenId],
    });
    return { owner, locked };
  }
}
