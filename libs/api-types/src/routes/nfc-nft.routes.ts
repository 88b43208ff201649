import { z } from 'zod';
import {
  completeGaslessBody,
  confirmPendingBody,
  GASLESS_NEEDS_TAP,
  GASLESS_NEEDS_ZERO_VALUE,
  NO_PENDING_TRANSACTION,
  RELAY_NOT_MATCHING,
  RELAY_NOT_MINED,
  setPendingBody,
} from '../nfc-nft.js';
import { idParams } from './queries.js';
import { route } from './define.js';

const record = z.looseObject({
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
const history = z.looseObject({
  at: z.string(),
  kind: z.enum(['created', 'pending-set', 'pending-cleared', 'authorized', 'sent', 'confirmed', 'failed']),
  detail: z.string(),
  txHash: z.string().nullable(),
});
const ok = z.literal(true);
const TAG = 'NFC-NFT linker';

/** NFC-NFT records and their pending transactions (spec sections 3 and 7, issue #17). */
export const NFC_NFT_ROUTES = {
  nfcNftList: route({
    method: 'GET',
    path: '/nfc-nft',
    tag: TAG,
    summary: 'Your NFC-NFT records',
    access: 'admin',
    replies: { 200: z.object({ ok, items: z.array(record) }) },
  }),
  nfcNftCreate: route({
    method: 'POST',
    path: '/nfc-nft',
    tag: TAG,
    summary: "'Attach new': an empty record, whose fields are then set one at a time",
    access: 'admin',
    replies: { 201: z.object({ ok, id: z.number().int() }) },
  }),
  nfcNftUpdate: route({
    method: 'PUT',
    path: '/nfc-nft/:id',
    tag: TAG,
    summary:
      'One field of a record: nfcId, chain, smartContract, relayer, nftId, url, pendingTransactionData, pendingTransactionValue or redirectUrl',
    access: 'admin',
    params: idParams,
    body: z.record(z.string(), z.string()).describe('exactly one field'),
    replies: { 200: z.object({ ok, item: record }) },
  }),
  nfcNftRemove: route({
    method: 'DELETE',
    path: '/nfc-nft/:id',
    tag: TAG,
    summary: 'Removes a record',
    access: 'admin',
    params: idParams,
    replies: { 200: z.object({ ok }) },
  }),
  nfcNftSetPending: route({
    method: 'PUT',
    path: '/nfc-nft/byTag/:nftId',
    tag: TAG,
    summary:
      "Sets (or with '' clears) the pending transaction a tag scan completes: data, value (wei) and redirectUrl",
    access: 'admin',
    params: z.object({ nftId: z.string().describe("the record's nftId or its chip id") }),
    body: setPendingBody,
    replies: { 200: z.object({ ok, item: record }) },
  }),
  nfcNftHistory: route({
    method: 'GET',
    path: '/nfc-nft/:id/history',
    tag: TAG,
    summary: "A record's history: created, pending set or cleared, authorized, sent, confirmed, failed",
    access: 'admin',
    params: idParams,
    replies: { 200: z.object({ ok, items: z.array(history) }) },
  }),
  nfcNftConfirm: route({
    method: 'POST',
    path: '/json/nfc-nft/confirm',
    tag: TAG,
    summary:
      "The chip page reports the transaction that relayed a chip's pending transaction; the server checks the receipt's TagRelayer event on chain and clears the pending data and value once",
    access: 'public',
    body: confirmPendingBody,
    replies: { 200: z.object({ ok, cleared: z.boolean(), txHash: z.string() }) },
    errors: [NO_PENDING_TRANSACTION, RELAY_NOT_MINED, RELAY_NOT_MATCHING],
    rateLimit:
      'SCAN_RATE_LIMIT_PER_MINUTE per client IP and minute (default 600), shared with check-tag; 429 above it',
    example: { tag: 'abc123', txHash: `0x${'ab'.repeat(32)}` },
  }),
  nfcNftCompleteGasless: route({
    method: 'POST',
    path: '/json/nfc-nft/complete',
    tag: TAG,
    summary:
      "'Complete without a wallet': after a verified tap (its scanToken) MetaTag relays the chip's pending transaction without value, paid from the record owner's relayer balance, once; asked again it answers the progress (queued, sent, confirmed with txHash)",
    access: 'public',
    body: completeGaslessBody,
    replies: {
      200: z.object({
        ok,
        status: z.enum(['queued', 'sent', 'confirmed']),
        txHash: z.string().nullable(),
      }),
    },
    errors: [
      NO_PENDING_TRANSACTION,
      GASLESS_NEEDS_ZERO_VALUE,
      GASLESS_NEEDS_TAP,
      'Not enough balance for relayer fees: …',
    ],
    rateLimit:
      'SCAN_RATE_LIMIT_PER_MINUTE per client IP and minute (default 600), shared with check-tag; 429 above it',
    example: { tag: 'abc123', scanToken: 'eyJ…' },
  }),
} as const;
