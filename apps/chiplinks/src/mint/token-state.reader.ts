import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { isRevert, type ChainDirectory } from '@metatag/chain';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import { collectionAbi } from '@metatag/contracts';
import { isAddress, zeroAddress, type Address } from 'viem';

/** Who owns a token and whether its owner locked it. `owner` null = not minted (or burned). */
export interface TokenState {
  owner: string | null;
  locked: boolean;
  /** The transaction of the token's latest Transfer (its mint or last claim), when the index knows it. */
  txHash?: string | null;
  /**
   * Minted once and burned since (a burn to redeem, #32 item 5): no owner, but never mintable again
   * (the collection keeps a burned mark: `TokenAlreadyMinted`).
   */
  burned?: boolean;
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
  /** Asked once: no index on this database (tests, a chiplinks-only deployment) means never asking. */
  private published: Promise<boolean> | undefined;
  private readonly index: ChainReader;

  constructor(
    private readonly chains: ChainDirectory,
    database: Database,
    private readonly logger: Logger,
  ) {
    this.index = createChainReader(database.pool);
  }

  async read(chain: string, collection: string, tokenId: string): Promise<TokenState> {
    const handle = this.chains.byName(chain);
    if (!handle) throw new Error(`chain ${chain} is not configured`);
    // viem caches the block number for its polling interval: a stale head would let a lagging index
    // answer for a token minted a moment ago (without an index there is nothing to compare: no head read)
    const indexed = this.indexMissing
      ? undefined
      : await this.fromIndex(
          handle.chainId,
          collection,
          tokenId,
          await handle.client.getBlockNumber({ cacheTime: 0 }),
        );
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
      this.published ??= this.index.published();
      if (!(await this.published)) {
        this.indexMissing = true;
        return undefined;
      }
      const row = await this.index.tokenSnapshot(chainId, collection, BigInt(tokenId));
      // the index is behind (or restarting): ask the chain
      if (!row || row.indexedBlock === null || row.indexedBlock < head) return undefined;
      const owner = row.token && row.token.owner !== zeroAddress ? row.token.owner.toLowerCase() : null;
      return {
        owner,
        locked: owner ? row.token?.locked === true : false,
        txHash: owner ? row.lastTxHash : null,
        // the index keeps a burned token's row with the zero address as its owner
        burned: row.token !== null && row.token !== undefined && owner === null,
      };
    } catch (error) {
      this.published = undefined;
      this.logger.warn({ err: error }, 'chain index not readable; reading the chain');
      return undefined;
    }
  }

  /**
   * Owner, lock and burn mark in one `eth_call`: a multicall (the chain's Multicall3 where it has one,
   * else viem's deployless multicall, which needs no contract on the chain). Three reads one after
   * another cost three round trips, and the usual answer before a mint (`ownerOf` reverts: not minted)
   * also cost a revert's error decoding; here a revert is a failed sub-call (get-mint-data's p99,
   * #33 item 4). An RPC failure still throws, as before.
   */
  private async fromChain(
    client: NonNullable<ReturnType<ChainDirectory['byName']>>['client'],
    collection: Address,
    tokenId: bigint,
  ): Promise<TokenState> {
    const multicall3 = client.chain?.contracts?.multicall3?.address;
    const token = { address: collection, abi: collectionAbi, args: [tokenId] } as const;
    const [ownerOf, locked, redeemed] = await client.multicall({
      contracts: [
        { ...token, functionName: 'ownerOf' },
        { ...token, functionName: 'locked' },
        { ...token, functionName: 'redeemed' },
      ],
      allowFailure: true,
      ...(multicall3 ? { multicallAddress: multicall3 } : { deployless: true }),
    });
    // a sub-call that failed without reverting (no contract at the address): an error, as before
    if (ownerOf.status === 'failure' && !isRevert(ownerOf.error)) throw ownerOf.error;
    const result = ownerOf.status === 'success' ? ownerOf.result : undefined;
    // a revert (never minted, or burned) or the zero address: no owner
    const owner = result && isAddress(result) && result !== zeroAddress ? result.toLowerCase() : null;
    // no owner: never minted, or burned to redeem it (NFT code v2 remembers; v1 has no `redeemed`)
    if (!owner)
      return { owner: null, locked: false, burned: redeemed.status === 'success' && redeemed.result };
    if (locked.status !== 'success') throw locked.error;
    return { owner, locked: locked.result };
  }
}
