import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test, expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { acceptDialogs, adminPassword, createUserViaApi, uniqueName } from './support/accounts.js';
import { anvilRpc, fund } from './support/chain.js';

/**
 * The chip and link pages (issue #7) on the real stack: a chip provisioned and tapped with the
 * product's chip CLI, visitors with the built-in wallet (NEW WALLET) in Chromium, vouchers from the
 * relayer, and the chain as the judge of who owns what.
 */

test.setTimeout(300_000);
const CHAIN_TIMEOUT = { timeout: 45_000 };
const ROOT = join(import.meta.dirname, '../../..');
/** anvil's account #1: the standalone stack's relayer key (the collections' minter here). */
const RELAYER_FALLBACK = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with \`npm run test:e2e\``);
  return value;
}

/** `npm run chip -- …` against the stack under test (its data dir holds CHIP_MASTER_KEY). */
async function chipCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', './tools/register.mjs', 'tools/chip-cli.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: env('E2E_DATA_DIR'), SUPER_ADMIN_PASSWORD: adminPassword() },
    },
  );
  return stdout.trim();
}

/** The next tap of a chip: a fresh SUN URL on our origin, path and query only. */
async function tap(tag: string): Promise<string> {
  const url = new URL(await chipCli(['tap', '--tag', tag, '--url', env('E2E_BASE_URL')]));
  return `${url.pathname}${url.search}`;
}

async function receipt(hash: string): Promise<{ contractAddress: string | null; status: string }> {
  for (let i = 0; i < 100; i++) {
    const found = await anvilRpc<{ contractAddress: string | null; status: string } | null>(
      'eth_getTransactionReceipt',
      [hash],
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no receipt for ${hash}`);
}

async function ownerOf(collection: string, tokenId: string): Promise<string> {
  const data = `0x6352211e${BigInt(tokenId).toString(16).padStart(64, '0')}`;
  const result = await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
  return `0x${result.slice(-40)}`;
}

async function balance(address: string): Promise<bigint> {
  return BigInt(await anvilRpc<string>('eth_getBalance', [address, 'latest']));
}

interface Seed {
  api: APIRequestContext;
  collection: string;
  nftId: number;
}

/**
 * An admin with a collection whose minter is the relayer (deployed from the relayer's unlocked anvil
 * account with the product's own deploy data, then attached through the API) and one NFT template.
 */
async function seed(): Promise<Seed> {
  const name = uniqueName('chips');
  await createUserViaApi(name, 'chips-password');
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  const login = await api.post('/password-login', { data: { name, password: 'chips-password' } });
  expect(login.ok(), await login.text()).toBe(true);

  const networks = (await (await api.get('/json/networks')).json()) as {
    items: { ganache: { library_address_locator: string; relayer?: string } };
  };
  const relayer = networks.items.ganache.relayer || RELAYER_FALLBACK;
  const symbol = `C${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const deploy = await api.post('/deploy-collection', {
    data: {
      chain: 'ganache',
      name: 'Chip Things',
      symbol,
      libraryAddress: networks.items.ganache.library_address_locator,
    },
  });
  expect(deploy.ok(), await deploy.text()).toBe(true);
  const { evm } = (await deploy.json()) as { evm: { data: string } };
  const hash = await anvilRpc<string>('eth_sendTransaction', [
    { from: relayer, data: evm.data, gas: '0x4c4b40' },
  ]);
  const { contractAddress } = await receipt(hash);
  expect(contractAddress).toMatch(/^0x[0-9a-f]{40}$/);
  const attach = await api.post('/json/ganache/attach-collection-to-user', {
    data: { dataToSave: { deployedAddress: contractAddress, name: 'Chip Things', symbol }, txHash: hash },
  });
  expect(attach.ok(), await attach.text()).toBe(true);

  const created = await api.post('/json/ganache/nft', { data: { collectionAddress: contractAddress } });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  for (const [field, value] of Object.entries({
    title: 'Golden Sneaker',
    description: 'A real shoe. Details at https://example.com/shoe [read-more] Made in 2026.',
  })) {
    const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { [field]: value } });
    expect(put.ok(), await put.text()).toBe(true);
  }
  return { api, collection: contractAddress!, nftId };
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
  const csvDir = mkdtempSync(join(tmpdir(), 'chips-e2e-'));
  const uid = Array.from({ length: 7 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  )
    .join('')
    .toUpperCase();
  writeFileSync(join(csvDir, 'chips.csv'), `uid\n${uid}\n`);
  const provisioned = await chipCli([
    'provision',
    '--template',
    String(nftId),
    '--csv',
    join(csvDir, 'chips.csv'),
    '--url',
    env('E2E_BASE_URL'),
  ]);
  const tag = provisioned.split('\t')[0];
  expect(tag).toMatch(/^[A-Za-z0-9]+$/);

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
