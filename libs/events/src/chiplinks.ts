import { z } from 'zod';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';

/**
 * Request/reply patterns answered by the chiplinks service: chips and QR links per NFT template, the
 * scan path (check-tag), the public chip/link lookup, scans, mint data and lock.
 */
export const CHIPLINKS = {
  list: 'chiplinks.list',
  create: 'chiplinks.create',
  remove: 'chiplinks.remove',
  exportPage: 'chiplinks.export-page',
  publicTarget: 'chiplinks.public-target',
  checkTag: 'chiplinks.check-tag',
  lookup: 'chiplinks.lookup',
  tokenState: 'chiplinks.token-state',
  scans: 'chiplinks.scans',
  mintData: 'chiplinks.mint-data',
  toggleLock: 'chiplinks.toggle-lock',
} as const;

/** Events the chiplinks service announces (facts, past tense). Payloads carry absolute values: replays are harmless. */
export const CHIPLINKS_EVENTS = {
  /** The number of live chips and links of a template changed (templates keeps `chips`/`links`). */
  countsChanged: 'chiplinks.counts-changed',
} as const;

/**
 * Voucher signing, answered by the relayer (it holds the minter key). Defined here because chiplinks is
 * its only caller so far; the relayer handler lives in apps/relayer/src/vouchers.
 */
export const VOUCHERS = {
  sign: 'relayer.voucher.sign',
} as const;

export const chiplinkTypeSchema = z.enum(['chip', 'link']);
export type ChiplinkType = z.infer<typeof chiplinkTypeSchema>;

const address = z.string().regex(/^0x[0-9a-f]{40}$/, 'Invalid address');
const uint = z.string().regex(/^\d{1,78}$/);
const templateId = z.number().int().positive().max(2_147_483_647);
/** Public chiplink ids: letters and digits (generated ids are 14 base62 characters). */
export const chiplinkIdSchema = z.string().regex(/^[A-Za-z0-9]{6,32}$/);
const hex16 = z.string().regex(/^[0-9a-fA-F]{32}$/);

/** A chiplink as the admin tables show it (spec section 3 "Chip or QR link"). */
export const chiplinkItemSchema = z.object({
  id: z.string(),
  type: chiplinkTypeSchema,
  nftId: z.number().int(),
  uid: z.string(),
  scans: z.number().int(),
  mints: z.number().int(),
  created: z.string(),
  deleted: z.boolean(),
  tokenToMint: z.string(),
  locked: z.boolean(),
});
export type ChiplinkItem = z.infer<typeof chiplinkItemSchema>;

const scoped = z.object({ actor: actorSchema, type: chiplinkTypeSchema, nftId: templateId });

export const listChiplinksRequest = scoped.extend({ limit: z.number().int().min(1).max(1000).default(30) });
export const createChiplinksRequest = scoped.extend({
  /** Chips: the chip's 7-byte UID (hex). Links: ignored, a random uid is made. */
  uid: z.string().optional(),
  /** Chips: the public id programmed into the chip's URL, when it already has one. */
  id: chiplinkIdSchema.optional(),
  /** Chips: imported SDM keys instead of keys diversified from the master key. */
  keys: z.object({ metaReadKey: hex16, fileReadKey: hex16 }).optional(),
  /** Links: how many to create (1..10,000). */
  batch: z.number().int().min(1).max(10_000).optional(),
});
export const removeChiplinkRequest = scoped.extend({ id: z.string().min(1).max(64) });
/** Keyset pages of every row of a template (the CSV export streams them). */
export const exportPageRequest = scoped.extend({
  after: z.number().int().nonnegative().default(0),
  limit: z.number().int().min(1).max(5000).default(1000),
});
export const exportPageReply = z.object({
  items: z.array(chiplinkItemSchema),
  /** Pass as `after` for the next page; null after the last one. */
  next: z.number().int().nullable(),
});
export type ExportPageReply = z.infer<typeof exportPageReply>;

export const publicTargetRequest = z.object({ id: z.string().min(1).max(64) });
export const publicTargetReply = z.object({ id: z.string(), type: chiplinkTypeSchema });

export const checkTagRequest = z.object({
  tag: z.string().max(64),
  auth: z.string().max(64),
  /** The caller's IP, for the scan's geo record. */
  ip: z.string().max(64).default(''),
});

export const lookupRequest = z.object({
  id: z.string().min(1).max(64),
  type: chiplinkTypeSchema,
  ip: z.string().max(64).default(''),
});

export const scansRequest = z.object({ actor: actorSchema, id: z.string().min(1).max(64) });

export const mintDataRequest = z.object({
  /** A chiplink id, or a link's uid (the mint flow knows the uid). */
  idOrUid: z.string().min(1).max(64),
  to: address,
  auth: z.string().max(64).optional(),
  authtoken: z.string().max(2048).optional(),
  isTransfer: z.boolean().default(false),
  ip: z.string().max(64).default(''),
});

export const toggleLockRequest = z.object({
  id: z.string().min(1).max(64),
  newStatus: z.boolean(),
  address,
  signature: z.string().regex(/^0x[0-9a-fA-F]{130}$/),
  /** Milliseconds since the epoch, part of the signed message (replay protection). */
  timestamp: z.number().int().positive(),
});

export const countsChangedEvent = z.object({
  nftId: templateId,
  chips: z.number().int().nonnegative(),
  links: z.number().int().nonnegative(),
});
export type CountsChangedEvent = z.infer<typeof countsChangedEvent>;

/** What the relayer signs: a mint or a (chip-gated) transfer voucher for one collection. */
export const signVoucherRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('mint'),
    chain: z.string().min(1).max(32),
    collection: address,
    to: address,
    tokenId: uint,
    /** Wei. */
    price: uint,
    payoutAddress: address,
    disallowTransfers: z.boolean().default(false),
    /** Unix seconds. */
    deadline: uint,
  }),
  z.object({
    kind: z.literal('transfer'),
    chain: z.string().min(1).max(32),
    collection: address,
    to: address,
    tokenId: uint,
    deadline: uint,
  }),
]);
export type SignVoucherRequest = z.input<typeof signVoucherRequest>;

export const signVoucherReply = z.object({
  /** Call data for the visitor's wallet, sent to the collection. */
  data: z.string(),
  /** Wei to send with it. */
  value: uint,
});
export type SignVoucherReply = z.infer<typeof signVoucherReply>;

/** The tag check's answer over the transport (libs/api-types `CheckTagReply`). */
export const checkTagReplySchema = z.object({
  ok: z.boolean(),
  url: z.string().nullable(),
  jwt: z.string().nullable(),
  scanToken: z.string().nullable(),
  continuation: z.string().nullable(),
  chain: z.string().nullable(),
  nftId: z.number().int().nullable(),
  pendingTransactionData: z.string().nullable(),
  pendingTransactionValue: z.string().nullable(),
  transactionDataToRelayer: z.string().nullable(),
  relayer: z.string().nullable(),
  redirectUrl: z.string().nullable(),
});

/**
 * A chip visit beyond its tap (docs/decisions.md "Credentials of a tap"): continuing it with its
 * one-time continuation credential, and a utility site verifying the utility token it was given.
 */
export const CHIPLINK_VISITS = {
  /** `{tag, c}` → a fresh scan token and the next continuation credential of the same tap, or `{ok: false}`. */
  continueVisit: defineRequest(
    'chiplinks.visit.continue',
    z.object({ tag: z.string().max(64), c: z.string().max(128) }),
    checkTagReplySchema,
  ),
  verifyUtilityToken: defineRequest(
    'chiplinks.utility-token.verify',
    z.object({ token: z.string().max(2048) }),
    z.union([
      z.object({
        ok: z.literal(true),
        chain: z.string(),
        nftId: z.number().int(),
        chipId: z.string(),
        tokenId: z.string(),
        iat: z.number().int(),
        exp: z.number().int(),
      }),
      z.object({ ok: z.literal(false) }),
    ]),
  ),
} as const;
