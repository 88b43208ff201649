import { z } from 'zod';
import { UINT64_PATTERN } from '@metatag/api-types';

const id = z.union([z.number().int().nonnegative(), z.string().regex(UINT64_PATTERN)]).transform(String);

/**
 * The part of WooCommerce's order payload (REST API v3 order, the body of order.created/updated
 * webhooks) the product reads; everything else in the order is ignored.
 */
export const wooCommerceOrderSchema = z.object({
  id,
  status: z.string().max(50),
  billing: z
    .object({ email: z.string().max(320).optional().default('') })
    .partial()
    .optional(),
  line_items: z
    .array(
      z.object({
        id,
        product_id: id,
        quantity: z.coerce.number().int().min(0).max(1000),
      }),
    )
    .max(200)
    .default([]),
});
export type WooCommerceOrder = z.output<typeof wooCommerceOrderSchema>;

/** Lines worth links: a product and at least one unit. */
export function orderLines(order: WooCommerceOrder) {
  return order.line_items
    .filter((l) => l.quantity > 0 && l.product_id !== '0')
    .map((l) => ({ lineId: l.id, productId: l.product_id, quantity: l.quantity }));
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** The buyer's address, or '' when the order has none that looks like one. */
export function buyerEmail(order: WooCommerceOrder): string {
  const email = (order.billing?.email ?? '').trim();
  return EMAIL.test(email) ? email : '';
}
