import type pg from 'pg';

type Address = `0x${string}`;
type Hex = `0x${string}`;

/** What the reader needs of a connection: a pg Pool, PoolClient or Client. */
export interface Queryable {
  query<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

/** One Transfer log as indexed (chain.transfers). Addresses are lower-case. */
export interface IndexedTransfer {
  /** Ponder's event id: unique per log. */
  id: string;
  chainId: number;
  collection: Address;
  tokenId: bigint;
  from: Address;
  to: Address;
  blockNumber: bigint;
  blockTimestamp: bigint;
  txHash: Hex;
  logIndex: number;
}

/**
 * A MintChild or ConnectedToTag log as indexed (chain.token_events), in chain order with the transfers'
 * cursor: `tokenId` is the child of a MintChild, the token of a ConnectedToTag.
 */
export type IndexedTokenEvent = {
  id: string;
  chainId: number;
  collection: Address;
  tokenId: bigint;
  blockNumber: bigint;
  txHash: Hex;
  logIndex: number;
} & (
  | { kind: 'mint_child'; parentTokenId: bigint; owner: Address }
  | { kind: 'connected_to_tag'; connected: boolean }
);

export interface TokenEventPage {
  events: IndexedTokenEvent[];
  /** Pass it to the next call; equals the input when nothing new was found. */
  next: TransferCursor;
}

/** A token's current state (chain.tokens). A burned token has the zero address as owner. */
export interface IndexedToken {
  chainId: number;
  collection: Address;
  tokenId: bigint;
  owner: Address;
  locked: boolean;
  parentTokenId: bigint | null;
  connectedToTag: boolean;
  limit: bigint | null;
  updatedBlock: bigint;
}

/** How far the index of one chain is (chain.status). */
export interface IndexStatus {
  chainId: number;
  /** Null while the indexer starts or restarts. */
  block: bigint | null;
  timestamp: bigint | null;
}

/**
 * A position in one chain's transfers: everything strictly after (blockNumber, logIndex). Logs of one
 * block come in log order, so the position is exact and a reader never sees a log twice.
 */
export interface TransferCursor {
  chainId: number;
  blockNumber: bigint;
  logIndex: number;
}

/**
 * What a page about one token needs from the index, in one read: the token's owner and lock, the
 * transaction of its latest Transfer, and how far the index is (compare with the chain's head).
 */
export interface IndexedTokenSnapshot {
  chainId: number;
  /** The last block the index of the chain has processed; null while the indexer starts or restarts. */
  indexedBlock: bigint | null;
  /** Null when the index has no such token (yet). A burned token has the zero address as owner. */
  token: { owner: Address; locked: boolean } | null;
  /** The transaction of the token's latest Transfer (its mint or last transfer), when indexed. */
  lastTxHash: Hex | null;
}

export interface TransferPage {
  transfers: IndexedTransfer[];
  /** Pass it to the next call; equals the input when nothing new was found. */
  next: TransferCursor;
}

export interface ChainReader {
  /** The indexed owner of a token, or null when the index has no such token (yet) or it was burned. */
  ownerOf(chainId: number, collection: string, tokenId: bigint): Promise<Address | null>;
  /** The indexed state of a token, or null when the index has no such token (yet). */
  token(chainId: number, collection: string, tokenId: bigint): Promise<IndexedToken | null>;
  /**
   * Tokens an address holds on a chain (any collection), at most `limit` (default 1000), most
   * recently changed first: who owns what, for ownership checks.
   */
  tokensOwnedBy(chainId: number, owner: string, options?: { limit?: number }): Promise<IndexedToken[]>;
  /**
   * Transfers after `cursor` on its chain, oldest first, at most `limit` (default 500); with `from`,
   * only those from that address (the zero address: mints).
   */
  transfersSince(cursor: TransferCursor, options?: { limit?: number; from?: string }): Promise<TransferPage>;
  /** MintChild and ConnectedToTag logs after `cursor` on its chain, oldest first, at most `limit` (default 500). */
  tokenEventsSince(cursor: TransferCursor, options?: { limit?: number }): Promise<TokenEventPage>;
  /** The Transfer logs of one transaction, in log order. */
  transfersOfTx(chainId: number, txHash: string): Promise<IndexedTransfer[]>;
  /** The last block the index of a chain has processed, or null when it has none (yet). */
  indexedBlock(chainId: number): Promise<bigint | null>;
  status(chainId: number): Promise<IndexStatus | null>;
  /** A token and the index's progress in one query; null when the chain has no index status (yet). */
  tokenSnapshot(chainId: number, collection: string, tokenId: bigint): Promise<IndexedTokenSnapshot | null>;
  /** Whether the indexer has published its views at all (before that every read answers empty). */
  published(): Promise<boolean>;
  /**
   * Mints (Transfers from the zero address) of the given tokens of a collection per UTC day, for blocks
   * with `fromTime <= timestamp < toTime` (unix seconds); days without mints are left out.
   */
  mintsPerDay(
    chainId: number,
    collection: string,
    tokenIds: bigint[],
    range: { fromTime: bigint; toTime: bigint },
  ): Promise<{ day: string; mints: number }[]>;
  /** The indexed state of the given tokens of a collection (those the index knows), by token id. */
  tokensOf(chainId: number, collection: string, tokenIds: bigint[]): Promise<IndexedToken[]>;
  /** The Transfer logs of a transaction hash on any indexed chain, in log order. */
  transfersOfHash(txHash: string): Promise<IndexedTransfer[]>;
  /**
   * The indexed children of a parent token (MintChild), in id order (= mint order), at most `limit`
   * (default 1000): check-parent's list of children and their owners (#18).
   */
  childrenOf(
    chainId: number,
    collection: string,
    parentTokenId: bigint,
    options?: { limit?: number },
  ): Promise<IndexedToken[]>;
  /** How many children of a parent token the index has seen (the list above may be cut at its limit). */
  childCount(chainId: number, collection: string, parentTokenId: bigint): Promise<number>;
}

/** The cursor before a chain's first transfer (or before block `fromBlock`). */
export function initialCursor(chainId: number, fromBlock = 0n): TransferCursor {
  return { chainId, blockNumber: fromBlock, logIndex: -1 };
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
/** undefined_table, invalid_schema_name: the indexer has not published its views yet. */
const NOT_PUBLISHED = new Set(['42P01', '3F000']);

interface TransferRow {
  id: string;
  chain_id: number;
  collection: string;
  token_id: string;
  from_address: string;
  to_address: string;
  block_number: string;
  block_timestamp: string;
  tx_hash: string;
  log_index: number;
}

interface TokenRow {
  chain_id: number;
  collection: string;
  token_id: string;
  owner: string;
  locked: boolean;
  parent_token_id: string | null;
  connected_to_tag: boolean;
  limit: string | null;
  updated_block: string;
}

interface TokenEventRow {
  id: string;
  chain_id: number;
  collection: string;
  kind: string;
  token_id: string;
  parent_token_id: string | null;
  owner: string | null;
  connected: boolean | null;
  block_number: string;
  tx_hash: string;
  log_index: number;
}

function toTokenEvent(row: TokenEventRow): IndexedTokenEvent | undefined {
  const base = {
    id: row.id,
    chainId: row.chain_id,
    collection: row.collection as Address,
    tokenId: BigInt(row.token_id),
    blockNumber: BigInt(row.block_number),
    txHash: row.tx_hash as Hex,
    logIndex: row.log_index,
  };
  if (row.kind === 'mint_child' && row.parent_token_id !== null && row.owner !== null)
    return {
      ...base,
      kind: 'mint_child',
      parentTokenId: BigInt(row.parent_token_id),
      owner: row.owner as Address,
    };
  if (row.kind === 'connected_to_tag' && row.connected !== null)
    return { ...base, kind: 'connected_to_tag', connected: row.connected };
  return undefined;
}

interface SnapshotRow {
  chain_id: number;
  indexed_block: string | null;
  owner: string | null;
  locked: boolean | null;
  tx_hash: string | null;
}

const TRANSFER_COLUMNS =
  'id, chain_id, collection, token_id, from_address, to_address, block_number, block_timestamp, tx_hash, log_index';

function toTransfer(row: TransferRow): IndexedTransfer {
  return {
    id: row.id,
    chainId: row.chain_id,
    collection: row.collection as Address,
    tokenId: BigInt(row.token_id),
    from: row.from_address as Address,
    to: row.to_address as Address,
    blockNumber: BigInt(row.block_number),
    blockTimestamp: BigInt(row.block_timestamp),
    txHash: row.tx_hash as Hex,
    logIndex: row.log_index,
  };
}

function toToken(row: TokenRow): IndexedToken {
  return {
    chainId: row.chain_id,
    collection: row.collection as Address,
    tokenId: BigInt(row.token_id),
    owner: row.owner as Address,
    locked: row.locked,
    parentTokenId: row.parent_token_id === null ? null : BigInt(row.parent_token_id),
    connectedToTag: row.connected_to_tag,
    limit: row.limit === null ? null : BigInt(row.limit),
    updatedBlock: BigInt(row.updated_block),
  };
}

/**
 * Typed reads of the chain index: the stable views the indexer (apps/indexer) keeps in schema `chain`.
 * Reads answer from the index only; when `indexedBlock` is behind the block a caller cares about (or
 * null: the indexer has not started or is restarting), read the chain directly instead. Before the
 * indexer first publishes its views every read answers as if nothing were indexed.
 */
export function createChainReader(db: Queryable, options: { schema?: string } = {}): ChainReader {
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

  async function token(chainId: number, collection: string, tokenId: bigint): Promise<IndexedToken | null> {
    const [row] = await rows<TokenRow>(
      `SELECT chain_id, collection, token_id, owner, locked, parent_token_id, connected_to_tag, "limit", updated_block
       FROM ${view('tokens')} WHERE chain_id = $1 AND collection = $2 AND token_id = $3`,
      [chainId, collection.toLowerCase(), tokenId.toString()],
    );
    return row ? toToken(row) : null;
  }

  async function status(chainId: number): Promise<IndexStatus | null> {
    const [row] = await rows<{
      chain_id: number;
      indexed_block: string | null;
      indexed_timestamp: string | null;
    }>(`SELECT chain_id, indexed_block, indexed_timestamp FROM ${view('status')} WHERE chain_id = $1`, [
      chainId,
    ]);
    if (!row) return null;
    return {
      chainId: row.chain_id,
      block: row.indexed_block === null ? null : BigInt(row.indexed_block),
      timestamp: row.indexed_timestamp === null ? null : BigInt(row.indexed_timestamp),
    };
  }

  return {
    async ownerOf(chainId, collection, tokenId) {
      const found = await token(chainId, collection, tokenId);
      return found && found.owner !== ZERO_ADDRESS ? found.owner : null;
    },
    token,
    async tokensOwnedBy(chainId, owner, { limit = 1000 } = {}) {
      const found = await rows<TokenRow>(
        `SELECT chain_id, collection, token_id, owner, locked, parent_token_id, connected_to_tag, "limit", updated_block
         FROM ${view('tokens')} WHERE chain_id = $1 AND owner = $2 ORDER BY updated_block DESC LIMIT $3`,
        [chainId, owner.toLowerCase(), limit],
      );
      return found.map(toToken);
    },
    async transfersSince(cursor, { limit = 500, from } = {}) {
      const values: unknown[] = [cursor.chainId, cursor.blockNumber.toString(), cursor.logIndex, limit];
      if (from !== undefined) values.push(from.toLowerCase());
      const found = await rows<TransferRow>(
        `SELECT ${TRANSFER_COLUMNS} FROM ${view('transfers')}
         WHERE chain_id = $1 AND (block_number, log_index) > ($2::bigint, $3::integer)
           ${from === undefined ? '' : 'AND from_address = $5'}
         ORDER BY block_number, log_index LIMIT $4`,
        values,
      );
      const transfers = found.map(toTransfer);
      const last = transfers.at(-1);
      return {
        transfers,
        next: last
          ? { chainId: cursor.chainId, blockNumber: last.blockNumber, logIndex: last.logIndex }
          : cursor,
      };
    },
    async tokenEventsSince(cursor, { limit = 500 } = {}) {
      const found = await rows<TokenEventRow>(
        `SELECT id, chain_id, collection, kind, token_id, parent_token_id, owner, connected, block_number,
                tx_hash, log_index
           FROM ${view('token_events')}
          WHERE chain_id = $1 AND (block_number, log_index) > ($2::bigint, $3::integer)
          ORDER BY block_number, log_index LIMIT $4`,
        [cursor.chainId, cursor.blockNumber.toString(), cursor.logIndex, limit],
      );
      const last = found.at(-1);
      return {
        events: found.map(toTokenEvent).filter((event) => event !== undefined),
        next: last
          ? { chainId: cursor.chainId, blockNumber: BigInt(last.block_number), logIndex: last.log_index }
          : cursor,
      };
    },
    async transfersOfTx(chainId, txHash) {
      const found = await rows<TransferRow>(
        `SELECT ${TRANSFER_COLUMNS} FROM ${view('transfers')} WHERE chain_id = $1 AND tx_hash = $2 ORDER BY log_index`,
        [chainId, txHash.toLowerCase()],
      );
      return found.map(toTransfer);
    },
    async indexedBlock(chainId) {
      return (await status(chainId))?.block ?? null;
    },
    status,
    async tokenSnapshot(chainId, collection, tokenId) {
      const [row] = await rows<SnapshotRow>(
        `SELECT s.chain_id, s.indexed_block::text AS indexed_block, t.owner, t.locked,
                (SELECT tr.tx_hash FROM ${view('transfers')} tr
                  WHERE tr.chain_id = s.chain_id AND tr.collection = $2 AND tr.token_id = $3::numeric
                  ORDER BY tr.block_number DESC, tr.log_index DESC LIMIT 1) AS tx_hash
           FROM ${view('status')} s
           LEFT JOIN ${view('tokens')} t
             ON t.chain_id = s.chain_id AND t.collection = $2 AND t.token_id = $3::numeric
          WHERE s.chain_id = $1`,
        [chainId, collection.toLowerCase(), tokenId.toString()],
      );
      if (!row) return null;
      return {
        chainId: row.chain_id,
        indexedBlock: row.indexed_block === null ? null : BigInt(row.indexed_block),
        token: row.owner === null ? null : { owner: row.owner as Address, locked: row.locked === true },
        lastTxHash: row.tx_hash as Hex | null,
      };
    },
    async mintsPerDay(chainId, collection, tokenIds, { fromTime, toTime }) {
      if (tokenIds.length === 0) return [];
      const found = await rows<{ day: string; mints: string }>(
        `SELECT to_char(to_timestamp(block_timestamp::double precision) AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
                count(*) AS mints
           FROM ${view('transfers')}
          WHERE chain_id = $1 AND collection = $2 AND from_address = $3 AND token_id = ANY($4::numeric[])
            AND block_timestamp >= $5::numeric AND block_timestamp < $6::numeric
          GROUP BY 1 ORDER BY 1`,
        [
          chainId,
          collection.toLowerCase(),
          ZERO_ADDRESS,
          tokenIds.map(String),
          fromTime.toString(),
          toTime.toString(),
        ],
      );
      return found.map((row) => ({ day: row.day, mints: Number(row.mints) }));
    },
    async tokensOf(chainId, collection, tokenIds) {
      if (tokenIds.length === 0) return [];
      const found = await rows<TokenRow>(
        `SELECT chain_id, collection, token_id, owner, locked, parent_token_id, connected_to_tag, "limit", updated_block
           FROM ${view('tokens')} WHERE chain_id = $1 AND collection = $2 AND token_id = ANY($3::numeric[])
          ORDER BY token_id`,
        [chainId, collection.toLowerCase(), tokenIds.map(String)],
      );
      return found.map(toToken);
    },
    async transfersOfHash(txHash) {
      const found = await rows<TransferRow>(
        `SELECT ${TRANSFER_COLUMNS} FROM ${view('transfers')} WHERE tx_hash = $1 ORDER BY chain_id, log_index`,
        [txHash.toLowerCase()],
      );
      return found.map(toTransfer);
    },
    async childrenOf(chainId, collection, parentTokenId, { limit = 1000 } = {}) {
      const found = await rows<TokenRow>(
        `SELECT chain_id, collection, token_id, owner, locked, parent_token_id, connected_to_tag, "limit", updated_block
           FROM ${view('tokens')} WHERE chain_id = $1 AND collection = $2 AND parent_token_id = $3::numeric
          ORDER BY token_id LIMIT $4`,
        [chainId, collection.toLowerCase(), parentTokenId.toString(), limit],
      );
      return found.map(toToken);
    },
    async childCount(chainId, collection, parentTokenId) {
      const [row] = await rows<{ n: string }>(
        `SELECT count(*) AS n FROM ${view('tokens')}
          WHERE chain_id = $1 AND collection = $2 AND parent_token_id = $3::numeric`,
        [chainId, collection.toLowerCase(), parentTokenId.toString()],
      );
      return Number(row?.n ?? 0);
    },
    async published() {
      const [row] = await rows<{ ok: boolean }>(`SELECT to_regclass($1) IS NOT NULL AS ok`, [
        view('transfers'),
      ]);
      return row?.ok === true;
    },
  };
}
