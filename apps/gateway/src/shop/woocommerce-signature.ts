import { createHmac, timingSafeEqual } from 'node:crypto';

/** WooCommerce's webhook signature: base64(HMAC-SHA256(raw body, secret)) in X-WC-Webhook-Signature. */
export function wooCommerceSignature(rawBody: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Constant-time check of a delivery's signature header against the raw body it came with. */
export function verifyWooCommerceSignature(
  rawBody: Buffer,
  header: string | undefined,
  secret: string,
): boolean {
  if (!header || !secret) return false;
  const expected = Buffer.from(wooCommerceSignature(rawBody, secret), 'utf8');
  const given = Buffer.from(header.trim(), 'utf8');
  // equal lengths first: timingSafeEqual throws on a mismatch, and a length says nothing secret
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** WooCommerce's delivery ping when a webhook is saved: a form body `webhook_id={id}`, unsigned. */
export function isDeliveryPing(rawBody: Buffer, contentType: string | undefined): boolean {
  const text = rawBody.toString('utf8').trim();
  return /^webhook_id=\d{1,20}$/.test(text) && !/json/i.test(contentType ?? '');
}
