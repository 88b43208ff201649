import { z } from 'zod';
import { claimPhaseTermsSchema, emptyRequest } from './common.js';
import { defineEvent, defineRequest } from './define.js';
import { actorSchema, setNftMediaRequest } from './templates.js';
import {
  ADDRESS_PATTERN,
  LEDGER_KINDS,
  ledgerEntryReply,
  type LedgerKind,
  ROW_ID_PATTERN,
  signedWeiSchema,
  uint256Schema,
} from '@metatag/api-types';

const address = z.string().regex(ADDRESS_PATTERN, 'Invalid address');
const hash = z.string().regex(/^0x[0-9a-f]{64}$/);
// uint256 values cross the wire as decimal strings (JSON has no bigint): uint256Schema

/** What a mint record looks like on the wire (spec section 3 "Mint", plus what the relayer knows). */
export const mintStatusSchema = z.enum(['queued', 'sent', 'confirmed', 'failed']);
export type MintStatus = z.infer<typeof mintStatusSchema>;

export const mintRecordSchema = z.object({
  id: z.string(),
  nftId: z.string(),
  chiplinkId: z.string().nullable(),
  chain: z.string(),
  chainId: z.number().int(),
  collection: address,
  tokenId: uint256Schema,
  to: address,
  created: z.string(),
  status: mintStatusSchema,
  /** The transaction hash once one is known (the latest replacement until mined). */
  tx: hash.nullable(),
  error: z.string().nullable(),
});
export type MintRecord = z.infer<typeof mintRecordSchema>;

const templateId = z.string().trim().min(1).max(64);

/**
 * Who asks, when a user does (the gateway passes the signed-in user): the relayer then mints only for
 * the template's owner or a super admin, as the templates service decides. Without an actor
 * (service-to-service) no template check is made.
 */
const actor = actorSchema;

/**
 * The idempotency keys of gasless claims (issue #29) start with this: one record per tap. Such a record
 * mints a chip's or link's own token id, and chiplinks counts it under the template's limit (the claim
 * holds the place there like a voucher), so the relayer's own count leaves it out.
 */
export const GASLESS_KEY_PREFIX = 'gasless:';

export const createMintRequest = z
  .object({
    actor: actor.optional(),
    chain: z.string().min(1).max(32),
    nftId: templateId,
    chiplinkId: z.string().trim().min(1).max(64).nullish(),
    to: address,
    collection: address,
    /** Scoped by the caller (e.g. per user): a repeated request with the same key returns the same record. */
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,200}$/)
      .optional(),
    /**
     * A limited edition's father (issue #18): minted with `mintWithLimit`, so its owner may mint up to
     * this many child tokens (the contract's limit is a uint64; the API bounds it lower).
     */
    childLimit: z.number().int().min(1).max(1_000_000).optional(),
    /**
     * A gasless claim's token (issue #29): the chip's or link's own token id, minted as given instead of
     * the collection's next id. Only with a gasless idempotency key (one record per tap).
     */
    tokenId: uint256Schema.optional(),
    /**
     * A phased template's gasless claim (issue #32 item 3): the relayer mints through the phase
     * (`mintSignedPhased` with a voucher it signs itself), so the collection counts the recipient's
     * mint under the phase's cap and checks its window and allowlist as for a wallet's own mint. Only
     * with `tokenId` (a gasless claim).
     */
    phase: claimPhaseTermsSchema.optional(),
  })
  .refine((r) => r.tokenId === undefined || r.idempotencyKey?.startsWith(GASLESS_KEY_PREFIX), {
    message: `tokenId needs an idempotencyKey starting with ${GASLESS_KEY_PREFIX}`,
    path: ['tokenId'],
  })
  .refine((r) => r.phase === undefined || (r.tokenId !== undefined && r.childLimit === undefined), {
    message: 'phase is only for a gasless claim (with tokenId)',
    path: ['phase'],
  });
export type CreateMintRequest = z.infer<typeof createMintRequest>;

/**
 * A limited edition's creation (spec section 7, `POST /json/{chain}/limited/create`; issue #31 item 1):
 * the relayer runs the whole use case — the father's template (limit 1, title, media), its
 * `mintWithLimit` mint, undoing the template when nothing could be queued — and answers once the
 * mint's transaction is handed to the node (or failed, or the wait's bound passed: then `tx` is null).
 */
export const limitedCreateRequest = z.object({
  actor,
  chain: z.string().min(1).max(32),
  /** The account whose template list receives the father's template. */
  userId: z.number().int().positive(),
  collection: address,
  title: z.string().max(200),
  /** Child tokens its holder may mint. */
  childLimit: z.number().int().min(1).max(1_000_000),
  to: address,
  /** The caller's scoped key for a repeatable create: a repeat answers the first father. */
  idempotencyKey: z
    .string()
    .regex(/^[A-Za-z0-9._:-]{1,200}$/)
    .optional(),
  /** An image the gateway already stored (its bytes never travel over the transport). */
  media: setNftMediaRequest.pick({ key: true, size: true, mimeType: true }).optional(),
});
export type LimitedCreateRequest = z.infer<typeof limitedCreateRequest>;
export const limitedCreateReply = z.object({
  mint: mintRecordSchema,
  /** An earlier request with the same key made this father: the request's media was not used. */
  replayed: z.boolean(),
});
export type LimitedCreateReply = z.infer<typeof limitedCreateReply>;

export const listMintsRequest = z.object({
  actor: actor.optional(),
  chain: z.string().min(1).max(32),
  nftId: templateId,
  chiplinkId: z.string().trim().min(1).max(64).optional(),
});
export type ListMintsRequest = z.infer<typeof listMintsRequest>;

/** Chain name → the relayer's minter address (lower-case), for each chain the relayer serves. */
export const mintersReply = z.object({ minters: z.record(z.string(), address) });
export type MintersReply = z.infer<typeof mintersReply>;

/** Spec section 7: `GET /json/{chain}/mints/{nftId}` → items of {tokenId, to, created, status, tx}. */
export const mintListItemSchema = mintRecordSchema.pick({
  tokenId: true,
  to: true,
  created: true,
  status: true,
  tx: true,
});
export const listMintsReply = z.object({ items: z.array(mintListItemSchema) });
export type ListMintsReply = z.infer<typeof listMintsReply>;

const txBase = z.object({
  /** The relayer's transaction id. */
  id: z.string(),
  idempotencyKey: z.string(),
  kind: z.string(),
  chainId: z.number().int(),
  from: address,
  to: address,
});

export const txSentEvent = txBase.extend({
  nonce: z.number().int().nonnegative(),
  txHash: hash,
  /** Set on a fee replacement: the hash it replaces. */
  replaces: hash.nullable(),
  maxFeePerGas: uint256Schema,
  maxPriorityFeePerGas: uint256Schema,
});
export type TxSentEvent = z.infer<typeof txSentEvent>;

export const txConfirmedEvent = txBase.extend({
  nonce: z.number().int().nonnegative(),
  txHash: hash,
  blockNumber: uint256Schema,
  gasUsed: uint256Schema,
});
export type TxConfirmedEvent = z.infer<typeof txConfirmedEvent>;

export const txFailedEvent = txBase.extend({
  nonce: z.number().int().nonnegative().nullable(),
  txHash: hash.nullable(),
  reason: z.string(),
});
export type TxFailedEvent = z.infer<typeof txFailedEvent>;

const mintBase = z.object({
  mintId: z.string(),
  nftId: z.string(),
  chiplinkId: z.string().nullable(),
  chain: z.string(),
  chainId: z.number().int(),
  collection: address,
  tokenId: uint256Schema,
  to: address,
  /** A limited edition's father (`mintWithLimit`): its child limit (#30: the template shows it). */
  childLimit: uint256Schema.nullable().optional(),
});

/**
 * A mint record was stored (#31 item 3), in the transaction that stores it: templates counts a manual
 * mint's place under its template's limit from it until the ledger counts the token (or `mint.failed`
 * frees it). A gasless claim's place is its chip's or link's voucher's (chiplinks holds it).
 */
export const mintRequestedEvent = mintBase.extend({ gasless: z.boolean() });
export type MintRequestedEvent = z.infer<typeof mintRequestedEvent>;

export const mintConfirmedEvent = mintBase.extend({
  txHash: hash,
  blockNumber: uint256Schema,
  /**
   * Where the Transfer was read: `index` from the mint ledger's `token.minted` (the chain index), `chain`
   * from the receipt (no event within MINT_INDEX_LAG_MS, or no index).
   */
  source: z.enum(['index', 'chain']),
});
export type MintConfirmedEvent = z.infer<typeof mintConfirmedEvent>;

export const mintFailedEvent = mintBase.extend({ reason: z.string(), txHash: hash.nullable() });
export type MintFailedEvent = z.infer<typeof mintFailedEvent>;

/** A user id: relayer-paid transactions are charged to the account that asked for them. */
const accountId = z.number().int().positive().max(2_147_483_647);

/** One entry of an account's relayer ledger on one chain: libs/api-types' route schema, one for both. */
export const ledgerEntrySchema = ledgerEntryReply;
export { LEDGER_KINDS, type LedgerKind };
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const ledgerAccount = z.object({ accountId, chain: z.string().min(1).max(32) });
/** An account's balance on a chain (wei) and the part of it held for transactions still out. */
const balanceReply = z.object({ item: signedWeiSchema, held: uint256Schema });

/** The relayer's ledger of what users may spend on relayer-paid transactions, per chain. */
export const RELAYER_LEDGER = {
  balance: defineRequest('relayer.ledger.balance', ledgerAccount, balanceReply),
  /** Balances of many accounts (the super admin's users table); accounts without entries are '0'. */
  balances: defineRequest(
    'relayer.ledger.balances',
    z.object({ chain: z.string().min(1).max(32), accountIds: z.array(accountId).max(10_000) }),
    z.object({ items: z.record(z.string(), signedWeiSchema) }),
  ),
  /** Newest first, `limit` at a time; `before` is the id of the last entry of the previous page. */
  entries: defineRequest(
    'relayer.ledger.entries',
    ledgerAccount.extend({
      before: z.string().regex(ROW_ID_PATTERN).optional(),
      limit: z.number().int().min(1).max(500).default(100),
    }),
    balanceReply.extend({ items: z.array(ledgerEntrySchema), next: z.string().nullable() }),
  ),
  /**
   * The super admin sets an account's balance: the difference to the current balance becomes a
   * credit entry (negative when lowered); the same balance adds nothing.
   */
  setBalance: defineRequest(
    'relayer.ledger.set-balance',
    ledgerAccount.extend({
      balance: uint256Schema,
      actorId: accountId,
      note: z.string().max(200).optional(),
    }),
    balanceReply.extend({ entry: ledgerEntrySchema.nullable() }),
  ),
  /**
   * The generic hook of relayer-paid actions: reserves the call's worst-case fee from the account's
   * ledger (402 / 429 as for manual mints), then queues the transaction; its hold is released and
   * its real fee settled when it ends. Idempotent by `idempotencyKey` (a repeat reserves nothing).
   */
  sendPaid: defineRequest(
    'relayer.transactions.send-paid',
    ledgerAccount.extend({
      to: address,
      data: z.string().regex(/^0x([0-9a-f]{2})*$/),
      value: uint256Schema.default('0'),
      kind: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/),
      idempotencyKey: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/),
    }),
    z.object({ id: z.string(), status: z.string(), reserved: uint256Schema }),
  ),
  /**
   * A sponsored user operation of a passkey account (issue #29): reserves its worst-case cost from the
   * template owner's ledger like a relayer-paid transaction (402 at a balance that cannot cover it,
   * 429 above the rate). Idempotent by `reference` (the user operation's hash).
   */
  reserveSponsored: defineRequest(
    'relayer.ledger.reserve-sponsored',
    ledgerAccount.extend({
      amount: uint256Schema,
      reference: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/),
      note: z.string().max(200),
    }),
    z.object({ reserved: uint256Schema }),
  ),
  /**
   * A sponsored user operation's receipt: releases its hold and settles what the EntryPoint charged
   * the paymaster (actualGasCost) once. Idempotent; an unknown reference changes nothing.
   */
  settleSponsored: defineRequest(
    'relayer.ledger.settle-sponsored',
    z.object({
      reference: z.string().regex(/^[A-Za-z0-9._:-]{1,200}$/),
      txHash: hash,
      gasUsed: uint256Schema,
      effectiveGasPrice: uint256Schema,
    }),
    z.object({ ok: z.literal(true) }),
  ),
} as const;

/** Request/reply messages answered by the relayer service. */
export const RELAYER = {
  createMint: defineRequest('relayer.mints.create', createMintRequest, mintRecordSchema),
  /**
   * The mint an earlier `createMint` stored under this idempotency key, or null: lets a caller repeat
   * a multi-step create (limited/create: template, then mint) without its first steps again.
   */
  mintByKey: defineRequest(
    'relayer.mints.by-key',
    z.object({ idempotencyKey: z.string().min(1).max(200) }),
    z.object({ item: mintRecordSchema.nullable() }),
  ),
  listMints: defineRequest('relayer.mints.list', listMintsRequest, listMintsReply),
  createLimited: defineRequest('relayer.limited.create', limitedCreateRequest, limitedCreateReply),
  /** The address the relayer mints and signs vouchers with, per chain it serves. */
  minters: defineRequest('relayer.minters', emptyRequest, mintersReply),
} as const;

/**
 * Events the relayer announces (facts, past tense). Written to the relayer's outbox in the same
 * database transaction as the state change, then published: at least once, so consumers are idempotent
 * (key on `id` for tx.* and on `mintId` for mint.*).
 */
export const RELAYER_EVENTS = {
  /** A transaction was signed with a nonce and handed to the node (also for each fee replacement). */
  txSent: defineEvent('tx.sent', txSentEvent),
  /** A transaction is in a block and succeeded. */
  txConfirmed: defineEvent('tx.confirmed', txConfirmedEvent),
  /** A transaction failed for good: refused before signing, reverted, or its nonce was used elsewhere. */
  txFailed: defineEvent('tx.failed', txFailedEvent),
  /** A mint record was stored: its place under the template's limit is taken (#31 item 3). */
  mintRequested: defineEvent('mint.requested', mintRequestedEvent),
  /** A token of a mint record is on chain (seen in the index, or in the receipt when the index lags). */
  mintConfirmed: defineEvent('mint.confirmed', mintConfirmedEvent),
  /** A mint record will not be minted (its transaction failed). */
  mintFailed: defineEvent('mint.failed', mintFailedEvent),
} as const;
