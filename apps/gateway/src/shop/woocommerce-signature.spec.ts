import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isDeliveryPing, verifyWooCommerceSignature, wooCommerceSignature } from './woocommerce-signature.js';
import { buyerEmail, orderLines, wooCommerceOrderSchema } from './woocommerce-order.js';

// Known answer computed with Python's hmac module:
// base64.b64encode(hmac.new(b'whsec_test', body, hashlib.sha256).digest())
const body = Buffer.from('{"id":727,"status":"processing"}');
const KNOWN = 'O0j5BWPYjf5KOFzfaoZKcDoDHK7ddrzi08gXOJzN4Tg=';

test('the signature is base64 HMAC-SHA256 of the raw body (independent known answer)', () => {
  assert.equal(wooCommerceSignature(body, 'whsec_test'), KNOWN);
  assert.equal(verifyWooCommerceSignature(body, KNOWN, 'whsec_test'), true);
  assert.equal(verifyWooCommerceSignature(body, ` ${KNOWN} `, 'whsec_test'), true);
});

test('another secret, another body, a cut or missing header: refused', () => {
  assert.equal(verifyWooCommerceSignature(body, KNOWN, 'whsec_other'), false);
  assert.equal(verifyWooCommerceSignature(Buffer.from(`${body} `), KNOWN, 'whsec_test'), false);
  assert.equal(verifyWooCommerceSignature(body, KNOWN.slice(0, -2), 'whsec_test'), false);
  assert.equal(verifyWooCommerceSignature(body, undefined, 'whsec_test'), false);
  assert.equal(verifyWooCommerceSignature(body, KNOWN, ''), false);
});

test('the delivery ping is the form body webhook_id=N, nothing else', () => {
  assert.equal(isDeliveryPing(Buffer.from('webhook_id=12'), 'application/x-www-form-urlencoded'), true);
  assert.equal(isDeliveryPing(Buffer.from('webhook_id=12'), undefined), true);
  assert.equal(isDeliveryPing(Buffer.from('{"webhook_id":12}'), 'application/json'), false);
  assert.equal(isDeliveryPing(Buffer.from('webhook_id=12&x=1'), undefined), false);
});

test('an order: lines with units and a product; the billing email when it looks like one', () => {
  const order = wooCommerceOrderSchema.parse({
    id: 727,
    status: 'processing',
    billing: { email: ' bea@example.org ' },
    line_items: [
      { id: 1, product_id: 93, quantity: 2 },
      { id: 2, product_id: 94, quantity: 0 },
      { id: 3, product_id: 0, quantity: 1 },
    ],
  });
  assert.deepEqual(orderLines(order), [{ lineId: '1', productId: '93', quantity: 2 }]);
  assert.equal(buyerEmail(order), 'bea@example.org');
  assert.equal(buyerEmail({ ...order, billing: { email: 'not an email' } }), '');
  assert.equal(wooCommerceOrderSchema.safeParse({ webhook_id: 3 }).success, false);
});
