import { z } from 'zod';
import { emptyRequest } from './common.js';
import { defineEvent, defineRequest } from './define.js';
import { actorSchema } from './templates.js';

const address = z.string().regex(/^0x[0-9a-f]{40}$/, 'Invalid address');
const hash = z.string().regex(/^0x[0-9a-f]{64}$/);
/** uint256 values cross the wire as decimal strings (JSON has no bigint). */
const uint = z.string().regex(/^\d{1,78}$/);

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
  tokenId: uint,
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

export const createMintRequest = z.object({
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
});
export type CreateMintRequest = z.infer<typeof createMintRequest>;

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
  maxFeePerGas: uint,
  maxPriorityFeePerGas: uint,
});
export type TxSentEvent = z.infer<typeof txSentEvent>;

export const txConfirmedEvent = txBase.extend({
  nonce: z.number().int().nonnegative(),
  txHash: hash,
  blockNumber: uint,
  gasUsed: uint,
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
  tokenId: uint,
  to: address,
});

export const mintConfirmedEvent = mintBase.extend({
  txHash: hash,
  blockNumber: uint,
  /** Where the Transfer was read: the indexer's `chain.transfers`, or the receipt when the index lagged. */
  source: z.enum(['index', 'chain']),
});
export type MintConfirmedEvent = z.infer<typeof mintConfirmedEvent>;

export const mintFailedEvent = mintBase.extend({ reason: z.string(), txHash: hash.nullable() });
export type MintFailedEvent = z.infer<typeof mintFailedEvent>;

/** Request/reply messages answered by the relayer service. */
export const RELAYER = {
  createMint: defineRequest('relayer.mints.create', createMintRequest, mintRecordSchema),
  listMints: defineRequest('relayer.mints.list', listMintsRequest, listMintsReply),
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
  /** A token of a mint record is on chain (seen in the index, or in the receipt when the index lags). */
  mintConfirmed: defineEvent('mint.confirmed', mintConfirmedEvent),
  /** A mint record will not be minted (its transaction failed). */
  mintFailed: defineEvent('mint.failed', mintFailedEvent),
} as const;
