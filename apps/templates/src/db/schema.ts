import { sql } from 'drizzle-orm';
import type { ClaimPhase, Redemption, Resale, TwoTap } from '@metatag/api-types';
import { outboxTable } from '@metatag/outbox/table';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgSchema,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/** The templates service's own PostgreSQL schema. */
export const templates = pgSchema('templates');

/**
 * Versions of the rows other services project (templates, collections, default collections; issue #14
 * item 2): one sequence across the three tables, so a catch-up pages through "changed since version X".
 */
export const readModelVersion = templates.sequence('read_model_version');
const version = () =>
  bigint('version', { mode: 'number' })
    .notNull()
    .default(sql`nextval('templates.read_model_version')`);

/** Collections attached to users after their deployment was checked on chain (deployer service). */
export const collections = templates.table(
  'collections',
  {
    id: serial('id').primaryKey(),
    chain: text('chain').notNull(),
    /** Lower-cased contract address. */
    address: text('address').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    ownerId: integer('owner_id').notNull(),
    txHash: text('tx_hash').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    version: version(),
  },
  (t) => [
    index('collections_version_idx').on(t.version),
    // one collection belongs to one user: the first checked attach wins
    unique('collections_chain_address_key').on(t.chain, t.address),
    index('collections_owner_idx').on(t.ownerId, t.chain),
    index('collections_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('collections_tx_hash_idx').on(t.txHash),
  ],
);

/** NFT templates (spec section 3 "NFT template"). Soft-deleted rows stay: minted tokens still point at them. */
export const nftTemplates = templates.table(
  'nft_templates',
  {
    id: serial('id').primaryKey(),
    chain: text('chain').notNull(),
    ownerId: integer('owner_id').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    /** `limit` is an SQL keyword. 0 = no limit set. */
    editionLimit: integer('edition_limit').notNull().default(0),
    /** Lower-cased collection address; '' = the default collection. */
    collection: text('collection').notNull().default(''),
    /** Storage key of the uploaded media (the bytes live in the gateway's MediaStorage). */
    mediaKey: text('media_key'),
    mediaSize: bigint('media_size', { mode: 'number' }),
    mimeType: text('mime_type').notNull().default(''),
    imageRefresh: integer('image_refresh').notNull().default(0),
    utilityUrl: text('utility_url').notNull().default(''),
    utilityUrlError: text('utility_url_error').notNull().default(''),
    mints: integer('mints').notNull().default(0),
    /**
     * A limited edition's father template (#30): the child limit its father was minted with
     * (`mintWithLimit`, told by the relayer's `mint.confirmed`); null for any other template.
     */
    childLimit: integer('child_limit'),
    /** Child tokens of the template's father the ledger has seen (`child.minted`); `mints` excludes them. */
    children: integer('children').notNull().default(0),
    chips: integer('chips').notNull().default(0),
    links: integer('links').notNull().default(0),
    multiMintChip: boolean('multi_mint_chip').notNull().default(false),
    multiMintLink: boolean('multi_mint_link').notNull().default(false),
    /** Who pays a free mint's gas: the visitor's wallet, or the owner's relayer balance (issue #29). */
    gasPaidBy: text('gas_paid_by', { enum: ['visitor', 'owner'] })
      .notNull()
      .default('visitor'),
    /** The public chip page shows a tap's decrypted file data (issue #26 item 6); the owner always sees it. */
    showFileData: boolean('show_file_data').notNull().default(false),
    /** A chip claims only with two taps this far apart (issue #32 item 4); null: one tap is enough. */
    twoTap: jsonb('two_tap').$type<TwoTap>(),
    /** Resale by the chip (issue #32 item 2); null: off. */
    resale: jsonb('resale').$type<Resale>(),
    /** Burn to redeem (issue #32 item 5): what a token is spent for and where the shop hears of it. */
    redemption: jsonb('redemption').$type<Redemption>(),
    /** Claim phases with their allowlists (issue #32 item 3); empty: claims as before. */
    claimPhases: jsonb('claim_phases').$type<ClaimPhase[]>().notNull().default([]),
    /** ETH; null = only gas is paid. */
    price: numeric('price', { precision: 48, scale: 18 }),
    payoutAddress: text('payout_address').notNull().default(''),
    woocomerceItemId: text('woocomerce_item_id').notNull().default(''),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    /** Set anew (nextval) by every change other services project: not by `chips`/`links` (chiplinks' own). */
    version: version(),
  },
  (t) => [
    index('nft_templates_version_idx').on(t.version),
    index('nft_templates_owner_idx').on(t.ownerId, t.chain, t.deleted),
    // search (issue #20): full text of title and description, and trigram word similarity for typos
    index('nft_templates_fts_idx').using(
      'gin',
      sql`to_tsvector('simple', ${t.title} || ' ' || ${t.description})`,
    ),
    index('nft_templates_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/**
 * Which template a token was minted from: the source of token metadata. Written when a mint is
 * requested (first writer wins) and overwritten by `mint.confirmed`, the chain's word.
 */
export const tokenTemplates = templates.table(
  'token_templates',
  {
    chain: text('chain').notNull(),
    collection: text('collection').notNull(),
    /** uint256 as a decimal string. */
    tokenId: text('token_id').notNull(),
    nftId: integer('nft_id').notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    /**
     * How the token came about (#30, the mints list): 'chip' or 'link' (a voucher a buyer's wallet
     * sent), 'manual' (the relayer), 'child' (MintChild of the template's father); null when unknown.
     */
    source: text('source'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chain, t.collection, t.tokenId] }),
    index('token_templates_nft_idx').on(t.nftId),
  ],
);

/** `mint.confirmed` events already counted: the consumer is idempotent under redelivery. */
export const processedMints = templates.table('processed_mints', {
  mintId: text('mint_id').primaryKey(),
  nftId: integer('nft_id').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Embed mint tickets already used (issue #28): `complete` inserts the ticket's id in the same
 * transaction that writes the template's description, so a ticket writes it once, ever (two concurrent
 * replays meet at the primary key). A row is useless once its ticket has expired; later spends prune
 * such rows with an hour's margin.
 */
export const mintTicketSpends = templates.table(
  'mint_ticket_spends',
  {
    ticketId: text('ticket_id').primaryKey(),
    nftId: integer('nft_id').notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mint_ticket_spends_expires_idx').on(t.expiresAt)],
);

/** A collection's colours and menu (spec section 3 "Collection template"), validated before storing. */
export const collectionTemplates = templates.table(
  'collection_templates',
  {
    chain: text('chain').notNull(),
    address: text('address').notNull(),
    template: jsonb('template').notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

/**
 * Each chain's default collection as registered (spec section 5: an empty collection means the
 * default): by the super admin, after the deployer checked the contract, or by the standalone start.
 * A `DEFAULT_COLLECTION_<CHAIN>` configuration wins over this row.
 */
export const defaultCollections = templates.table('default_collections', {
  chain: text('chain').primaryKey(),
  /** Lower-cased contract address. */
  address: text('address').notNull(),
  name: text('name').notNull().default(''),
  symbol: text('symbol').notNull().default(''),
  /** The super admin who registered it; null for the standalone start. */
  setBy: integer('set_by'),
  updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
  version: version(),
});

/**
 * The mint ledger's position in each stream of the chain index (`transfers`, `token_events`) per chain:
 * everything at or before (block, log index) has been turned into outbox events.
 */
export const ledgerCursors = templates.table(
  'ledger_cursors',
  {
    chainId: integer('chain_id').notNull(),
    stream: text('stream').notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    logIndex: integer('log_index').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.stream] })],
);

/**
 * Events written with the ledger cursor they advance or the read-model change they announce,
 * published afterwards (libs/outbox).
 */
export const outbox = outboxTable(templates);

/**
 * Children minted on chain (`child.minted`), kept whether or not their father's token is mapped to a
 * template yet: a child can reach the chain before templates has processed the relayer's confirmation
 * of its father, and is attached (counted on the father's template) when that mapping is written.
 */
export const ledgerChildren = templates.table(
  'ledger_children',
  {
    chain: text('chain').notNull(),
    collection: text('collection').notNull(),
    /** uint256 as a decimal string. */
    childTokenId: text('child_token_id').notNull(),
    parentTokenId: text('parent_token_id').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chain, t.collection, t.childTokenId] }),
    index('ledger_children_parent_idx').on(t.chain, t.collection, t.parentTokenId),
  ],
);

/**
 * Tokens minted on chain, as `token.minted` told (one row per Transfer log from the zero address,
 * keyed by chain, transaction and log index: a redelivered event adds nothing). A template's `mints`
 * is the number of these whose token maps to it in `token_templates`.
 */
export const ledgerMints = templates.table(
  'ledger_mints',
  {
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    collection: text('collection').notNull(),
    /** uint256 as a decimal string. */
    tokenId: text('token_id').notNull(),
    /** The recipient of the mint (lower-case); null for rows written before #30. */
    toAddress: text('to_address'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    /** The mint's block time (from the index); null for rows written before #30. */
    blockTime: timestamp('block_time', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chain, t.txHash, t.logIndex] }),
    index('ledger_mints_token_idx').on(t.chain, t.collection, t.tokenId),
  ],
);

/**
 * Places taken under a template's limit that the mint ledger has not counted yet (issue #31 item 3:
 * the limit is computed here, in one place, from the ledger plus the requested mints). One row per
 * holder: a chip's or link's voucher (`chiplink:<id>`, one hold per chip or link, replaced when it asks
 * again) or a relayer mint (`mint:<id>`). `until` is a voucher's deadline (a relayer mint holds its
 * place briefly until its `mint.requested` makes it firm: null). A row whose token the ledger counted
 * is dropped: the template's `mints` counts it from then on.
 */
export const templatePlaces = templates.table(
  'template_places',
  {
    nftId: integer('nft_id').notNull(),
    holder: text('holder').notNull(),
    chain: text('chain').notNull(),
    collection: text('collection'),
    /** uint256 as a decimal string; null until a relayer mint's token id is known. */
    tokenId: text('token_id'),
    until: timestamp('until', { withTimezone: true }),
    /**
     * Given back (a relayer mint failed, a gasless claim found no payer): the row stays as a tombstone
     * so a late `mint.requested` or `voucher.issued` of the same hold does not take the place again.
     */
    releasedAt: timestamp('released_at', { withTimezone: true }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.nftId, t.holder] })],
);
