import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { outboxTable } from '@metatag/outbox/table';

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
    /**
     * Links: the wallet (lower-cased) the claim is bound to, set by the first mint voucher; a link is
     * a bearer secret, so once claimed no other wallet may use it (issue #28). Null: not claimed yet.
     */
    claimedBy: text('claimed_by'),
    /** Chips: the batch the chip was personalised in (issue #26); chips before batches are in their template's default batch. */
    batchId: text('batch_id'),
    /** The batch key version of `keysSealed`: a chip re-personalised after a rotation moves to the next one. */
    keyVersion: integer('key_version').notNull().default(1),
    /** The keys of the batch's newer key version, sealed, until the chip's first tap with them moves it there. */
    keysNextSealed: text('keys_next_sealed'),
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
    // search (issue #20): the chip or link page of a token id
    index('chiplinks_token_to_mint_idx').on(t.tokenToMint),
    index('chiplinks_batch_idx').on(t.batchId, t.seq),
  ],
);

/** How a batch's chips got their keys (issue #26): `default` is a template's chips from before batches. */
export const BATCH_SCHEMES = ['default', 'an10922', 'sdm-backend', 'imported'] as const;
/** The SUN mode a batch pins: a tap in another one is refused (`any`: the default batch's chips). */
export const BATCH_MODES = ['aes', 'lrp', 'plain', 'any'] as const;

/**
 * Chip batches (issue #26): the unit a brand personalises. Its template, its key scheme and sealed key
 * material (chip_batch_keys), its URL form (one NDEF URL template for every chip, or per-chip URLs
 * when `urlTemplate` is null), its mode pin, TagTamper, key version and counter-jump threshold.
 */
export const chipBatches = chiplinksSchema.table(
  'chip_batches',
  {
    id: text('id').primaryKey(),
    nftId: integer('nft_id').notNull(),
    name: text('name').notNull(),
    scheme: text('scheme', { enum: BATCH_SCHEMES }).notNull(),
    mode: text('mode', { enum: BATCH_MODES }).notNull().default('any'),
    /** `@metatag/chips` BatchUrlForm.template, or null (per-chip URLs `/tag/{id}?…`). */
    urlTemplate: text('url_template'),
    macInputFrom: text('mac_input_from', { enum: ['MAC', 'ENC', 'PICC', 'UID', 'URL'] })
      .notNull()
      .default('MAC'),
    encLength: integer('enc_length'),
    tagTamper: boolean('tag_tamper').notNull().default(false),
    keyVersion: integer('key_version').notNull().default(1),
    /** A forward counter jump above this is accepted but flagged (null: never flagged). */
    counterJump: integer('counter_jump'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chip_batches_nft_idx').on(t.nftId)],
);

/**
 * A batch's key material per version, sealed (AES-256-GCM under CHIP_MASTER_KEY's sealing key, the
 * batch id and version bound as associated data): the master of derived schemes, the common meta-read
 * key of imported ones. Never in clear.
 */
export const chipBatchKeys = chiplinksSchema.table(
  'chip_batch_keys',
  {
    batchId: text('batch_id').notNull(),
    version: integer('version').notNull(),
    masterSealed: text('master_sealed'),
    metaSealed: text('meta_sealed').notNull(),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.batchId, t.version] })],
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
  (t) => [
    index('public_names_chiplink_idx').on(t.chiplinkId),
    // search (issue #20): prefix (LIKE) and trigram similarity of ids and link uids
    index('public_names_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
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
    /** Where the place is (degrees, from the same lookup): the analytics map's markers (#20). */
    lat: real('lat'),
    lon: real('lon'),
    /** The chip's decrypted SDMENCFileData (hex), when its URL carries encrypted file data. */
    fileData: text('file_data'),
    /** The TagTamper status letters the tap mirrored (permanent, current), when its batch has TagTamper. */
    tamper: text('tamper'),
    /** The GS1 Digital Link serial (AI 21) of a batch URL's path, when its template carries {SERIAL} (#26 item 2). */
    serial: text('serial'),
    /** The read counter jumped forward more than the batch's threshold (accepted, flagged). */
    counterJump: boolean('counter_jump').notNull().default(false),
  },
  (t) => [index('scans_chiplink_idx').on(t.chiplinkId, t.at)],
);

/**
 * Refused taps of known chips (#20): counted for the owner's analytics by reason, never told to the
 * visitor (check-tag answers one 'Not Authentic' for all). `reason`: invalid | replayed.
 */
export const refusedTaps = chiplinksSchema.table(
  'refused_taps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chiplinkId: text('chiplink_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    reason: text('reason', { enum: ['invalid', 'replayed'] }).notNull(),
  },
  (t) => [index('refused_taps_chiplink_idx').on(t.chiplinkId, t.at)],
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
 * NFC-NFT records (spec section 3): a pending chain transaction an admin attaches to one of their
 * chips; it completes after a verified scan. Empty fields are '' (the admin fills them one at a time).
 */
export const nfcNfts = chiplinksSchema.table(
  'nfc_nfts',
  {
    id: serial('id').primaryKey(),
    /** The account that made it: only it sees and changes the record. */
    ownerId: integer('owner_id').notNull(),
    /** A chip's public id (chiplinks.id) of one of the owner's templates, or ''. */
    nfcId: text('nfc_id').notNull().default(''),
    chain: text('chain').notNull().default(''),
    smartContract: text('smart_contract').notNull().default(''),
    relayer: text('relayer').notNull().default(''),
    /** uint256 decimal: the token the tag stands for on `smartContract`. */
    nftId: text('nft_id').notNull().default(''),
    url: text('url').notNull().default(''),
    pendingTransactionData: text('pending_transaction_data').notNull().default(''),
    pendingTransactionValue: text('pending_transaction_value').notNull().default(''),
    redirectUrl: text('redirect_url').notNull().default(''),
    /**
     * Bumped each time a pending transaction is set: the relayer's one-time scanId is derived from
     * (id, pendingSeq), so one pending transaction can run at most once on chain.
     */
    pendingSeq: integer('pending_seq').notNull().default(0),
    /** When a relay of the current pending transaction was claimed (the DB guard: one claim per seq). */
    pendingClaimedAt: timestamp('pending_claimed_at', { withTimezone: true }),
    /** The transaction that carries the current pending transaction, once one is known. */
    pendingTxHash: text('pending_tx_hash'),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nfc_nfts_owner_idx').on(t.ownerId, t.id),
    // one record per chip: the scan path finds the pending transaction by the chip
    uniqueIndex('nfc_nfts_nfc_id_uq')
      .on(t.nfcId)
      .where(sql`${t.nfcId} <> ''`),
  ],
);

/** What happened to a record's pending transactions: created, authorized, sent, confirmed, failed. */
export const nfcNftHistory = chiplinksSchema.table(
  'nfc_nft_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordId: integer('record_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', {
      enum: ['created', 'pending-set', 'pending-cleared', 'authorized', 'sent', 'confirmed', 'failed'],
    }).notNull(),
    /** The pending transaction (pendingSeq) the entry is about. */
    seq: integer('seq').notNull().default(0),
    detail: text('detail').notNull().default(''),
    txHash: text('tx_hash'),
  },
  (t) => [index('nfc_nft_history_record_idx').on(t.recordId, t.id)],
);

/**
 * Shop (WooCommerce) order lines already turned into claim links: the primary key makes a webhook
 * idempotent per order line, so a redelivered or updated order never creates links twice.
 */
export const shopOrderLines = chiplinksSchema.table(
  'shop_order_lines',
  {
    ownerId: integer('owner_id').notNull(),
    orderId: text('order_id').notNull(),
    lineId: text('line_id').notNull(),
    nftId: integer('nft_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** The public ids of the claim links made for this line: one per unit made (units over the template's open places or the quota are not, #28). */
    linkIds: text('link_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** When the buyer's email with these links was accepted by the mail server; null: not (yet). */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /**
     * The order's billing email, keyed hash (as an email claim's): an email claim of one of these links
     * goes only to it (issue #28 item 2, decision 107). Null: the order had none, or came before.
     */
    emailHash: text('email_hash'),
    /**
     * The buyer's email as an outbox (decision 112): `email_due_at` is when the gateway's shop mailer is
     * next to send it (null: sent, nothing to send, or given up); a claim moves it a lease ahead, so a
     * mailer that dies mid-send leaves it due again. `email_to` is the order's billing email, kept only
     * while the email is due; `delivery_id` is the delivery log entry the email's fate is written to.
     */
    emailDueAt: timestamp('email_due_at', { withTimezone: true }),
    emailAttempts: integer('email_attempts').notNull().default(0),
    emailTo: text('email_to'),
    deliveryId: bigint('delivery_id', { mode: 'number' }),
    created: timestamp('created', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.orderId, t.lineId] }),
    // the order line a claim link belongs to (an email claim of it asks)
    index('shop_order_lines_link_ids_idx').using('gin', t.linkIds),
    index('shop_order_lines_email_due_idx')
      .on(t.emailDueAt)
      .where(sql`${t.emailDueAt} IS NOT NULL`),
  ],
);

/** What happened to each webhook delivery, for the owner to read (newest first). */
export const shopDeliveries = chiplinksSchema.table(
  'shop_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    orderId: text('order_id').notNull().default(''),
    outcome: text('outcome').notNull(),
    matched: integer('matched').notNull().default(0),
    linksCreated: integer('links_created').notNull().default(0),
    detail: text('detail').notNull().default(''),
  },
  (t) => [index('shop_deliveries_owner_idx').on(t.ownerId, t.id)],
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

/**
 * Limited-edition facts of tokens chips show (issue #18 item 6), fed by the mint ledger's
 * `child.minted` and `token.connected-to-tag` (once per log, `ledger_events_seen`) and by an attach
 * (which reads the parent from the chain): the chip page's child → father link and connection.
 */
export const limitedTokens = chiplinksSchema.table(
  'limited_tokens',
  {
    chain: text('chain').notNull(),
    /** Lower-cased contract address. */
    collection: text('collection').notNull(),
    /** uint256 as a decimal string. */
    tokenId: text('token_id').notNull(),
    /** The father (MintChild's parent), when the token is a child. */
    parentTokenId: text('parent_token_id'),
    /** Children counted from the ledger's `child.minted` (a parent's row). */
    children: integer('children').notNull().default(0),
    /** The latest ConnectedToTag's status. */
    connected: boolean('connected').notNull().default(false),
    /** Where that ConnectedToTag is in the chain (block, log index): an older one never overwrites it. */
    connectedBlock: bigint('connected_block', { mode: 'number' }),
    connectedLogIndex: integer('connected_log_index'),
    /** The chip a caller attached this token to (`POST /json/{chain}/attach`). */
    chiplinkId: text('chiplink_id'),
  },
  (t) => [primaryKey({ columns: [t.chain, t.collection, t.tokenId] })],
);

/**
 * Chiplinks' projection of the templates service's templates (issue #14 item 2): each template's whole
 * state as `templates.nft.changed` last told it, with its version; an older version never replaces a
 * newer one. The scan path and get-mint-data read templates from here, not from the templates service.
 */
export const templateViews = chiplinksSchema.table('template_views', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  /** The template as the templates service answers it (`NftTemplate` of @metatag/api-types). */
  item: jsonb('item').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Projection of templates' collections: which user each attached collection belongs to. */
export const collectionViews = chiplinksSchema.table(
  'collection_views',
  {
    chain: text('chain').notNull(),
    /** Lower-cased contract address. */
    address: text('address').notNull(),
    ownerId: integer('owner_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.address] })],
);

/** Projection of each chain's effective default collection ('' = none). */
export const defaultCollectionViews = chiplinksSchema.table('default_collection_views', {
  chain: text('chain').primaryKey(),
  address: text('address').notNull(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** How far each projection's catch-up got: every change up to `version` has been applied. */
export const projectionCursors = chiplinksSchema.table('projection_cursors', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each account made, for its quotas (issue #28): one row per create request with its units
 * (a batch of 31 links is one row of 31). Written in the transaction that inserts the objects, under
 * the account's advisory lock, so concurrent requests cannot overshoot. Rows are never deleted:
 * deleting an object does not give its unit back. `kind`: links | chips | batches | webhook-units.
 */
export const quotaUnits = chiplinksSchema.table(
  'quota_units',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id').notNull(),
    kind: text('kind', { enum: ['links', 'chips', 'batches', 'webhook-units'] }).notNull(),
    units: integer('units').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('quota_units_owner_idx').on(t.ownerId, t.kind, t.at)],
);

/**
 * Email claims (issue #29 item 3): a visitor who tapped a chip (or holds a claim link) gives an email
 * address; the one-time link sent there claims the chip's or link's token within `expiresAt`. Only the
 * SHA-256 of the link's secret is kept, and the address only masked (a***@example.com) for the owner's
 * list plus its keyed hash (HMAC: no address is kept in clear). While a claim is pending and unused, nobody
 * else can claim that chip or link; an expired one releases it. `usedAt`: the link was redeemed.
 */
export const emailClaims = chiplinksSchema.table(
  'email_claims',
  {
    id: text('id').primaryKey(),
    chiplinkId: text('chiplink_id').notNull(),
    nftId: integer('nft_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    emailMasked: text('email_masked').notNull(),
    emailHash: text('email_hash').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('email_claims_chiplink_idx').on(t.chiplinkId, t.expiresAt),
    index('email_claims_nft_idx').on(t.nftId, t.expiresAt),
  ],
);

/**
 * Resale claims (issue #32 item 2): the holder of a fresh verified tap asked for the chip's token, held
 * by `owner`, to move to `claimant` once `due_at` has passed. At most one `pending` claim per token
 * (the partial unique index); `status` ends as completed, cancelled (a newer tap by the owner's
 * wallet) or failed (`reason`: locked, the token moved, …). `open_counter` is the chip counter of the
 * opening tap: the completing tap must be a later one.
 */
export const resaleClaims = chiplinksSchema.table(
  'resale_claims',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chiplinkId: text('chiplink_id').notNull(),
    nftId: integer('nft_id').notNull(),
    chain: text('chain').notNull(),
    collection: text('collection').notNull(),
    tokenId: text('token_id').notNull(),
    owner: text('owner').notNull(),
    claimant: text('claimant').notNull(),
    openCounter: integer('open_counter').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['pending', 'completed', 'cancelled', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The relayer transaction of a gasless completion; '' when the claimant's wallet sends it. */
    relayerTx: text('relayer_tx').notNull().default(''),
  },
  (t) => [
    uniqueIndex('resale_claims_pending_token_idx')
      .on(t.chain, t.collection, t.tokenId)
      .where(sql`${t.status} = 'pending'`),
    index('resale_claims_chiplink_idx').on(t.chiplinkId, t.openedAt),
  ],
);

/**
 * Burn to redeem (issue #32 item 5): one row per redeemed token, written by whichever comes first: the
 * holder's page reporting its mined `redeem` transaction (the `Redeemed` log read from the receipt) or
 * the follower of `chain.redemptions` (RedemptionFollower). The chain refuses a second redemption of a
 * token, and so does the unique index here. `emailed_at`/`webhook_at`: when the shop was told (null: not
 * configured, or not delivered yet). `notify_due_at`: when the shop is next to be told (null: told on
 * every channel, nothing to tell, or given up); a claim moves it a lease ahead, so a notifier that dies
 * mid-delivery leaves the row due again (decision 105).
 */
export const redemptions = chiplinksSchema.table(
  'redemptions',
  {
    id: serial('id').primaryKey(),
    chain: text('chain').notNull(),
    /** Lower-cased contract address. */
    collection: text('collection').notNull(),
    tokenId: text('token_id').notNull(),
    nftId: integer('nft_id').notNull(),
    chiplinkId: text('chiplink_id').notNull(),
    holder: text('holder').notNull(),
    burned: boolean('burned').notNull(),
    kind: text('kind', { enum: ['good', 'discount', 'token'] }).notNull(),
    description: text('description').notNull(),
    txHash: text('tx_hash').notNull(),
    /** The block's time. */
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    webhookAt: timestamp('webhook_at', { withTimezone: true }),
    notifyDueAt: timestamp('notify_due_at', { withTimezone: true }),
    /** Claims so far (the report's and the notifier's): the retry delay grows with it, and it is bounded. */
    notifyAttempts: integer('notify_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('redemptions_token_uq').on(t.chain, t.collection, t.tokenId),
    index('redemptions_nft_idx').on(t.nftId, t.redeemedAt),
    index('redemptions_due_idx')
      .on(t.notifyDueAt)
      .where(sql`${t.notifyDueAt} IS NOT NULL`),
  ],
);

/**
 * How far RedemptionFollower has read `chain.redemptions`, per chain: every log at or before
 * (block_number, log_index) has been recorded in `redemptions`.
 */
export const redemptionCursors = chiplinksSchema.table('redemption_cursors', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
  logIndex: integer('log_index').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Passkey accounts (issue #29): a WebAuthn credential's P-256 public key and the smart account it owns.
 * Public by design (the key and the account are on chain after the first use); kept so a returning
 * visitor's assertion (its credential id) finds the account on any device.
 */
export const passkeyCredentials = chiplinksSchema.table('passkey_credentials', {
  credentialId: text('credential_id').primaryKey(),
  publicKey: text('public_key').notNull(),
  account: text('account').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

/** User operations our paymaster signed: the per-account, per-day bounds count them. */
export const sponsoredOperations = chiplinksSchema.table(
  'sponsored_operations',
  {
    // userop:{chainId}:{sender}:{nonce}: the ledger's reference of the operation (its nonce is used once)
    reference: text('reference').primaryKey(),
    sender: text('sender').notNull(),
    chiplinkId: text('chiplink_id').notNull(),
    ownerId: integer('owner_id').notNull(),
    gas: bigint('gas', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sponsored_operations_sender_idx').on(t.sender, t.createdAt)],
);

/**
 * Recovery wallets (decision 111): the wallet a sponsored `addOwnerWithThreshold` adds to a passkey
 * account, recorded when our paymaster signs it. 'Recover with my wallet' lists a wallet's accounts from
 * here, each checked on chain (`isOwner`) before it is shown: a row is a hint, the Safe is the truth.
 * The reference (its user operation's) bounds the sponsorship: one add per account while another
 * signed add could still land.
 */
export const recoveryOwners = chiplinksSchema.table(
  'recovery_owners',
  {
    chainId: integer('chain_id').notNull(),
    account: text('account').notNull(),
    owner: text('owner').notNull(),
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.account, t.owner] }),
    index('recovery_owners_owner_idx').on(t.chainId, t.owner),
  ],
);

/**
 * Events written with the change they announce (a voucher handed out, a template's chip and link
 * counts), published afterwards (libs/outbox).
 */
export const outbox = outboxTable(chiplinksSchema);
