// Ponder's tables. Readers never query them directly: the launcher publishes stable views in the
// schema `chain` (see src/views.ts), because Ponder writes each build into a schema of its own.
// Addresses are stored lower-case; token ids and limits as numeric(78) (uint256), block numbers and
// timestamps as bigint (so the readers' range queries use the indexes).
import { index, onchainTable, primaryKey } from 'ponder';

/** One row per Transfer log, keyed by Ponder's event id, so a replayed log cannot add a row. */
export const transfer = onchainTable(
  'transfer',
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    collection: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    fromAddress: t.hex().notNull(),
    toAddress: t.hex().notNull(),
    blockNumber: t.int8({ mode: 'bigint' }).notNull(),
    blockTimestamp: t.int8({ mode: 'bigint' }).notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    cursorIndex: index().on(table.chainId, table.blockNumber, table.logIndex),
    tokenIndex: index().on(table.chainId, table.collection, table.tokenId),
    txIndex: index().on(table.txHash),
  }),
);

/**
 * One row per MintChild or ConnectedToTag log, keyed by Ponder's event id: the facts the mint ledger
 * publishes besides Transfers (`child.minted`, `token.connected-to-tag`). `tokenId` is the child for a
 * MintChild (`parentTokenId` its parent, `owner` its owner), the token for a ConnectedToTag (`connected`).
 */
export const tokenEvent = onchainTable(
  'token_event',
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    collection: t.hex().notNull(),
    kind: t.text().notNull(),
    tokenId: t.bigint().notNull(),
    parentTokenId: t.bigint(),
    owner: t.hex(),
    connected: t.boolean(),
    blockNumber: t.int8({ mode: 'bigint' }).notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    cursorIndex: index().on(table.chainId, table.blockNumber, table.logIndex),
  }),
);

/** Current state of each token; a burned token keeps its row with the zero address as owner. */
export const token = onchainTable(
  'token',
  (t) => ({
    chainId: t.integer().notNull(),
    collection: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    owner: t.hex().notNull(),
    locked: t.boolean().notNull(),
    parentTokenId: t.bigint(),
    connectedToTag: t.boolean().notNull(),
    limit: t.bigint(),
    updatedBlock: t.int8({ mode: 'bigint' }).notNull(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.collection, table.tokenId] }),
    ownerIndex: index().on(table.chainId, table.owner),
    // check-parent (#18): a parent's children
    parentIndex: index().on(table.chainId, table.collection, table.parentTokenId),
  }),
);

/** Collections announced through a locator. Owner and minter are set by the collection's own events. */
export const collection = onchainTable(
  'collection',
  (t) => ({
    chainId: t.integer().notNull(),
    address: t.hex().notNull(),
    deployer: t.hex(),
    owner: t.hex(),
    minter: t.hex(),
    createdBlock: t.int8({ mode: 'bigint' }),
    /** RecoveryPolicyChanged (NFT code v2): null until the owner decided, which the contract reads as off. */
    recoveryAllowed: t.boolean(),
  }),
  (table) => ({
    pk: primaryKey({ columns: [table.chainId, table.address] }),
  }),
);

/**
 * One row per Recovered log (NFT code v2, #32): the brand moved a token without its holder. The public
 * audit log of a token ("recovered by the brand on …"): the chain's event is the record, this its index.
 */
export const recovery = onchainTable(
  'recovery',
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    collection: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    fromAddress: t.hex().notNull(),
    toAddress: t.hex().notNull(),
    reason: t.text().notNull(),
    blockNumber: t.int8({ mode: 'bigint' }).notNull(),
    blockTimestamp: t.int8({ mode: 'bigint' }).notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    tokenIndex: index().on(table.chainId, table.collection, table.tokenId),
  }),
);

/** One row per Redeemed log (NFT code v2, #32): a holder spent a token (burned or locked forever). */
export const redemption = onchainTable(
  'redemption',
  (t) => ({
    id: t.text().primaryKey(),
    chainId: t.integer().notNull(),
    collection: t.hex().notNull(),
    tokenId: t.bigint().notNull(),
    holder: t.hex().notNull(),
    burned: t.boolean().notNull(),
    blockNumber: t.int8({ mode: 'bigint' }).notNull(),
    blockTimestamp: t.int8({ mode: 'bigint' }).notNull(),
    txHash: t.hex().notNull(),
    logIndex: t.integer().notNull(),
  }),
  (table) => ({
    cursorIndex: index().on(table.chainId, table.blockNumber, table.logIndex),
    collectionIndex: index().on(table.chainId, table.collection, table.tokenId),
  }),
);
