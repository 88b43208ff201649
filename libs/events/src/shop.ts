import { z } from 'zod';
import { defineRequest } from './define.js';
import { nftTemplateSchema } from '@metatag/api-types';

const userId = z.number().int().positive();
/** WooCommerce ids are integers; kept as text (a shop's ids are its own business). */
const shopId = z.string().min(1).max(100);

/** One line of a paid order: a product and how many units were bought. */
export const shopOrderLineSchema = z.object({
  lineId: shopId,
  productId: shopId,
  quantity: z.number().int().min(1).max(1000),
});

export const shopOrderRequest = z.object({
  ownerId: userId,
  orderId: shopId,
  status: z.string().max(50),
  /** The buyer's address (billing.email); '' when the order has none. */
  email: z.string().max(320),
  lines: z.array(shopOrderLineSchema).max(200),
});

/**
 * Per matched line: its template and claim links. `fresh` lines were created by this delivery; a
 * redelivered line comes back with its earlier links and `emailed` saying whether the buyer got them.
 */
export const shopOrderReply = z.object({
  deliveryId: z.number().int(),
  paid: z.boolean(),
  lines: z.array(
    z.object({
      lineId: z.string(),
      nftId: z.number().int(),
      linkIds: z.array(z.string()),
      fresh: z.boolean(),
      emailed: z.boolean(),
      /** Units of the line not made (issue #28): over the template's open places or the account's quota. */
      refused: z.number().int().nonnegative().default(0),
    }),
  ),
  /** Why units were not made, for the shop's webhook reply and the delivery log. */
  notes: z.array(z.string()).default([]),
});

export const shopDeliveryOutcomeSchema = z.enum([
  'ping',
  'bad_signature',
  'bad_payload',
  'not_paid',
  'no_match',
  'links_created',
  'already_processed',
  'email_sent',
  'email_failed',
  'no_email',
]);

/** A delivery the gateway refused or answered without an order (ping, bad signature, bad payload). */
export const shopLogRequest = z.object({
  ownerId: userId,
  outcome: shopDeliveryOutcomeSchema,
  orderId: z.string().max(100).default(''),
  detail: z.string().max(500).default(''),
});

/**
 * The buyer's email of one order line, as the gateway's shop mailer reports it (decision 112): sent, or
 * failed (chiplinks schedules another attempt, or records the final failure in the delivery log).
 */
export const shopEmailResultRequest = z.object({
  ownerId: userId,
  orderId: shopId,
  lineId: shopId,
  sent: z.boolean(),
  detail: z.string().max(500).default(''),
});

/** The mailer's batch: order lines whose buyer is due an email, each leased to the caller for a while. */
export const shopClaimEmailsRequest = z.object({ limit: z.number().int().min(1).max(100).default(20) });
export const shopClaimEmailsReply = z.object({
  items: z.array(
    z.object({
      ownerId: userId,
      orderId: shopId,
      lineId: shopId,
      nftId: z.number().int(),
      linkIds: z.array(z.string()).min(1),
      /** The order's billing email, kept only while the email is due. */
      email: z.string().min(1).max(320),
      /** This claim's attempt, from 1. */
      attempt: z.number().int().positive(),
    }),
  ),
});

export const shopDeliverySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  orderId: z.string(),
  outcome: shopDeliveryOutcomeSchema,
  matched: z.number().int(),
  linksCreated: z.number().int(),
  detail: z.string(),
});
export type ShopDelivery = z.infer<typeof shopDeliverySchema>;

export const shopDeliveriesRequest = z.object({
  ownerId: userId,
  limit: z.number().int().min(1).max(200).default(50),
});

/**
 * Shop (WooCommerce) orders: one claim link per unit, idempotent per order line, the buyer's email due
 * from the same record (claimed and reported by the gateway's mailer); a delivery log.
 */
export const SHOP = {
  order: defineRequest('chiplinks.shop.order', shopOrderRequest, shopOrderReply),
  log: defineRequest('chiplinks.shop.log', shopLogRequest, z.object({ id: z.number().int() })),
  emailResult: defineRequest(
    'chiplinks.shop.email-result',
    shopEmailResultRequest,
    z.object({ ok: z.literal(true) }),
  ),
  claimEmails: defineRequest('chiplinks.shop.claim-emails', shopClaimEmailsRequest, shopClaimEmailsReply),
  deliveries: defineRequest(
    'chiplinks.shop.deliveries',
    shopDeliveriesRequest,
    z.object({ items: z.array(shopDeliverySchema) }),
  ),
} as const;

/** The owner's templates whose `woocomerce_item_id` is one of `itemIds` (any chain, not deleted). */
export const SHOP_TEMPLATES = {
  byShopItem: defineRequest(
    'templates.nfts.by-shop-item',
    z.object({ ownerId: userId, itemIds: z.array(shopId).max(200) }),
    z.object({ items: z.array(nftTemplateSchema) }),
  ),
} as const;

/** The webhook's credential: the shop token's user and the per-owner signing secret. */
export const SHOP_AUTH = {
  webhook: defineRequest(
    'auth.shop-token.webhook',
    z.object({ token: z.string().max(200) }),
    z.object({ userId: userId.nullable(), secret: z.string() }),
  ),
} as const;
