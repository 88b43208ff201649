import { z } from 'zod';
import { redemptionRecordSchema } from '@metatag/api-types';
import { defineRequest } from './define.js';
import { actorSchema } from './templates.js';
import { chiplinkTypeSchema } from './chiplinks.js';

const templateId = z.number().int().positive();
const txHash = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash');

/**
 * `POST /json/redemptions`: the public page reports the holder's mined `redeem` transaction. Chiplinks
 * reads its receipt (the chain is the proof, not the caller) and records the redemption once per token.
 */
export const reportRedemptionRequest = z.object({
  id: z.string().trim().min(1).max(64),
  type: chiplinkTypeSchema,
  txHash,
});

// the HTTP reply's record is the message's record: one schema (#31 item 4)
const redemptionRecord = redemptionRecordSchema;

/**
 * `recorded` is the redemption; `notify` is set only the first time (the gateway then tells the shop
 * and reports back with `notified`), so a second report of the same token sends nothing.
 */
export const reportRedemptionReply = z.object({
  ok: z.literal(true),
  recordId: z.number().int(),
  recorded: redemptionRecord,
  notify: z
    .object({
      templateId,
      title: z.string(),
      notifyEmail: z.string(),
      webhookUrl: z.string(),
    })
    .nullable(),
});

export const redemptionNotifiedRequest = z.object({
  recordId: z.number().int().positive(),
  emailed: z.boolean(),
  webhook: z.boolean(),
});

export const listRedemptionsRequest = z.object({ actor: actorSchema, nftId: templateId });
export const listRedemptionsReply = z.object({ items: z.array(redemptionRecord) });

/** Burn to redeem (issue #32 item 5), answered by chiplinks. */
export const REDEMPTIONS = {
  report: defineRequest('chiplinks.redemptions.report', reportRedemptionRequest, reportRedemptionReply),
  notified: defineRequest(
    'chiplinks.redemptions.notified',
    redemptionNotifiedRequest,
    z.object({ ok: z.literal(true) }),
  ),
  list: defineRequest('chiplinks.redemptions.list', listRedemptionsRequest, listRedemptionsReply),
} as const;
