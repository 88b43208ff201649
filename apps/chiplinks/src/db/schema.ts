import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgSchema,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    /** The last accepted SUN read counter; -1 before the first scan. Only a greater one is accepted. */
    lastCounter: integer('last_counter').notNull().default(-1),
    /** 0 = keys diversified from CHIP_MASTER_KEY by the UID; 1 = imported keys in `keysSealed`. */
    keySource: smallint('key_source').notNull().default(0),
    /** Imported SDM keys, AES-256-GCM under a key derived from CHIP_MASTER_KEY (never in clear). */
    keysSealed: text('keys_sealed'),
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
