import { Controller, HttpCode, Inject, Post, Req, type RawBodyRequest } from '@nestjs/common';
import type { Request } from 'express';
import { SHOP, SHOP_AUTH, TEMPLATES, type ReplyOf } from '@metatag/events';
import { AppError, type ServiceClient } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';
import { NftEmailService } from '../mail/nft-email.service.js';
import { SERVICES } from '../tokens.js';
import { buyerEmail, orderLines, wooCommerceOrderSchema } from './woocommerce-order.js';
import { isDeliveryPing, verifyWooCommerceSignature } from './woocommerce-signature.js';

export const INVALID_SIGNATURE = 'Invalid webhook signature';

type OrderReply = ReplyOf<typeof SHOP.order>;

/**
 * `POST /woocommerce-webhook?access_token={shop token}` (spec section 7's shop webhook address): a
 * WooCommerce webhook (topics order.created / order.updated). The token names the owner; the
 * signature (base64 HMAC-SHA256 of the raw body under the owner's webhook secret) proves the shop
 * sent it. A paid order's lines whose product is a template's `woocomerce_item_id` become claim
 * links, emailed to the buyer. Every delivery leaves a line in the owner's delivery log.
 */
@Controller()
export class WooCommerceWebhookController {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly emails: NftEmailService,
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
    const email = buyerEmail(order);
    const reply = await this.services.send(SHOP.order, {
      ownerId: userId,
      orderId: order.id,
      status: order.status,
      email,
      lines: orderLines(order),
    });
    await this.emailBuyer(userId, order.id, email, reply);
    const links = reply.lines.reduce((n, l) => n + (l.fresh ? l.linkIds.length : 0), 0);
    const refused = reply.lines.reduce((n, l) => n + (l.fresh ? (l.refused ?? 0) : 0), 0);
    // units not made (over the template's limit or the account's quota, #28) are said to the shop
    return refused > 0 ? { ok: true, links, refused, notes: reply.notes ?? [] } : { ok: true, links };
  }

  /** Lines whose buyer has not been emailed yet (fresh ones, or earlier ones whose email failed). */
  private async emailBuyer(ownerId: number, orderId: string, email: string, reply: OrderReply) {
    const due = reply.lines.filter((l) => !l.emailed && l.linkIds.length > 0);
    if (!reply.paid || due.length === 0) return;
    const report = (sent: boolean, lineIds: string[], detail: string) =>
      this.services.send(SHOP.emailResult, {
        ownerId,
        deliveryId: reply.deliveryId,
        orderId,
        lineIds,
        sent,
        detail,
      });
    if (!email) {
      await report(false, [], 'no email: the order has no billing email');
      return;
    }
    for (const line of due) {
      try {
        const { item } = await this.services.send(TEMPLATES.getNft, { id: line.nftId });
        const data = await this.emails.data(item, line.linkIds, `Order #${orderId}`);
        await this.emails.send(email, data);
        await report(true, [line.lineId], `email sent to the buyer (${line.linkIds.length} link(s))`);
      } catch (error) {
        await report(false, [], `email failed: ${(error as Error).message}`.slice(0, 400));
      }
    }
  }

  private json(raw: Buffer): unknown {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return undefined;
    }
  }
}
