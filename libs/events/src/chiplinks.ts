import { z } from 'zod';
import {
  ADDRESS_PATTERN,
  checkTagReplySchema,
  chiplinkItemReply,
  chiplinkListReply,
  lookupReplySchema,
  gaslessClaimReplySchema,
  mintDataReplySchema,
  resaleActionBody,
  resaleReplySchema,
  resaleStatusSchema,
  scanItemReply,
  scansReply as scansRouteReply,
  tokenStateReplySchema,
  uint256Schema,
} from '@metatag/api-types';
import { claimPhaseTermsSchema, okReply } from './common.js';
import { defineEvent, defineRequest } from './define.js';
import { actorSchema, recordTokenRequest } from './templates.js';

export const chiplinkTypeSchema = z.enum(['chip', 'link']);
export type ChiplinkType = z.infer<typeof chiplinkTypeSchema>;

const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
const templateId = z.number().int().positive().max(2_147_483_647);
/** Public chiplink ids: letters and digits (generated ids are 14 base62 characters). */
export const chiplinkIdSchema = z.string().regex(/^[A-Za-z0-9]{6,32}$/);
const hex16 = z.string().regex(/^[0-9a-fA-F]{32}$/);

/** A chip or link as the admin lists it (libs/api-types: the route's own schema). */
export const chiplinkItemSchema = chiplinkItemReply;
export type ChiplinkItem = z.infer<typeof chiplinkItemSchema>;

const scoped = z.object({ actor: actorSchema, type: chiplinkTypeSchema, nftId: templateId });

export const listChiplinksRequest = scoped.extend({ limit: z.number().int().min(1).max(1000).default(30) });
export const createChiplinksRequest = scoped.extend({
  /** Chips: the chip's 7-byte UID (hex). Links: ignored, a random uid is made. */
  uid: z.string().optional(),
  /** Chips: the public id programmed into the chip's URL, when it already has one. */
  id: chiplinkIdSchema.optional(),
  /** Chips: how the keys come about (default: imported with keys, else an10922). */
  scheme: z.enum(['an10922', 'legacy', 'imported', 'sdm-backend', 'sdm-backend-legacy']).optional(),
  /** Chips: imported SDM keys instead of keys diversified from the master key. */
  keys: z.object({ metaReadKey: hex16, fileReadKey: hex16 }).optional(),
  /** Chips, sdm-backend schemes: the fleet's master key (used once, never stored). */
  masterKey: z
    .string()
    .regex(/^([0-9a-fA-F]{32}|[0-9a-fA-F]{64})$/)
    .optional(),
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
  /** The tap's query string, in any layout of `@metatag/chips` parseSunQuery (auth, e, picc_data, uid). */
  query: z.string().max(1024),
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
  auth: z.string().max(256).optional(),
  authtoken: z.string().max(2048).optional(),
  isTransfer: z.boolean().default(false),
  ip: z.string().max(64).default(''),
});

/**
 * Resale by the chip (issue #32 item 2): the gateway's body as is (`action`), with the chip's public
 * id, the scan token from its header and the client's IP (a fresh tap's scan record).
 */
export const resaleActionRequest = z.object({
  id: z.string().min(1).max(64),
  action: resaleActionBody,
  authtoken: z.string().max(2048).optional(),
  ip: z.string().max(64).default(''),
});

/** A gasless claim (issue #29): the same proof as mint data, never a transfer. */
export const gaslessClaimRequest = mintDataRequest.omit({ isTransfer: true });

/**
 * Email claims (issue #29 item 3). `start`: a tap's proof (or a link) and an address; the reply holds
 * the one-time link's token once (only its hash is kept), which the gateway mails. `peek` reads what
 * a link claims without spending it; `redeem` spends it into `to`.
 */
export const emailClaimStartRequest = mintDataRequest.omit({ isTransfer: true, to: true }).extend({
  email: z.string().email().max(254),
});
export const emailClaimStartReply = z.union([
  z.object({ ok: z.literal(true), token: z.string(), expiresAt: z.string(), title: z.string() }),
  z.object({ ok: z.literal(false), errorMessage: z.string() }),
]);
const emailClaimToken = z.string().min(20).max(128);
export const emailClaimPeekReply = z.union([
  z.object({
    ok: z.literal(true),
    id: z.string(),
    type: chiplinkTypeSchema,
    title: z.string(),
    /** The template's chain: a passkey account is made for it (#29). */
    chain: z.string(),
    gasPaidBy: z.enum(['visitor', 'owner']),
    expiresAt: z.string(),
  }),
  z.object({ ok: z.literal(false), errorMessage: z.string() }),
]);
export const emailClaimRedeemRequest = z.object({ token: emailClaimToken, to: address });
export const emailClaimPendingRequest = z.object({ actor: actorSchema, nftId: templateId });
export const emailClaimPendingReply = z.object({
  ok: z.literal(true),
  items: z.array(
    z.object({ chiplinkId: z.string(), email: z.string(), createdAt: z.string(), expiresAt: z.string() }),
  ),
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
    tokenId: uint256Schema,
    /** Wei. */
    price: uint256Schema,
    payoutAddress: address,
    disallowTransfers: z.boolean().default(false),
    /** Unix seconds. */
    deadline: uint256Schema,
    /**
     * A phased template's active phase (issue #32 item 3): signed as MintPhased, so the collection
     * enforces the window, the per-wallet cap and the allowlist; `proof` proves `to` in the list.
     */
    phase: claimPhaseTermsSchema.optional(),
  }),
  z.object({
    kind: z.literal('transfer'),
    chain: z.string().min(1).max(32),
    collection: address,
    to: address,
    tokenId: uint256Schema,
    deadline: uint256Schema,
  }),
]);
export type SignVoucherRequest = z.input<typeof signVoucherRequest>;

export const signVoucherReply = z.object({
  /** Call data for the visitor's wallet, sent to the collection. */
  data: z.string(),
  /** Wei to send with it. */
  value: uint256Schema,
});
export type SignVoucherReply = z.infer<typeof signVoucherReply>;

export const listChiplinksReply = chiplinkListReply;
export const createChiplinksReply = z.union([
  z.object({ ok: z.literal(true), item: chiplinkItemSchema }),
  z.object({ ok: z.literal(true), items: z.array(chiplinkItemSchema) }),
]);

/** One recorded tap (libs/api-types: the route's own schema). */
export const scanItemSchema = scanItemReply;
export const scansReply = scansRouteReply;

/** The tag check answer (spec section 3): libs/api-types' route schema, one for the message and the route. */
export const checkTagReply = checkTagReplySchema;

/** libs/api-types `ChiplinkTokenState`: one schema for the message and the route. */
export const tokenStateReply = tokenStateReplySchema;

/** The public chip and link pages: libs/api-types' route schema (`ChiplinkLookupReply`), one for both. */
export const lookupReply = lookupReplySchema;

/** libs/api-types `MintDataReply` (with its refusal reasons, #30/#32): one schema for the message and the route. */
export const mintDataReply = mintDataReplySchema;

/** libs/api-types `GaslessClaimReply`: one schema for the message and the route. */
export const gaslessClaimReply = gaslessClaimReplySchema;

export const toggleLockReply = z.object({ ok: z.literal(true), locked: z.boolean() });

/** A tap URL of one of the actor's chips, read with the chip's keys; nothing is consumed (the admin's chip doctor). */
export const CHECK_TAP_URL = defineRequest(
  'chiplinks.check-tap-url',
  z.object({ actor: actorSchema, url: z.string().min(1).max(2048) }),
  z.object({
    ok: z.literal(true),
    chip: z
      .object({ id: z.string(), nftId: z.number().int(), deleted: z.boolean(), scheme: z.string() })
      .nullable(),
    /** A batch URL's batch (issue #26), null for a per-chip URL. */
    batch: z.object({ id: z.string(), name: z.string(), mode: z.string() }).nullable(),
    layout: z.string(),
    mode: z.string(),
    uid: z.string().nullable(),
    counter: z.number().int().nullable(),
    fileData: z.string().nullable(),
    tamper: z.string().nullable(),
    macValid: z.boolean(),
    counterAccepted: z.boolean(),
    lastCounter: z.number().int(),
    /** The part that fails (TapFaultName), null when check-tag would accept the tap now. */
    fault: z.string().nullable(),
    /** What fails, in words for the admin. */
    problem: z.string().nullable(),
  }),
);

/**
 * A chip visit beyond its tap (docs/decisions.md "Credentials of a tap"): continuing it with its
 * one-time continuation credential, and a utility site verifying the utility token it was given.
 */
export const CHIPLINK_VISITS = {
  /** `{tag, c}` → a fresh scan token and the next continuation credential of the same tap, or `{ok: false}`. */
  continueVisit: defineRequest(
    'chiplinks.visit.continue',
    z.object({ tag: z.string().max(64), c: z.string().max(128) }),
    checkTagReply,
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
        /** What the tap read, as signed into the token: TagTamper letters and decrypted file data (hex). */
        tamper: z.string().nullable(),
        fileData: z.string().nullable(),
      }),
      z.object({ ok: z.literal(false) }),
    ]),
  ),
} as const;

/**
 * Request/reply messages answered by the chiplinks service: chips and QR links per NFT template, the
 * scan path (check-tag), the public chip/link lookup, scans, mint data and lock.
 */
export const CHIPLINKS = {
  list: defineRequest('chiplinks.list', listChiplinksRequest, listChiplinksReply),
  create: defineRequest('chiplinks.create', createChiplinksRequest, createChiplinksReply),
  remove: defineRequest('chiplinks.remove', removeChiplinkRequest, okReply),
  exportPage: defineRequest('chiplinks.export-page', exportPageRequest, exportPageReply),
  publicTarget: defineRequest('chiplinks.public-target', publicTargetRequest, publicTargetReply),
  checkTag: defineRequest('chiplinks.check-tag', checkTagRequest, checkTagReply),
  lookup: defineRequest('chiplinks.lookup', lookupRequest, lookupReply),
  tokenState: defineRequest('chiplinks.token-state', lookupRequest, tokenStateReply),
  scans: defineRequest('chiplinks.scans', scansRequest, scansReply),
  mintData: defineRequest('chiplinks.mint-data', mintDataRequest, mintDataReply),
  gaslessClaim: defineRequest('chiplinks.gasless-claim', gaslessClaimRequest, gaslessClaimReply),
  emailClaimStart: defineRequest('chiplinks.email-claim.start', emailClaimStartRequest, emailClaimStartReply),
  emailClaimPeek: defineRequest(
    'chiplinks.email-claim.peek',
    z.object({ token: emailClaimToken }),
    emailClaimPeekReply,
  ),
  emailClaimRedeem: defineRequest(
    'chiplinks.email-claim.redeem',
    emailClaimRedeemRequest,
    z.union([gaslessClaimReply, mintDataReply]),
  ),
  emailClaimPending: defineRequest(
    'chiplinks.email-claim.pending',
    emailClaimPendingRequest,
    emailClaimPendingReply,
  ),
  toggleLock: defineRequest('chiplinks.toggle-lock', toggleLockRequest, toggleLockReply),
  resaleStatus: defineRequest(
    'chiplinks.resale.status',
    z.object({ id: z.string().min(1).max(64) }),
    resaleStatusSchema,
  ),
  resaleAction: defineRequest('chiplinks.resale.action', resaleActionRequest, resaleReplySchema),
  checkTapUrl: CHECK_TAP_URL,
} as const;

/** Events the chiplinks service announces (facts, past tense). Payloads carry absolute values: replays are harmless. */
export const CHIPLINKS_EVENTS = {
  /** The number of live chips and links of a template changed (templates keeps `chips`/`links`). */
  countsChanged: defineEvent('chiplinks.counts-changed', countsChangedEvent),
  /**
   * A voucher was handed out for a token of a template: templates maps the token to it (token metadata,
   * the template's count), as `templates.tokens.record` does, without the reply waiting for templates.
   */
  voucherIssued: defineEvent('chiplinks.voucher.issued', recordTokenRequest),
} as const;

/**
 * Voucher signing, answered by the relayer (it holds the minter key). Defined here because chiplinks is
 * its only caller so far; the relayer handler lives in apps/relayer/src/vouchers.
 */
export const VOUCHERS = {
  sign: defineRequest('relayer.voucher.sign', signVoucherRequest, signVoucherReply),
} as const;
