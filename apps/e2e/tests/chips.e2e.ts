import { test, expect, type Browser, type Page } from '@playwright/test';
import { acceptDialogs } from './support/accounts.js';
import { anvilRpc, fund } from './support/chain.js';
import { provisionChip, seed, tap } from './support/chips.js';

/**
 * The chip and link pages (issue #7) on the real stack: a chip provisioned and tapped with the
 * product's chip CLI, visitors with the built-in wallet (NEW WALLET) in Chromium, vouchers from the
 * relayer, and the chain as the judge of who owns what.
 */

test.setTimeout(300_000);
const CHAIN_TIMEOUT = { timeout: 45_000 };

async function ownerOf(collection: string, tokenId: string): Promise<string> {
  const data = `0x6352211e${BigInt(tokenId).toString(16).padStart(64, '0')}`;
  const result = await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
  return `0x${result.slice(-40)}`;
}

async function balance(address: string): Promise<bigint> {
  return BigInt(await anvilRpc<string>('eth_getBalance', [address, 'latest']));
}

/** NEW WALLET from the page's wallet modal; returns the address the header shows. */
async function connectNewWallet(page: Page): Promise<string> {
  await page.getByTestId('chip-actions').getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
  await expect(modal.getByTestId('install-wallet')).toContainText('you must have a browser wallet installed');
  await modal.getByRole('button', { name: 'NEW WALLET' }).click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
  const wallet = page.getByTestId('chip-wallet');
  await expect(wallet).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/, { timeout: 15_000 });
  const address = (await wallet.getAttribute('title'))!;
  await fund(address);
  return address.toLowerCase();
}

async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  acceptDialogs(page);
  return page;
}

test('a chip: authenticate, mint and claim, lock, a locked chip for others, unlock, claim by another, replay refused', async ({
  browser,
}) => {
  const { api, collection, nftId } = await seed();
  const tag = await provisionChip(nftId);

  // The first visitor taps the chip: the page checks it, then offers a wallet.
  const first = await newVisitor(browser);
  const firstUrl = await tap(tag);
  await first.goto(firstUrl);
  await expect(first.getByTestId('chip-title')).toHaveText('Golden Sneaker');
  await expect(first.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  await expect(first.getByTestId('chip-status')).toHaveText('pre-mint');
  await expect(first.getByRole('link', { name: 'https://example.com/shoe' })).toBeVisible();
  await expect(first.getByText('Made in 2026.')).toBeHidden();
  await first.getByRole('button', { name: 'READ MORE' }).click();
  await expect(first.getByText('Made in 2026.')).toBeVisible();
  await expect(first.getByTestId('powered-by')).toHaveCount(0);

  const alice = await connectNewWallet(first);
  await first.getByRole('button', { name: 'Mint and Claim' }).click();
  await expect(first.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  await expect(first.getByTestId('chip-status')).toHaveText('unlocked');
  await expect(first.getByTestId('tx-step')).toHaveText('Confirmed');
  const tokenId = (await first.getByTestId('chip-token-id').textContent())!;
  expect(await ownerOf(collection, tokenId)).toBe(alice);

  // The owner locks it: on chain, and the page says so.
  await first.getByRole('button', { name: 'Lock', exact: true }).click();
  await expect(first.getByTestId('chip-status')).toHaveText('locked', CHAIN_TIMEOUT);
  await expect(first.getByRole('button', { name: 'Unlock' })).toBeVisible();

  // A second visitor taps it: locked by the owner.
  const second = await newVisitor(browser);
  await second.goto(await tap(tag));
  await expect(second.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  const bob = await connectNewWallet(second);
  await expect(second.getByRole('button', { name: 'Item is locked by the owner' })).toBeDisabled();

  // The owner unlocks; the second visitor taps again and claims the token.
  await first.getByRole('button', { name: 'Unlock' }).click();
  await expect(first.getByTestId('chip-status')).toHaveText('unlocked', CHAIN_TIMEOUT);
  await second.goto(await tap(tag));
  await expect(second.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  await second.getByRole('button', { name: 'Claim Ownership' }).click();
  await expect(second.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  expect(await ownerOf(collection, tokenId)).toBe(bob);

  // An old URL is a replay: not authentic.
  await first.goto(firstUrl);
  await expect(first.getByTestId('chip-auth')).toHaveText('Not Authentic', { timeout: 15_000 });
  await expect(first.getByRole('button', { name: 'Authentication failed. Scan again' })).toBeDisabled();
  await api.dispose();
});

test('a QR link with a price: Buy Token for 0.01ETH pays the payout address', async ({ browser }) => {
  const { api, collection, nftId } = await seed();
  const payout = `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
  for (const [field, value] of Object.entries({ price: '0.01', payoutAddress: payout })) {
    const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { [field]: value } });
    expect(put.ok(), await put.text()).toBe(true);
  }
  const created = await api.post(`/json/qrlink/link/${nftId}`, { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const linkId = ((await created.json()) as { item: { id: string } }).item.id;

  const page = await newVisitor(browser);
  await page.goto(`/link/${linkId}`);
  await expect(page.getByTestId('chip-title')).toHaveText('Golden Sneaker');
  await expect(page.getByTestId('chip-auth')).toHaveCount(0);
  await expect(page.getByTestId('chip-status')).toHaveCount(0);
  const buyer = await connectNewWallet(page);
  const before = await balance(payout);
  await page.getByRole('button', { name: 'Buy Token for 0.01ETH' }).click();
  await expect(page.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  const tokenId = (await page.getByTestId('chip-token-id').textContent())!;
  expect(await ownerOf(collection, tokenId)).toBe(buyer);
  expect((await balance(payout)) - before).toBe(10n ** 16n);

  // An unknown link and an unknown chip say so.
  await page.goto('/link/NoSuchLink42');
  await expect(page.getByTestId('chip-error')).toHaveText('Link is not valid');
  await page.goto('/tag/NoSuchChip42');
  await expect(page.getByTestId('chip-error')).toHaveText('Tag is not connected yet');
  await api.dispose();
});
