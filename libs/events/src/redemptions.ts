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

/** Where the gateway tells the shop (the template's redemption settings when the notice was claimed). */
export const redemptionNotice = z.object({
  templateId,
  title: z.string(),
  notifyEmail: z.string(),
  webhookUrl: z.string(),
});

/**
 * `recorded` is the redemption; `notify` is set only when this report claimed its notice (it recorded
 * the redemption first, or found the chain-index follower's row still waiting to be told): this gateway
 * then tells the shop and reports back with `notified`. A report of a redemption already told, or
 * being told, sends nothing.
 */
export const reportRedemptionReply = z.object({
  ok: z.literal(true),
  recordId: z.number().int(),
  recorded: redemptionRecord,
  notify: redemptionNotice.nullable(),
});

/**
 * What was delivered on this attempt; `failed`: a configured channel was not delivered, so chiplinks
 * schedules another attempt of the channels still missing (with a growing delay, a bounded number).
 */
export const redemptionNotifiedRequest = z.object({
  recordId: z.number().int().positive(),
  emailed: z.boolean(),
  webhook: z.boolean(),
  failed: z.boolean().default(false),
});

/** The gateway's notifier takes up to `limit` redemptions whose shop is due to be told (decision 105). */
export const claimRedemptionNoticesRequest = z.object({ limit: z.number().int().min(1).max(100) });
export const claimRedemptionNoticesReply = z.object({
  items: z.array(
    z.object({ recordId: z.number().int(), recorded: redemptionRecord, notify: redemptionNotice }),
  ),
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
  claimNotices: defineRequest(
    'chiplinks.redemptions.claim-notices',
    claimRedemptionNoticesRequest,
    claimRedemptionNoticesReply,
  ),
} as const;
