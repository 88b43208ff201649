import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { ShopMailer } from '@metatag/gateway';
import { Client, startTestStack, type TestStack } from './testing/stack.fixture.js';
import { signInPasswordUser, signInSuperAdmin, type SignedIn } from './testing/sign-in.fixture.js';
import { until } from './testing/chain-owner.fixture.js';

// The shop webhook (issue 19): WooCommerce-shaped orders, signed as WooCommerce signs them
// (base64 HMAC-SHA256 of the raw body), computed here by an independent implementation (openssl),
// delivered to `/woocommerce-webhook?access_token=`; the buyer's email is received by a real SMTP
// server started by this test. The email is the shop mailer's step after the webhook's reply (decision
// 112): the server can hold a message or refuse it (451), and the email still arrives, once.

interface Received {
  to: string[];
  raw: string;
}
const inbox: Received[] = [];
/** accept: mail is taken; hold: a message waits until `releaseHeld`; fail: every recipient gets a 451. */
let smtpMode: 'accept' | 'hold' | 'fail' = 'accept';
const held: (() => void)[] = [];
let refusals = 0;
const releaseHeld = () => held.splice(0).forEach((release) => release());
let smtp: SMTPServer;
let smtpPort = 0;
let stack: TestStack;
let boss: SignedIn;
let alice: SignedIn;
let anonymous: Client;
let token = '';
let secret = '';
let nftId = 0;

before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (smtpMode !== 'fail') return callback();
      refusals++;
      callback(Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const accept = () => {
          inbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        };
        if (smtpMode === 'hold') held.push(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpPort = (smtp.server.address() as { port: number }).port;
  stack = await startTestStack({
    env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, PUBLIC_URL: 'https://shop-test.metatag.example' },
  });
  boss = await signInSuperAdmin(stack.url);
  alice = await signInPasswordUser(stack.url, boss.client);
  anonymous = new Client(stack.url);
  const shop = (await alice.client.call('GET', '/woo_commmerce_access_token')).body;
  token = shop.value as string;
  secret = shop.secret as string;
  const created = await alice.client.call('POST', '/json/ganache/nft', {});
  nftId = (created.body.item as { id: number }).id;
  for (const [field, value] of [
    ['title', 'Golden Ticket'],
    ['woocomerce_item_id', '93'],
  ]) {
    const put = await alice.client.call('PUT', `/json/ganache/nft/${nftId}`, { [field]: value });
    assert.equal(put.status, 200, JSON.stringify(put.body));
  }
});
after(async () => {
  await stack?.stop();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** WooCommerce's order shape (REST API v3 / webhook order.created), trimmed to realistic fields. */
function order(id: number, status: string, lines: { id: number; product_id: number; quantity: number }[]) {
  return {
    id,
    parent_id: 0,
    number: String(id),
    order_key: `wc_order_${id}abc`,
    created_via: 'checkout',
    version: '9.4.0',
    status,
    currency: 'EUR',
    date_created: '2026-11-25T00:10:00',
    total: '29.00',
    customer_id: 0,
    billing: {
      first_name: 'Bea',
      last_name: 'Buyer',
      address_1: '1 Main St',
      city: 'Berlin',
      postcode: '10115',
      country: 'DE',
      email: 'bea.buyer@example.org',
      phone: '',
    },
    payment_method: 'bacs',
    payment_method_title: 'Direct bank transfer',
    line_items: lines.map((l) => ({
      id: l.id,
      name: 'Golden Ticket T-shirt',
      product_id: l.product_id,
      variation_id: 0,
      quantity: l.quantity,
      tax_class: '',
      subtotal: '29.00',
      total: '29.00',
      sku: 'TSHIRT-GOLD',
      price: 14.5,
    })),
  };
}

/** openssl, not our code: `openssl dgst -sha256 -hmac SECRET -binary | base64`. */
function opensslSignature(body: string, key: string): string {
  const mac = spawnSync('openssl', ['dgst', '-sha256', '-hmac', key, '-binary'], { input: body });
  assert.equal(mac.status, 0, String(mac.stderr));
  return mac.stdout.toString('base64');
}

async function deliver(body: string, headers: Record<string, string>, accessToken = token) {
  const res = await fetch(
    `${stack.url}/woocommerce-webhook?access_token=${encodeURIComponent(accessToken)}`,
    {
      method: 'POST',
      headers,
      body,
    },
  );
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const signed = (payload: unknown, topic = 'order.created') => {
  const body = JSON.stringify(payload, null, 1); // WooCommerce's own spacing is not ours: the raw bytes count
  return deliver(body, {
    'content-type': 'application/json',
    'x-wc-webhook-topic': topic,
    'x-wc-webhook-source': 'https://shop.example/',
    'x-wc-webhook-signature': opensslSignature(body, secret),
  });
};

const links = async () =>
  ((await alice.client.call('GET', `/json/qrlink/link/${nftId}`)).body.items as { id: string }[]).map(
    (l) => l.id,
  );

/** The gateway's shop mailer: a test runs a round of it to see that nothing is due. */
const mailer = () => stack.stack.gateway.app.get(ShopMailer);

type Delivery = { outcome: string; orderId: string; detail: string };
const deliveries = async () =>
  (await alice.client.call('GET', '/json/shop/deliveries')).body.items as Delivery[];

/** Quoted-printable undone enough to read URLs: soft line breaks and `=3D`. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

test('the delivery ping is answered; no token or a wrong one is 401', async () => {
  const ping = await deliver('webhook_id=17', { 'content-type': 'application/x-www-form-urlencoded' });
  assert.equal(ping.status, 200);
  const none = await deliver('webhook_id=17', { 'content-type': 'application/x-www-form-urlencoded' }, '');
  assert.equal(none.status, 401);
  const wrong = await deliver('webhook_id=17', {}, 'wc_wrong');
  assert.equal(wrong.status, 401);
});

test('a bad or missing signature is 401 and makes nothing', async () => {
  const body = JSON.stringify(order(700, 'processing', [{ id: 1, product_id: 93, quantity: 1 }]));
  const forged = await deliver(body, {
    'content-type': 'application/json',
    'x-wc-webhook-signature': opensslSignature(body, 'not-the-secret'),
  });
  assert.equal(forged.status, 401);
  assert.equal(forged.body.errorMessage, 'Invalid webhook signature');
  const unsigned = await deliver(body, { 'content-type': 'application/json' });
  assert.equal(unsigned.status, 401);
  // the signature covers the exact bytes: the same JSON re-spaced does not verify
  const respaced = await deliver(JSON.stringify(JSON.parse(body), null, 2), {
    'content-type': 'application/json',
    'x-wc-webhook-signature': opensslSignature(body, secret),
  });
  assert.equal(respaced.status, 401);
  assert.deepEqual(await links(), []);
});

test('an unpaid order makes no links; a paid one makes one link per unit and emails the buyer', async () => {
  const pending = await signed(order(801, 'pending', [{ id: 11, product_id: 93, quantity: 2 }]));
  assert.equal(pending.status, 200);
  assert.deepEqual(await links(), []);

  const before = inbox.length;
  const paid = await signed(
    order(801, 'processing', [
      { id: 11, product_id: 93, quantity: 2 },
      { id: 12, product_id: 555, quantity: 1 }, // no template sells product 555
    ]),
    'order.updated',
  );
  assert.equal(paid.status, 200, JSON.stringify(paid.body));
  assert.equal(paid.body.links, 2);
  const made = await links();
  assert.equal(made.length, 2);

  await until(
    async () => inbox.length,
    (n) => n === before + 1,
    'the buyer is emailed',
    15_000,
  );
  const mail = inbox.at(-1)!;
  assert.deepEqual(mail.to, ['bea.buyer@example.org']);
  const text = unfold(mail.raw);
  assert.match(text, /Subject: Your NFT: Golden Ticket/);
  assert.match(text, /multipart\/alternative/);
  assert.match(text, /Content-Type: text\/plain/);
  assert.match(text, /Content-Type: text\/html/);
  for (const id of made) assert.ok(text.includes(`https://shop-test.metatag.example/link/${id}`), id);

  // the claim link is a valid public link of the template
  const lookup = await anonymous.call('GET', `/json/nft-by-chiplink/${made[0]}?type=link`);
  assert.equal(lookup.status, 200, JSON.stringify(lookup.body));
  assert.equal((lookup.body.nft as { id: number }).id, nftId);
});

test('the same order delivered again, or completed later, makes no new links and no new email', async () => {
  const count = (await links()).length;
  const mails = inbox.length;
  const payload = order(801, 'processing', [{ id: 11, product_id: 93, quantity: 2 }]);
  const again = await signed(payload, 'order.updated');
  assert.equal(again.status, 200);
  assert.equal(again.body.links, 0);
  const completed = await signed({ ...payload, status: 'completed' }, 'order.updated');
  assert.equal(completed.body.links, 0);
  assert.equal((await links()).length, count);
  assert.equal(await mailer().runOnce(), 0, 'no email is due');
  assert.equal(inbox.length, mails);
});

test('the owner reads the delivery log, newest first', async () => {
  const res = await alice.client.call('GET', '/json/shop/deliveries');
  assert.equal(res.status, 200);
  const outcomes = (res.body.items as { outcome: string; orderId: string; linksCreated: number }[]).map(
    (d) => d.outcome,
  );
  assert.deepEqual(outcomes, [
    'already_processed',
    'already_processed',
    'email_sent',
    'not_paid',
    'bad_signature',
    'bad_signature',
    'bad_signature',
    'ping',
  ]);
  // nobody else's log: bob sees none of it
  const bob = await signInPasswordUser(stack.url, boss.client);
  assert.deepEqual((await bob.client.call('GET', '/json/shop/deliveries')).body.items, []);
  assert.equal((await bob.client.call('GET', `/json/shop/deliveries?user=${alice.id}`)).status, 403);
});

test('the webhook answers while the SMTP server holds the email; a redelivery meanwhile mails nothing more', async () => {
  const mails = inbox.length;
  smtpMode = 'hold';
  try {
    const payload = order(901, 'processing', [{ id: 21, product_id: 93, quantity: 1 }]);
    const first = await signed(payload);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.deepEqual(first.body, { ok: true, links: 1 });
    // answered, and the email is only now in the SMTP server's hands, waiting
    await until(
      async () => held.length,
      (n) => n === 1,
      'the mailer is sending',
      15_000,
    );
    assert.equal(inbox.length, mails);
    const again = await signed(payload, 'order.updated');
    assert.deepEqual(again.body, { ok: true, links: 0 });
  } finally {
    smtpMode = 'accept';
    releaseHeld();
  }
  await until(
    async () => inbox.length,
    (n) => n === mails + 1,
    'the held email is taken',
    15_000,
  );
  assert.equal(await mailer().runOnce(), 0, 'nothing due: the email is recorded as sent');
  assert.equal(inbox.length, mails + 1);
  assert.deepEqual(inbox.at(-1)!.to, ['bea.buyer@example.org']);
});

test('an SMTP failure is retried until the server takes the email; the delivery log shows it', async () => {
  const mails = inbox.length;
  refusals = 0;
  smtpMode = 'fail';
  try {
    const res = await signed(order(902, 'processing', [{ id: 31, product_id: 93, quantity: 1 }]));
    assert.deepEqual(res.body, { ok: true, links: 1 });
    await until(
      async () => refusals,
      (n) => n >= 1,
      'the SMTP server refused the email',
      15_000,
    );
    assert.equal((await deliveries()).find((d) => d.orderId === '902')?.outcome, 'links_created');
  } finally {
    smtpMode = 'accept';
  }
  // the next attempt is 5 s after the failure (decision 112), without WooCommerce delivering again
  await until(
    async () => inbox.length,
    (n) => n === mails + 1,
    'the email is retried',
    30_000,
  );
  const mail = inbox.at(-1)!;
  assert.deepEqual(mail.to, ['bea.buyer@example.org']);
  assert.match(unfold(mail.raw), /Order #902/);
  const entry = await until(
    async () => (await deliveries()).find((d) => d.orderId === '902'),
    (d) => d?.outcome === 'email_sent',
    'the delivery log shows the email',
    10_000,
  );
  assert.match(entry!.detail, /email sent to the buyer \(1 link\(s\)\)/);
});

test('a webhook delivered twice at once makes one link and one email', async () => {
  const mails = inbox.length;
  const payload = order(903, 'completed', [{ id: 41, product_id: 93, quantity: 1 }]);
  const replies = await Promise.all([signed(payload), signed(payload, 'order.updated')]);
  assert.deepEqual(
    replies.map((r) => r.status),
    [200, 200],
  );
  assert.equal(
    replies.reduce((n, r) => n + (r.body.links as number), 0),
    1,
  );
  await until(
    async () => inbox.length,
    (n) => n === mails + 1,
    'the buyer is emailed',
    15_000,
  );
  assert.equal(await mailer().runOnce(), 0, 'no second email is due');
  assert.equal(inbox.length, mails + 1);
});
