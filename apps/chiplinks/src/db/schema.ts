import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * `@metatag/chips` KEY_SCHEMES, spelled out: drizzle-kit loads this file without the workspace's
 * source condition (chip-keyring.ts checks that both lists agree).
 */
export const CHIP_KEY_SCHEMES = [
  'an10922',
  'legacy',
  'imported',
  'sdm-backend',
  'sdm-backend-legacy',
] as const;

/** The chiplinks service's own PostgreSQL schema. */
export const chiplinksSchema = pgSchema('chiplinks');

/**
 * Chips and QR links (spec section 3 "Chip or QR link"), one row per physical chip or printed code.
 * Soft-deleted rows stay: their scans and minted tokens still point at them.
 */
export const chiplinks = chiplinksSchema.table(
  'chiplinks',
  {
    /** The short unguessable public id of `/tag/{id}` and `/link/{id}`. */
    id: text('id').primaryKey(),
    /** Insertion order: the tables and the CSV export page by it (keyset), never by offset. */
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    type: text('type', { enum: ['chip', 'link'] }).notNull(),
    nftId: integer('nft_id').notNull(),
    /** Chips: the 7-byte UID (upper-case hex) recorded at provisioning. Links: a random uid. */
    uid: text('uid').notNull(),
    scans: integer('scans').notNull().default(0),
    mints: integer('mints').notNull().default(0),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
    deleted: boolean('deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** uint256 as a decimal string: the token this chip/link mints next (and whose owner the page shows). */
    tokenToMint: text('token_to_mint').notNull(),
    /** Set once the chain shows an owner of `tokenToMint` (counted in `mints`); a multi-mint then moves on. */
    tokenMinted: boolean('token_minted').notNull().default(false),
    /** Until when a mint voucher of `tokenToMint` is out: it holds a place under the template's limit. */
    voucherUntil: timestamp('voucher_until', { withTimezone: true }),
    locked: boolean('locked').notNull().default(false),
    /**
     * How the chip's SDM keys come about (`@metatag/chips` KEY_SCHEMES): `an10922` and `legacy` derive
     * them from CHIP_MASTER_KEY and the UID; `imported`, `sdm-backend` and `sdm-backend-legacy` keep
     * them in `keysSealed`. Chips provisioned before AN10922 was followed exactly are `legacy`.
     */
    keyScheme: text('key_scheme', { enum: CHIP_KEY_SCHEMES }).notNull().default('an10922'),
    /** Per-chip SDM keys, AES-256-GCM under a key derived from CHIP_MASTER_KEY (never in clear). */
    keysSealed: text('keys_sealed'),
    /** Bumped when a restored chip gets new keys: the scan path's key cache checks it in its counter UPDATE. */
    keyRev: integer('key_rev').notNull().default(0),
    /** Timestamp (ms) of the last accepted lock signature: an older or repeated one is refused. */
    lockSignedAt: bigint('lock_signed_at', { mode: 'number' }),
  },
  (t) => [
    index('chiplinks_nft_idx').on(t.nftId, t.type, t.deleted, t.seq),
    // one live chip per UID: a UID names one physical chip
    uniqueIndex('chiplinks_chip_uid_uq')
      .on(t.uid)
      .where(sql`${t.type} = 'chip' AND NOT ${t.deleted}`),
    // the mint flow looks links up by uid
    index('chiplinks_link_uid_idx')
      .on(t.uid)
      .where(sql`${t.type} = 'link'`),
  ],
);

/**
 * One owner per public name: every chiplink id and every link uid is a name here, upper-cased (the
 * mint flow's `get-mint-data/{id or uid}` finds a link by its uid in any case). A name is never
 * released, not even when its chiplink is deleted: a printed code must not come to mean another
 * owner's chip. So no chip id can shadow a link uid, nor a link uid a chip id.
 */
export const publicNames = chiplinksSchema.table(
  'public_names',
  {
    name: text('name').primaryKey(),
    chiplinkId: text('chiplink_id').notNull(),
    /** id: the chiplink's public id; uid: a link's uid. */
    kind: text('kind', { enum: ['id', 'uid'] }).notNull(),
  },
  (t) => [index('public_names_chiplink_idx').on(t.chiplinkId)],
);

/**
 * The last accepted SUN read counter of each chip UID: it belongs to the physical chip, not to a row,
 * so deleting and re-adding a chip or moving it to another template never lowers it. -1 before the
 * first scan; only a greater counter is accepted (one atomic UPDATE on the scan path).
 */
export const chipCounters = chiplinksSchema.table('chip_counters', {
  uid: text('uid').primaryKey(),
  lastCounter: integer('last_counter').notNull().default(-1),
});

/** Every accepted scan: when, and roughly where (offline GeoLite2 lookup of the caller's IP). */
export const scans = chiplinksSchema.table(
  'scans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chiplinkId: text('chiplink_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    city: text('city'),
    /** Accuracy radius, km. */
    radius: integer('radius'),
    country: text('country'),
    /** The chip's decrypted SDMENCFileData (hex), when its URL carries encrypted file data. */
    fileData: text('file_data'),
  },
  (t) => [index('scans_chiplink_idx').on(t.chiplinkId, t.at)],
);

/**
 * Continuation credentials already redeemed (`/tag/{id}?c=…`): each is good once. Rows are kept until
 * the credential would have expired anyway, then deleted.
 */
export const continuationsUsed = chiplinksSchema.table(
  'continuations_used',
  {
    /** The credential's random nonce (hex). */
    nonce: text('nonce').primaryKey(),
    chiplinkId: text('chiplink_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('continuations_used_expiry_idx').on(t.expiresAt)],
);

/**
 * Which chip or link each token a voucher was issued for belongs to, written before the voucher is
 * handed out: the mint ledger's `token.minted` is counted on that chiplink (docs/decisions.md "One mint
 * ledger"). A chip moved to another template hands its rows to the tombstone that keeps its old mints.
 */
export const issuedTokens = chiplinksSchema.table(
  'issued_tokens',
  {
    chain: text('chain').notNull(),
    /** Lower-cased contract address. */
    collection: text('collection').notNull(),
    /** uint256 as a decimal string. */
    tokenId: text('token_id').notNull(),
    chiplinkId: text('chiplink_id').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.chain, t.collection, t.tokenId] }),
    index('issued_tokens_chiplink_idx').on(t.chiplinkId),
  ],
);

/** Ledger events already applied (chain, transaction, log index): a redelivered event counts nothing. */
export const ledgerEventsSeen = chiplinksSchema.table(
  'ledger_events_seen',
  {
    chain: text('chain').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.txHash, t.logIndex] })],
);
