import { z } from 'zod';
import { uint256Schema } from '@metatag/api-types';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';

const recordId = z.number().int().positive().max(2_147_483_647);
const field = z.enum([
  'nfcId',
  'chain',
  'smartContract',
  'relayer',
  'nftId',
  'url',
  'pendingTransactionData',
  'pendingTransactionValue',
  'redirectUrl',
]);

/** libs/api-types `NfcNftRecord` (spec section 3 "NFC-NFT record"). */
export const nfcNftRecordSchema = z.object({
  id: z.number().int(),
  nfcId: z.string(),
  chain: z.string(),
  smartContract: z.string(),
  relayer: z.string(),
  nftId: z.string(),
  url: z.string(),
  pendingTransactionData: z.string(),
  pendingTransactionValue: z.string(),
  redirectUrl: z.string(),
  created: z.string(),
});
export type NfcNftRecordItem = z.infer<typeof nfcNftRecordSchema>;

export const nfcNftHistorySchema = z.object({
  at: z.string(),
  kind: z.enum(['created', 'pending-set', 'pending-cleared', 'authorized', 'sent', 'confirmed', 'failed']),
  detail: z.string(),
  txHash: z.string().nullable(),
});

/**
 * NFC-NFT records (spec sections 3, 7 `/nfc-nft`), answered by the chiplinks service (it owns the
 * chips they point at). Values arrive validated by the gateway with libs/api-types' rules; the
 * service checks what needs data (the chip is the actor's, one record per chip).
 */
export const NFC_NFT = {
  list: defineRequest(
    'chiplinks.nfc-nft.list',
    z.object({ actor: actorSchema }),
    z.object({ ok: z.literal(true), items: z.array(nfcNftRecordSchema) }),
  ),
  create: defineRequest(
    'chiplinks.nfc-nft.create',
    z.object({ actor: actorSchema }),
    z.object({ ok: z.literal(true), id: z.number().int() }),
  ),
  update: defineRequest(
    'chiplinks.nfc-nft.update',
    z.object({ actor: actorSchema, id: recordId, field, value: z.string().max(50_000) }),
    z.object({ ok: z.literal(true), item: nfcNftRecordSchema }),
  ),
  remove: defineRequest(
    'chiplinks.nfc-nft.remove',
    z.object({ actor: actorSchema, id: recordId }),
    z.object({ ok: z.literal(true) }),
  ),
  setPending: defineRequest(
    'chiplinks.nfc-nft.set-pending',
    z.object({
      actor: actorSchema,
      /** The record's nftId, or its chip id (nfcId). */
      tag: z.string().min(1).max(80),
      pendingTransactionData: z.string().max(50_000),
      pendingTransactionValue: z.string().max(80),
      redirectUrl: z.string().max(2048),
    }),
    z.object({ ok: z.literal(true), item: nfcNftRecordSchema }),
  ),
  /**
   * The chip page reports the transaction that relayed a chip's pending transaction: chiplinks checks
   * the receipt's TagRelayer event and clears the pending fields once (compare-and-set on pending_seq).
   */
  confirm: defineRequest(
    'chiplinks.nfc-nft.confirm',
    z.object({ tag: z.string().min(1).max(64), txHash: z.string().regex(/^0x[0-9a-f]{64}$/) }),
    z.object({ ok: z.literal(true), cleared: z.boolean(), txHash: z.string() }),
  ),
  /**
   * 'Complete without a wallet': after a verified tap (its scan token), MetaTag relays a pending
   * transaction without value, paid from the record owner's relayer balance, once per pending
   * transaction (idempotency key from record id + pending_seq). Asked again, it answers the progress.
   */
  completeGasless: defineRequest(
    'chiplinks.nfc-nft.complete-gasless',
    z.object({ tag: z.string().min(1).max(64), scanToken: z.string().min(1).max(2048) }),
    z.object({
      ok: z.literal(true),
      status: z.enum(['queued', 'sent', 'confirmed']),
      txHash: z.string().nullable(),
    }),
  ),
  history: defineRequest(
    'chiplinks.nfc-nft.history',
    z.object({ actor: actorSchema, id: recordId }),
    z.object({ ok: z.literal(true), items: z.array(nfcNftHistorySchema) }),
  ),
} as const;

const hex = (bytes?: number) =>
  z.string().regex(bytes ? new RegExp(`^0x[0-9a-f]{${bytes * 2}}$`) : /^0x(?:[0-9a-f]{2})*$/);

/**
 * The TagRelayer authorization of a pending NFC-NFT transaction (EIP-712, libs/contracts
 * tag-relayer.ts), signed by the relayer (it holds the authorizer key); chiplinks asks after a
 * verified scan. The reply is the `execute` call data for the TagRelayer (`transactionDataToRelayer`).
 */
export const TAG_RELAY = {
  authorize: defineRequest(
    'relayer.tag-relay.authorize',
    z.object({
      chain: z.string().max(32),
      relayer: hex(20),
      target: hex(20),
      data: hex().max(50_000),
      value: uint256Schema,
      deadline: z.number().int().positive(),
      scanId: hex(32),
    }),
    z.object({ transactionDataToRelayer: z.string() }),
  ),
} as const;
