import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';
import { parseEther } from 'viem';
import { acceptDialogs, creditViaApi } from './support/accounts.js';
import { anvilRpc, fund } from './support/chain.js';
import { env, seed } from './support/chips.js';
import { addVirtualAuthenticator } from './support/webauthn.js';

/**
 * The embeddable "Mint as NFT" button (issue #19) on the real stack: a shop page on ANOTHER origin
 * (a static server started here) includes `{PUBLIC_URL}/embed/mint-as-nft.js` with a ticket its
 * server obtained with the shop access token (the token itself never reaches the page); the buyer
 * clicks the button, mints in our popup with a new wallet, the chain holds the token, the template's
 * description is the check link, and the shop page receives the result through postMessage.
 */
test.setTimeout(240_000);
const CHAIN_TIMEOUT = { timeout: 45_000 };
const SHOTS = 'test-results/e2e/mint-embed';

/** The stack as localhost: WebAuthn needs a host name for its relying party (not an IP address). */
const localOrigin = () => env('E2E_BASE_URL').replace('127.0.0.1', 'localhost');

let shop: Server;
let shopOrigin = '';
/** The shop's page for the current test: set before the page is opened. */
let shopHtml = '';

const SHOP_SCRIPT = `
document.addEventListener('metatag:minted', function (event) {
  var status = document.getElementById('status');
  status.textContent = 'Minted token ' + event.detail.tokenId;
  status.setAttribute('data-check', event.detail.checkLink);
});
`;

test.beforeAll(async () => {
  shop = createServer((req, res) => {
    if (req.url === '/shop.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(SHOP_SCRIPT);
      return;
    }
    // a shop with a strict CSP of its own: our script's origin allowed, nothing inline
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `default-src 'self'; script-src 'self' ${env('E2E_BASE_URL')} ${localOrigin()}`,
      })
      .end(shopHtml);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise<void>((resolve) => shop.close(() => resolve()));
});

async function ownerOf(collection: string, tokenId: string): Promise<string> {
  const data = `0x6352211e${BigInt(tokenId).toString(16).padStart(64, '0')}`;
  const word = await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']).catch(() => '');
  return word ? `0x${word.slice(-40)}` : '';
}

/** The buyer's popup at `width`: NEW WALLET from its Connect Wallet dialog, funded; the address. */
async function connectPopupWallet(popup: Page): Promise<string> {
  await popup.getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = popup.getByRole('dialog', { name: 'Connect Wallet' });
  await modal.getByRole('button', { name: 'NEW WALLET' }).click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
  const wallet = popup.getByTestId('mint-ticket-wallet');
  await expect(wallet).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/, { timeout: 15_000 });
  const address = (await wallet.getAttribute('title'))!.toLowerCase();
  await fund(address);
  return address;
}

for (const width of [1280, 390]) {
  test(`a shop page on another origin: Mint as NFT in our popup, the result back on the shop page (${width} px)`, async ({
    browser,
  }) => {
    const s = await seed();
    const base = env('E2E_BASE_URL');
    // the shop's server: its access token makes the record and a ticket; only the ticket goes out
    const token = ((await (await s.api.get('/woo_commmerce_access_token')).json()) as { value: string })
      .value;
    const q = `authtoken=${encodeURIComponent(token)}`;
    const created = await s.api.post(`/json/ganache/nft?${q}`, { data: {} });
    expect(created.status(), await created.text()).toBe(201);
    const nftId = ((await created.json()) as { item: { id: number } }).item.id;
    const fields = await s.api.put(`/json/ganache/nft/${nftId}?${q}`, {
      data: { limit: 3, title: 'Embedded Sneaker', collection: s.collection },
    });
    expect(fields.ok(), await fields.text()).toBe(true);
    const issued = await s.api.post(`/json/mint-flow/ticket?${q}`, {
      data: { chain: 'ganache', nftId, origin: shopOrigin },
    });
    expect(issued.status(), await issued.text()).toBe(201);
    const { ticket } = (await issued.json()) as { ticket: string };
    shopHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sneaker shop</title></head>
<body><h1>Sneaker shop</h1><p>Golden Sneaker: 120 EUR. Order it and get its NFT.</p>
<div id="mint"></div><p id="status">Not minted yet</p>
<script src="${base}/embed/mint-as-nft.js" data-ticket="${ticket}" data-target="#mint"></script>
<script src="/shop.js"></script>
</body></html>`;
    expect(shopHtml).not.toContain(token);

    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 900 : 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${shopOrigin}/`);
    const button = page.getByRole('button', { name: 'Mint as NFT' });
    await expect(button).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/shop-button-${width}.png`, fullPage: true });

    const [popup] = await Promise.all([context.waitForEvent('page'), button.click()]);
    acceptDialogs(popup);
    // the popup opens 480 px wide; the page is checked at the test's width too
    await popup.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await popup.waitForLoadState();
    expect(new URL(popup.url()).origin).toBe(base);
    await expect(popup.getByRole('heading', { name: 'Mint as NFT' })).toBeVisible();
    await expect(popup.getByTestId('mint-ticket-nft')).toHaveText('Embedded Sneaker');
    const wallet = await connectPopupWallet(popup);
    await popup.screenshot({ path: `${SHOTS}/popup-${width}.png`, fullPage: true });
    await popup.getByTestId('mint-ticket-run').click();
    await expect(popup.getByTestId('mint-flow-result')).toBeVisible(CHAIN_TIMEOUT);
    const tokenId = (await popup.getByTestId('mint-flow-token').textContent())!;
    const canonical = new URL(env('E2E_BASE_URL')).port;
    const check = `http://localhost:${canonical}/ganache/check-parent/${s.collection}/${tokenId}`;
    await expect(popup.getByTestId('mint-flow-check')).toHaveText(check);
    await popup.screenshot({ path: `${SHOTS}/popup-done-${width}.png`, fullPage: true });

    // the shop page got the result from our popup, and only that
    await expect(page.locator('#status')).toHaveText(`Minted token ${tokenId}`);
    await expect(page.locator('#status')).toHaveAttribute('data-check', check);
    await expect(page.getByRole('button', { name: 'Minted' })).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/shop-done-${width}.png`, fullPage: true });
    expect(errors).toEqual([]);

    // the chain holds the token in the buyer's wallet; the record's description is the check link
    await expect.poll(() => ownerOf(s.collection, tokenId), CHAIN_TIMEOUT).toBe(wallet);
    const items = (
      (await (await s.api.get('/json/ganache/nfts')).json()) as {
        items: { id: number; description: string }[];
      }
    ).items;
    expect(items.find((i) => i.id === nftId)?.description).toBe(check);
    await context.close();
  });
}

test('the embed script is served as JavaScript with a day-long cache', async ({ request }) => {
  const res = await request.get('/embed/mint-as-nft.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^(application|text)\/javascript/);
  expect(res.headers()['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
  expect(await res.text()).toContain('metatag:minted');
});

test('no wallet: the buyer claims the ticket into a passkey account, the shop pays the gas (#29 item 5)', async ({
  browser,
}) => {
  const s = await seed();
  const token = ((await (await s.api.get('/woo_commmerce_access_token')).json()) as { value: string }).value;
  const q = `authtoken=${encodeURIComponent(token)}`;
  const created = await s.api.post(`/json/ganache/nft?${q}`, { data: {} });
  expect(created.status(), await created.text()).toBe(201);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  for (const data of [
    { limit: 3, title: 'Embedded Sneaker', collection: s.collection },
    { gasPaidBy: 'owner' },
  ]) {
    const put = await s.api.put(`/json/ganache/nft/${nftId}?${q}`, { data });
    expect(put.ok(), await put.text()).toBe(true);
  }
  await creditViaApi(s.userId, parseEther('0.5'));
  const issued = await s.api.post(`/json/mint-flow/ticket?${q}`, {
    data: { chain: 'ganache', nftId, origin: shopOrigin },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const { ticket } = (await issued.json()) as { ticket: string };
  shopHtml = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sneaker shop</title></head>
<body><h1>Sneaker shop</h1><div id="mint"></div><p id="status">Not minted yet</p>
<script src="${localOrigin()}/embed/mint-as-nft.js" data-ticket="${ticket}" data-target="#mint"></script>
<script src="/shop.js"></script>
</body></html>`;

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${shopOrigin}/`);
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Mint as NFT' }).click(),
    ]);
    acceptDialogs(popup);
    // a platform authenticator in the popup (CDP WebAuthn): a real ceremony, the key stays inside it
    await addVirtualAuthenticator(popup);
    await popup.waitForLoadState();
    const offer = popup.getByTestId('mint-ticket-passkey-offer');
    await expect(offer).toContainText('the shop pays the fee, you need no ETH');
    await offer.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(popup.getByTestId('mint-flow-result')).toBeVisible(CHAIN_TIMEOUT);
    const account = (await popup.getByTestId('mint-ticket-passkey').getAttribute('title'))!.toLowerCase();
    expect(account).toMatch(/^0x[0-9a-f]{40}$/);
    await popup.screenshot({ path: `${SHOTS}/popup-passkey-done-390.png`, fullPage: true });
    const tokenId = (await popup.getByTestId('mint-flow-token').textContent())!;
    // the token is the passkey account's, which never held ETH; the shop page heard of it
    await expect.poll(() => ownerOf(s.collection, tokenId), CHAIN_TIMEOUT).toBe(account);
    expect(BigInt(await anvilRpc<string>('eth_getBalance', [account, 'latest']))).toBe(0n);
    await expect(page.locator('#status')).toHaveText(`Minted token ${tokenId}`);
  } finally {
    await context.close();
  }
});
