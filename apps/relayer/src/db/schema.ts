import { sql } from 'drizzle-orm';
import type { ClaimPhaseTermsMessage } from '@metatag/events';
import { outboxTable } from '@metatag/outbox/table';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The relayer service's own PostgreSQL schema. */
export const relayer = pgSchema('relayer');

const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0, mode: 'bigint' });
const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * `mined`: a receipt exists but its block has fewer than the chain's CONFIRMATIONS_<CHAIN> blocks on
 * top; a reorg (block hash changed, or the chain went back) returns it to `sent`.
 */
export const TX_STATUSES = ['queued', 'sent', 'mined', 'confirmed', 'failed'] as const;
export type TxStatus = (typeof TX_STATUSES)[number];

/**
 * Every transaction the relayer sends, whatever produced it (mints now; pending-transaction relay and
 * shop orders later). A row is created `queued`; gets its nonce and signed bytes in the same database
 * transaction that advances `sender_nonces` (`sent`); `mined` once a receipt exists; ends `confirmed`
 * or `failed` from its receipt once its block is deep enough. A final row whose block left the chain
 * (a reorg, or a chain restored from an older state) is `sent` again and its bytes go out again.
 */
export const transactions = relayer.table(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The producer's key: a retried request finds this row instead of sending again. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** mint | relay | order | nonce-fill | ... */
    kind: text('kind').notNull(),
    chainId: integer('chain_id').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    data: text('data').notNull(),
    value: uint256('value').notNull(),
    status: text('status', { enum: TX_STATUSES }).notNull().default('queued'),
    nonce: bigint('nonce', { mode: 'number' }),
    /** Set by the producer to skip estimation; otherwise the estimate + 20 % at signing. */
    gasLimit: uint256('gas_limit'),
    maxFeePerGas: uint256('max_fee_per_gas'),
    maxPriorityFeePerGas: uint256('max_priority_fee_per_gas'),
    /** The signed bytes of the current version: what a restart re-broadcasts. */
    rawTx: text('raw_tx'),
    /** Hash of the current version; after confirmation, the hash that was mined. */
    txHash: text('tx_hash'),
    /** Hashes of replaced versions: any of them may be the one that gets mined. */
    previousHashes: text('previous_hashes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Signed versions (1 + replacements). */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** The hash of the receipt's block: a different hash at that height later means a reorg. */
    blockHash: text('block_hash'),
    gasUsed: uint256('gas_used'),
    /** From the receipt: what each unit of gas cost (gasUsed × this = the fee paid). */
    effectiveGasPrice: uint256('effective_gas_price'),
    /**
     * The account (user id) that pays this transaction's fee from its relayer ledger: its worst case
     * is reserved before the transaction is queued, the real fee settled from the receipt. Null for
     * the relayer's own transactions (nonce fills) and for service-to-service calls.
     */
    accountId: integer('account_id'),
    /** For a nonce-fill: the transaction whose nonce it fills. */
    fillsFor: uuid('fills_for'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** When the current version was signed (replacement timing starts here). */
    signedAt: at('signed_at'),
    /** Last time the node accepted the current version; null while it still has to be (re)broadcast. */
    broadcastAt: at('broadcast_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('transactions_open_idx')
      .on(t.chainId, t.status, t.nonce)
      .where(sql`${t.status} in ('queued', 'sent', 'mined')`),
    // What the tracker compares with the chain: a sender's rows from a nonce on, nonce-fills included.
    index('transactions_sender_nonce_idx').on(t.chainId, t.fromAddress, t.nonce),
    // Two transactions of ours never share a nonce; a nonce-fill deliberately takes the nonce of the
    // rejected transaction it replaces.
    uniqueIndex('transactions_sender_nonce_uq')
      .on(t.chainId, t.fromAddress, t.nonce)
      .where(sql`${t.kind} <> 'nonce-fill'`),
  ],
);

/**
 * The next nonce per chain and sender. Locked FOR UPDATE while a batch of transactions gets its nonces
 * and signed bytes, and advanced in that same database transaction: every nonce handed out belongs to
 * a stored, signed transaction (no gap), and no nonce is handed out twice (no double).
 */
export const senderNonces = relayer.table(
  'sender_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

export const MINT_STATUSES = ['queued', 'confirmed', 'failed'] as const;

/**
 * Mint records (per template `nft_id`, and per chip/link when minted through one). `queued` until the
 * token's Transfer is seen; the API shows `sent` while its transaction is out. A relayer mint links to
 * its transaction by `tx_key`; a mint a visitor's wallet sends has none and is confirmed all the same.
 */
export const mints = relayer.table(
  'mints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nftId: text('nft_id').notNull(),
    chiplinkId: text('chiplink_id'),
    chain: text('chain').notNull(),
    chainId: integer('chain_id').notNull(),
    collection: text('collection').notNull(),
    tokenId: uint256('token_id').notNull(),
    toAddress: text('to_address').notNull(),
    /**
     * A limited edition's father (issue #18): minted with `mintWithLimit(to, tokenId, childLimit)`, so
     * its owner may mint up to this many children. Null for a plain `mint(to, tokenId)`.
     */
    childLimit: bigint('child_limit', { mode: 'bigint' }),
    /**
     * A phased template's gasless claim (issue #32 item 3): the phase's terms and the recipient's
     * allowlist proof; minted with `mintSignedPhased` (a voucher the relayer signs itself) so the
     * collection counts it under the phase's cap. Null for every other mint.
     */
    phase: jsonb('phase').$type<ClaimPhaseTermsMessage>(),
    status: text('status', { enum: MINT_STATUSES }).notNull().default('queued'),
    /** Idempotency key of the transaction that mints it (null when a wallet mints it). */
    txKey: text('tx_key'),
    /** Caller-scoped Idempotency-Key of the request that created it. */
    requestKey: text('request_key').unique(),
    /** Who pays its transaction (the user who asked for it); null for service-to-service mints. */
    accountId: integer('account_id'),
    txHash: text('tx_hash'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** index (the mint ledger's `token.minted`) | chain (the receipt): where the Transfer was read. */
    confirmedBy: text('confirmed_by'),
    error: text('error'),
    created: at('created').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
  },
  (t) => [
    uniqueIndex('mints_token_uq').on(t.chainId, t.collection, t.tokenId),
    index('mints_nft_idx').on(t.nftId, t.chainId, t.created),
    index('mints_chiplink_idx').on(t.chiplinkId, t.created),
    // places under a template's limit: its mints that have not failed
    index('mints_nft_status_idx').on(t.nftId, t.status),
    index('mints_tx_key_idx').on(t.txKey),
    index('mints_open_idx')
      .on(t.chainId, t.created)
      .where(sql`${t.status} = 'queued'`),
  ],
);

/**
 * Token ids per (chain, collection), handed out 1, 2, 3... A token minted outside MetaTag with an id
 * from this range makes our mint of that id revert: the mint fails and the next request gets the next id.
 */
export const tokenCounters = relayer.table(
  'token_counters',
  {
    chainId: integer('chain_id').notNull(),
    collection: text('collection').notNull(),
    nextTokenId: uint256('next_token_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.collection] })],
);

/** Events written with the state change they announce, published afterwards (libs/outbox). */
export const outbox = outboxTable(relayer);

export const LEDGER_KINDS = ['credit', 'reservation', 'settlement', 'release'] as const;

/**
 * One row per (account, chain) that has a ledger: locked FOR UPDATE while an entry is appended, so
 * entries of an account are written one at a time and each `balance` is the previous one plus its
 * amount. It holds no amount itself: the balance is the entries' sum.
 */
export const ledgerAccounts = relayer.table(
  'ledger_accounts',
  {
    accountId: integer('account_id').notNull(),
    chainId: integer('chain_id').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.chainId] })],
);

/**
 * What each user may spend on relayer-paid transactions, per chain, in the chain's wei: credits by
 * the super admin, reservations of worst-case fees before a transaction is queued, and, when it
 * ends, the release of its reservation and the settlement of the real fee from its receipt. Entries
 * are only ever appended; `balance` is the running sum of the account's entries.
 */
export const ledgerEntries = relayer.table(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    accountId: integer('account_id').notNull(),
    chainId: integer('chain_id').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** Signed wei: credits and releases add, reservations and settlements subtract. */
    amount: numeric('amount', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    /** The account's balance after this entry (the sum of its entries up to here). */
    balance: numeric('balance', { precision: 78, scale: 0, mode: 'bigint' }).notNull(),
    /** The transaction's idempotency key (e.g. `mint-<id>`); null for a credit. */
    reference: text('reference'),
    txHash: text('tx_hash'),
    gasUsed: uint256('gas_used'),
    effectiveGasPrice: uint256('effective_gas_price'),
    note: text('note'),
    /** The super admin who made a credit. */
    actorId: integer('actor_id'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.chainId, t.id),
    index('ledger_entries_reference_idx').on(t.reference),
    // a transaction's fee is settled once
    uniqueIndex('ledger_entries_settlement_uq')
      .on(t.reference)
      .where(sql`${t.kind} = 'settlement'`),
  ],
);
