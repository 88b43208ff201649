import { spawnSync } from 'node:child_process';
import { test, expect, type Browser, type Page } from '@playwright/test';
import { encodeFunctionData } from 'viem';
import { LINK_CLAIMED_BY_ANOTHER } from '@metatag/api-types';
import { collectionAbi } from '@metatag/contracts';
import { acceptDialogs } from './support/accounts.js';
import { anvilRpc } from './support/chain.js';
import { connectChipPageWallet, env, seed } from './support/chips.js';
import { startMailbox, type Mailbox } from './support/mailbox.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Issue #28, the harvested-link attack replayed in the browser, now failing to steal. A shop's buyer
 * gets a claim link by email (a WooCommerce order signed as WooCommerce signs it, delivered to a real
 * SMTP server); the owner has more links made through the API the links admin uses. The attacker,
 * anonymous in a browser of their own, walks the public search page with the 1–3 character prefixes
 * of the buyer's very link id (the attacker's best case) and is shown nothing. Then, holding the link
 * anyway (a forwarded email), the attacker races the buyer: the buyer's mint is sent (its voucher binds
 * the link to the buyer's wallet) and waits for its block; the attacker's wallet is refused with the
 * product's text on the page; the chain gives the token to the buyer; a late attempt is refused too.
 */

const SHOTS = 'tenancy-harvest';
const CHAIN_TIMEOUT = { timeout: 45_000 };
const PRODUCT_ID = 2801;

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox(Number(env('E2E_SMTP_PORT')));
});
test.afterAll(() => mailbox.close());

/** A WooCommerce order of one unit, signed with the shop's webhook secret (openssl computes the HMAC). */
async function deliverOrder(token: string, secret: string, orderId: number): Promise<void> {
  const body = JSON.stringify({
    id: orderId,
    number: String(orderId),
    status: 'processing',
    currency: 'EUR',
    billing: { first_name: 'Bea', last_name: 'Buyer', email: 'bea.harvest@example.org' },
    line_items: [
      { id: orderId * 10 + 1, name: 'Golden Sneaker', product_id: PRODUCT_ID, variation_id: 0, quantity: 1 },
    ],
  });
  const mac = spawnSync('openssl', ['dgst', '-sha256', '-hmac', secret, '-binary'], { input: body });
  expect(mac.status).toBe(0);
  const res = await fetch(`${env('E2E_BASE_URL')}/woocommerce-webhook?access_token=${token}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-topic': 'order.created',
      'x-wc-webhook-signature': mac.stdout.toString('base64'),
    },
    body,
  });
  expect(res.status, await res.text()).toBe(200);
}

async function browserAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 844 } });
  const page = await context.newPage();
  acceptDialogs(page);
  return page;
}

async function ownerOf(collection: string, tokenId: bigint): Promise<string> {
  const data = encodeFunctionData({ abi: collectionAbi, functionName: 'ownerOf', args: [tokenId] });
  const word = await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
  return `0x${word.slice(-40)}`;
}

test('harvested claim links: search hands out no link id; the buyer mints; the attacker’s wallet is refused', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const started = Date.now();
  const s = await seed();
  const put = await s.api.put(`/json/ganache/nft/${s.nftId}`, {
    data: { woocomerce_item_id: String(PRODUCT_ID) },
  });
  expect(put.ok(), await put.text()).toBe(true);
  // more links of the same owner, made as the links admin makes them
  const batch = await s.api.post(`/json/qrlink/link/${s.nftId}?batch=5`, { data: {} });
  expect(batch.ok(), await batch.text()).toBe(true);
  const shop = (await (await s.api.get('/woo_commmerce_access_token')).json()) as {
    value: string;
    secret: string;
  };
  const mails = mailbox.inbox.length;
  await deliverOrder(shop.value, shop.secret, 28_000 + Math.floor(Math.random() * 1_000_000));
  await expect.poll(() => mailbox.inbox.length).toBe(mails + 1);
  const raw = mailbox.inbox
    .at(-1)!
    .raw.replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const linkId = /https?:\/\/[^/\s"<>]+\/link\/([A-Za-z0-9]{14})/.exec(raw)?.[1] ?? '';
  expect(linkId, 'the buyer’s email carries the claim link').toMatch(/^[A-Za-z0-9]{14}$/);

  // the attacker, anonymous: the public search page with the link's own 1–3 character prefixes
  const attacker = await browserAt(browser, 1280);
  for (const q of [linkId.slice(0, 1), linkId.slice(0, 2), linkId.slice(0, 3)]) {
    await attacker.goto(`/search/${encodeURIComponent(q)}`);
    await expect(attacker.getByTestId('search-query')).toHaveText(q);
    await expect(attacker.getByTestId('search-empty')).toHaveText('Nothing found.');
    await expect(attacker.locator('a[href^="/link/"]')).toHaveCount(0);
  }
  await shootBoth(attacker, SHOTS, 'attacker-search');

  // the buyer opens the emailed link on a phone and connects a wallet
  const buyer = await browserAt(browser, 390);
  await buyer.goto(`/link/${linkId}`);
  await expect(buyer.getByTestId('chip-title')).toHaveText('Golden Sneaker');
  const buyerWallet = await connectChipPageWallet(buyer);

  // the race: the buyer's mint is sent and waits for its block while the attacker, who holds the
  // link URL, tries to mint it to another wallet in another browser
  let attackerWallet = '';
  await anvilRpc('evm_setAutomine', [false]);
  try {
    await buyer.getByRole('button', { name: 'Mint and Claim' }).click();
    await expect(buyer.getByTestId('tx-step')).toHaveText('Waiting for the receipt…', CHAIN_TIMEOUT);

    await attacker.goto(`/link/${linkId}`);
    await expect(attacker.getByTestId('chip-title')).toHaveText('Golden Sneaker');
    attackerWallet = await connectChipPageWallet(attacker);
    expect(attackerWallet).not.toBe(buyerWallet);
    await attacker.getByRole('button', { name: 'Mint and Claim' }).click();
    await expect(attacker.getByTestId('mint-failed')).toHaveText(LINK_CLAIMED_BY_ANOTHER, CHAIN_TIMEOUT);
    await expect(attacker.getByTestId('chip-owner-mine')).toHaveCount(0);
    await shootBoth(attacker, SHOTS, 'attacker-refused');
  } finally {
    await anvilRpc('evm_setAutomine', [true]);
    await anvilRpc('evm_mine', []);
  }

  // the buyer's mint lands: the page and the chain say the token is the buyer's
  await expect(buyer.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  const token = (await (await s.api.get(`/json/chiplink-token/${linkId}?type=link`)).json()) as {
    tokenId: string;
  };
  expect(await ownerOf(s.collection, BigInt(token.tokenId))).toBe(buyerWallet);

  // late: the attacker opens the link again; it offers nothing to mint, and asked directly for a
  // voucher the server answers the same refusal
  await attacker.goto(`/link/${linkId}`);
  await expect(attacker.getByTestId('chip-owner')).toHaveText(buyerWallet, { ignoreCase: true });
  await expect(attacker.getByRole('button', { name: 'Mint and Claim' })).toHaveCount(0);
  const late = await attacker.request.get(`/json/get-mint-data/${linkId}?to=${attackerWallet}`);
  expect(late.status()).toBe(409);
  expect(((await late.json()) as { errorMessage: string }).errorMessage).toBe(LINK_CLAIMED_BY_ANOTHER);
  await shootBoth(attacker, SHOTS, 'attacker-late');
  expect(await ownerOf(s.collection, BigInt(token.tokenId))).toBe(buyerWallet);
  console.log(`# tenancy-harvest: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});
