import type pg from 'pg';
import type { Queryable, TransferCursor } from './chain-reader.js';

type Address = `0x${string}`;
type Hex = `0x${string}`;

/** One Recovered log (chain.recoveries): the collection owner moved a token without its holder (#32). */
export interface IndexedRecovery {
  id: string;
  chainId: number;
  collection: Address;
  tokenId: bigint;
  from: Address;
  to: Address;
  reason: string;
  blockNumber: bigint;
  /** Unix seconds of the block. */
  blockTimestamp: bigint;
  txHash: Hex;
  logIndex: number;
}

/** One Redeemed log (chain.redemptions): a holder burned a token or locked it forever (#32). */
export interface IndexedRedemption {
  id: string;
  chainId: number;
  collection: Address;
  tokenId: bigint;
  holder: Address;
  burned: boolean;
  blockNumber: bigint;
  blockTimestamp: bigint;
  txHash: Hex;
  logIndex: number;
}

export interface RedemptionPage {
  redemptions: IndexedRedemption[];
  /** Where to carry on from (a TransferCursor: the same (block, log index) position). */
  next: TransferCursor;
}

/** Reads of NFT code version 2's recovery and redemption events from the chain index. */
export interface LifecycleReader {
  /** Whether the collection's owner switched brand recovery on (false when never switched, or unknown). */
  recoveryAllowed(chainId: number, collection: string): Promise<boolean>;
  /** A token's recoveries, oldest first: its public audit log. */
  recoveriesOf(chainId: number, collection: string, tokenId: bigint): Promise<IndexedRecovery[]>;
  /** A token's redemption, or null (a token is redeemed at most once: the contract refuses a second). */
  redemptionOf(chainId: number, collection: string, tokenId: bigint): Promise<IndexedRedemption | null>;
  /**
   * One chain's redemptions after `cursor` (block number, log index), oldest first, at most `limit`
   * (default 500): a follower keeps `next` and carries on from there, seeing each log exactly once.
   */
  redemptionsSince(cursor: TransferCursor, options?: { limit?: number }): Promise<RedemptionPage>;
  /** A collection's redemptions, newest first, at most `limit` (default 1000). */
  redemptionsOf(
    chainId: number,
    collection: string,
    options?: { limit?: number },
  ): Promise<IndexedRedemption[]>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** undefined_table, undefined_column, invalid_schema_name: an older indexer build published the views. */
const NOT_PUBLISHED = new Set(['42P01', '42703', '3F000']);

interface RecoveryRow {
  id: string;
  chain_id: number;
  collection: string;
  token_id: string;
  from_address: string;
  to_address: string;
  reason: string;
  block_number: string;
  block_timestamp: string;
  tx_hash: string;
  log_index: number;
}

interface RedemptionRow {
  id: string;
  chain_id: number;
  collection: string;
  token_id: string;
  holder: string;
  burned: boolean;
  block_number: string;
  block_timestamp: string;
  tx_hash: string;
  log_index: number;
}

const toRecovery = (row: RecoveryRow): IndexedRecovery => ({
  id: row.id,
  chainId: row.chain_id,
  collection: row.collection as Address,
  tokenId: BigInt(row.token_id),
  from: row.from_address as Address,
  to: row.to_address as Address,
  reason: row.reason,
  blockNumber: BigInt(row.block_number),
  blockTimestamp: BigInt(row.block_timestamp),
  txHash: row.tx_hash as Hex,
  logIndex: row.log_index,
});

const toRedemption = (row: RedemptionRow): IndexedRedemption => ({
  id: row.id,
  chainId: row.chain_id,
  collection: row.collection as Address,
  tokenId: BigInt(row.token_id),
  holder: row.holder as Address,
  burned: row.burned,
  blockNumber: BigInt(row.block_number),
  blockTimestamp: BigInt(row.block_timestamp),
  txHash: row.tx_hash as Hex,
  logIndex: row.log_index,
});

const REDEMPTION_COLUMNS =
  'id, chain_id, collection, token_id, holder, burned, block_number, block_timestamp, tx_hash, log_index';

/** Reads chain.recoveries, chain.redemptions and chain.collections.recovery_allowed (apps/indexer). */
export function createLifecycleReader(db: Queryable, options: { schema?: string } = {}): LifecycleReader {
  const schema = options.schema ?? 'chain';
  if (!IDENTIFIER.test(schema)) throw new Error(`not a plain SQL name: ${schema}`);
  const view = (name: string) => `"${schema}"."${name}"`;

  async function rows<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<R[]> {
    try {
      return (await db.query<R>(text, values)).rows;
    } catch (error) {
      if (NOT_PUBLISHED.has((error as { code?: string }).code ?? '')) return [];
      throw error;
    }
  }

  return {
    async recoveryAllowed(chainId, collection) {
      const [row] = await rows<{ recovery_allowed: boolean }>(
        `SELECT recovery_allowed FROM ${view('collections')} WHERE chain_id = $1 AND address = $2`,
        [chainId, collection.toLowerCase()],
      );
      return row?.recovery_allowed === true;
    },
    async recoveriesOf(chainId, collection, tokenId) {
      const found = await rows<RecoveryRow>(
        `SELECT id, chain_id, collection, token_id, from_address, to_address, reason, block_number,
                block_timestamp, tx_hash, log_index
           FROM ${view('recoveries')} WHERE chain_id = $1 AND collection = $2 AND token_id = $3::numeric
          ORDER BY block_number, log_index`,
        [chainId, collection.toLowerCase(), tokenId.toString()],
      );
      return found.map(toRecovery);
    },
    async redemptionOf(chainId, collection, tokenId) {
      const [row] = await rows<RedemptionRow>(
        `SELECT ${REDEMPTION_COLUMNS} FROM ${view('redemptions')}
          WHERE chain_id = $1 AND collection = $2 AND token_id = $3::numeric
          ORDER BY block_number, log_index LIMIT 1`,
        [chainId, collection.toLowerCase(), tokenId.toString()],
      );
      return row ? toRedemption(row) : null;
    },
    async redemptionsSince(cursor, { limit = 500 } = {}) {
      const found = await rows<RedemptionRow>(
        `SELECT ${REDEMPTION_COLUMNS} FROM ${view('redemptions')}
          WHERE chain_id = $1 AND (block_number, log_index) > ($2::bigint, $3::integer)
          ORDER BY block_number, log_index LIMIT $4`,
        [cursor.chainId, cursor.blockNumber.toString(), cursor.logIndex, limit],
      );
      const redemptions = found.map(toRedemption);
      const last = redemptions.at(-1);
      return {
        redemptions,
        next: last
          ? { chainId: cursor.chainId, blockNumber: last.blockNumber, logIndex: last.logIndex }
          : cursor,
      };
    },
    async redemptionsOf(chainId, collection, { limit = 1000 } = {}) {
      const found = await rows<RedemptionRow>(
        `SELECT ${REDEMPTION_COLUMNS} FROM ${view('redemptions')} WHERE chain_id = $1 AND collection = $2
          ORDER BY block_number DESC, log_index DESC LIMIT $3`,
        [chainId, collection.toLowerCase(), limit],
      );
      return found.map(toRedemption);
    },
  };
}
