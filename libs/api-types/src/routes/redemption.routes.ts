import { z } from 'zod';
import type { RedemptionRecord } from '../lifecycle.js';
import { errorReply, route } from './define.js';

const TAG = 'Redemptions';

export const reportRedemptionBody = z.object({
  id: z.string().trim().min(1).max(64),
  type: z.enum(['chip', 'link']),
  txHash: z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'Invalid transaction hash'),
});

export const redemptionRecordSchema = z.object({
  chain: z.string(),
  collection: z.string(),
  tokenId: z.string(),
  holder: z.string(),
  burned: z.boolean(),
  kind: z.enum(['good', 'discount', 'token']),
  description: z.string(),
  txHash: z.string(),
  redeemedAt: z.string(),
  emailedAt: z.string().nullable(),
  webhookAt: z.string().nullable(),
  noticePending: z.boolean(),
}) satisfies z.ZodType<RedemptionRecord>;

/** Burn to redeem (issue #32 item 5). */
export const REDEMPTION_ROUTES = {
  reportRedemption: route({
    method: 'POST',
    path: '/json/redemptions',
    tag: TAG,
    summary:
      "The public page reports the holder's mined redeem transaction; chiplinks reads its receipt and records the redemption once per token, and a first report tells the shop (email to the template's notifyEmail, HMAC-signed webhook to its webhookUrl). Without a report, the chain index's redemption reaches the shop all the same, once: the page's report only makes it sooner",
    access: 'public',
    body: reportRedemptionBody,
    replies: {
      200: z.object({ ok: z.literal(true), redemption: redemptionRecordSchema }),
      400: errorReply,
      404: errorReply,
      409: errorReply,
    },
    errors: [
      'This token has nothing to redeem',
      'This transaction is not on the chain yet: try again in a moment',
      "This transaction redeemed no token of this chip or link (no Redeemed log of the chip's token)",
    ],
  }),
  listRedemptions: route({
    method: 'GET',
    path: '/json/redemptions/:nftId',
    tag: TAG,
    summary:
      "A template's redemptions, newest first, and the key its webhooks are signed with (HMAC-SHA256 of `{timestamp}.{body}` in X-MetaTag-Signature)",
    access: 'admin',
    params: z.object({ nftId: z.string() }),
    replies: {
      200: z.object({ items: z.array(redemptionRecordSchema), webhookSecret: z.string() }),
      404: errorReply,
    },
    errors: [],
  }),
} as const;
