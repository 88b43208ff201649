import { Controller, HttpCode, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { SHOP, SHOP_AUTH } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { SERVICES } from '../tokens.js';
import { ShopMailer } from './shop-mailer.js';
import { buyerEmail, orderLines, wooCommerceOrderSchema } from './woocommerce-order.js';
import { isDeliveryPing, verifyWooCommerceSignature } from './woocommerce-signature.js';

export const INVALID_SIGNATURE = 'Invalid webhook signature';

/**
 * `POST /woocommerce-webhook?access_token={shop token}` (spec section 7's shop webhook address): a
 * WooCommerce webhook (topics order.created / order.updated). The token names the owner; the
 * signature (base64 HMAC-SHA256 of the raw body under the owner's webhook secret) proves the shop
 * sent it. A paid order's lines whose product is a template's `woocomerce_item_id` become claim
 * links, emailed to the buyer by the shop mailer after the reply (decision 112). Every delivery leaves
 * a line in the owner's delivery log.
 */
@Controller()
export class WooCommerceWebhookController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly mailer: ShopMailer,
  ) {}

  @Public()
  @Post('woocommerce-webhook')
  @HttpCode(200)
  async deliver(@Req() req: RawBodyRequest<Request>) {
    const token = typeof req.query.access_token === 'string' ? req.query.access_token : '';
    const { userId, secret } = token
      ? await this.services.send(SHOP_AUTH.webhook, { token: token.slice(0, 200) })
      : { userId: null, secret: '' };
    if (userId === null) throw new AppError('unauthorized', 'Invalid access_token', 401);
    const raw = req.rawBody ?? Buffer.alloc(0);

    if (isDeliveryPing(raw, req.get('content-type'))) {
      await this.services.send(SHOP.log, { ownerId: userId, outcome: 'ping', detail: 'delivery ping' });
      return { ok: true };
    }
    if (!verifyWooCommerceSignature(raw, req.get('x-wc-webhook-signature'), secret)) {
      await this.services.send(SHOP.log, {
        ownerId: userId,
        outcome: 'bad_signature',
        detail: req.get('x-wc-webhook-signature')
          ? 'the signature does not match: set the secret shown next to the address'
          : 'no X-WC-Webhook-Signature header',
      });
      throw new AppError('unauthorized', INVALID_SIGNATURE, 401);
    }
    const parsed = wooCommerceOrderSchema.safeParse(this.json(raw));
    if (!parsed.success) {
      await this.services.send(SHOP.log, {
        ownerId: userId,
        outcome: 'bad_payload',
        detail: `not a WooCommerce order (topic ${req.get('x-wc-webhook-topic') ?? 'unknown'})`,
      });
      // answered 200: WooCommerce disables a webhook after repeated failures, and retrying a
      // payload that is not an order would not make it one
      return { ok: true, ignored: 'not an order' };
    }
    const order = parsed.data;
    // one send: chiplinks records the order's lines, their links and the buyer's email as due; the
    // email is the shop mailer's step (decision 112), so this reply never waits for SMTP
    const reply = await this.services.send(SHOP.order, {
      ownerId: userId,
      orderId: order.id,
      status: order.status,
      email: buyerEmail(order),
      lines: orderLines(order),
    });
    if (reply.paid && reply.lines.some((l) => !l.emailed && l.linkIds.length > 0)) this.mailer.wake();
    const links = reply.lines.reduce((n, l) => n + (l.fresh ? l.linkIds.length : 0), 0);
    const refused = reply.lines.reduce((n, l) => n + (l.fresh ? (l.refused ?? 0) : 0), 0);
    // units not made (over the template's limit or the account's quota, #28) are said to the shop
    return refused > 0 ? { ok: true, links, refused, notes: reply.notes ?? [] } : { ok: true, links };
  }

  private json(raw: Buffer): unknown {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return undefined;
    }
  }
}
