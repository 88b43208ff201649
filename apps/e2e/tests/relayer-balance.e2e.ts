import { test, expect } from '@playwright/test';
import { formatEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  ADMIN_NAME,
  acceptDialogs,
  adminPassword,
  createUserViaApi,
  loginWithPassword,
  uniqueName,
} from './support/accounts.js';
import { anvilRpc, createBuiltInWallet, fund } from './support/chain.js';
import { seed } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Relayer spending and proof of ownership in the browser (issue #13): the super admin credits a
 * user in the users table, the user mints manually and sees the balance and the ledger (reserved,
 * released, the fee of the receipt); a password user links a wallet by its signature and attaches a
 * collection deployed from it. Screenshots at 1280x800 and 390x844.
 */
const CHAIN_TIMEOUT = { timeout: 30_000 };
const TX_HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;

test.setTimeout(180_000);

interface Receipt {
  gasUsed: string;
  effectiveGasPrice: string;
}

test('the super admin credits a user, who sees the balance and the ledger after a manual mint', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  const { api, collection, nftId, userId, name } = await seed();
  try {
    // The super admin credits 0.5 ETH in the users table (ganache): one credit entry.
    await loginWithPassword(page, 'ganache', ADMIN_NAME, adminPassword());
    await expect(page).toHaveURL(/\/ganache\/admin\/super-admin$/);
    const row = page.getByTestId(`user-row-${userId}`);
    await expect(row.getByRole('cell').nth(3)).toContainText('0 ETH');
    await row.getByRole('button', { name: `Edit balance of user ${userId}` }).click();
    await row.getByRole('textbox', { name: `balance of user ${userId}` }).fill('0.5');
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByRole('cell').nth(3)).toContainText('0.5 ETH');
    await row.getByRole('link', { name: `Ledger of user ${userId}` }).click();
    await expect(page).toHaveURL(`/user/${userId}/ganache/admin/ledger`);
    await expect(page.getByRole('heading', { name: `Relayer ledger of user ${userId}` })).toBeVisible();
    await expect(page.getByTestId('relayer-balance')).toHaveText('0.5 ETH');
    const adminLedger = page.getByRole('table', { name: 'Relayer ledger' });
    await expect(adminLedger.getByRole('row')).toHaveCount(2);
    await expect(adminLedger.getByRole('row').nth(1)).toContainText('Credit by the super admin');
    await shootBoth(page, 'relayer-balance', 'super-admin-user-ledger');
    await page.goto('/ganache/admin/super-admin');
    await expect(page.getByTestId(`user-row-${userId}`).getByRole('cell').nth(3)).toContainText('0.5 ETH');
    await shootBoth(page, 'relayer-balance', 'super-admin-users-balance');
    await page.getByRole('button', { name: 'LOGOUT' }).click();

    // The user mints one token by hand: the relayer sends it, paid from the balance.
    await loginWithPassword(page, 'ganache', name, 'chips-password');
    await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
    await page.goto(`/ganache/admin/collection/${collection}/nfts`);
    await page.getByRole('button', { name: `Show details of NFT ${nftId}` }).click();
    const details = page.getByTestId(`nft-details-${nftId}`);
    const recipient = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    await details.getByRole('textbox', { name: `Mint NFT ${nftId} to address` }).fill(recipient);
    await details.getByRole('button', { name: 'Mint', exact: true }).click();
    await expect(details.getByRole('status').filter({ hasText: /^Mint of token \d+ sent\.$/ })).toBeVisible();
    const mintRow = details
      .getByRole('table', { name: `Mints of NFT ${nftId}` })
      .getByRole('row')
      .nth(1);
    // the status cell by its label: the mints list's columns grew (source, owner) with the mint ledger
    await expect(mintRow.locator('td[data-label="status"]')).toHaveText('confirmed', CHAIN_TIMEOUT);

    // The collections page: the balance and the ledger, newest first, until nothing is held.
    await page.goto('/ganache/admin/collections');
    const panel = page.getByRole('region', { name: 'Relayer balance' });
    await expect(panel.getByTestId('relayer-held')).toHaveText('0 ETH', CHAIN_TIMEOUT);
    const ledger = panel.getByRole('table', { name: 'Relayer ledger' });
    await expect(ledger.getByRole('row')).toHaveCount(5, CHAIN_TIMEOUT);
    const entries = ledger.getByRole('row');
    await expect(entries.nth(1)).toContainText('Fee paid');
    await expect(entries.nth(2)).toContainText('Reservation released');
    await expect(entries.nth(3)).toContainText('Reserved for fees');
    await expect(entries.nth(4)).toContainText('Credit by the super admin');

    // What the page shows is the receipt's gasUsed × effectiveGasPrice, read from the chain.
    const reply = (await (await api.get('/json/ledger?chain=ganache')).json()) as {
      item: string;
      items: { kind: string; amount: string; txHash: string | null }[];
    };
    const fee = reply.items.find((e) => e.kind === 'settlement')!;
    expect(fee.txHash).toMatch(TX_HASH);
    const receipt = await anvilRpc<Receipt>('eth_getTransactionReceipt', [fee.txHash]);
    const paid = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    expect(-BigInt(fee.amount)).toBe(paid);
    const balance = 5n * 10n ** 17n - paid;
    expect(reply.item).toBe(balance.toString());
    const ether = (wei: bigint) => `${formatEther(wei)} ETH`;
    // shown cut to 6 decimals (issue #30), the exact amount in the title
    await expect(panel.getByTestId('relayer-balance')).toHaveAttribute('title', ether(balance));
    await expect(panel.getByTestId('relayer-balance')).toHaveText(/^0\.\d{1,6} ETH$/);
    await expect(entries.nth(1).locator('.ledger__amount')).toHaveAttribute('title', ether(paid));
    await shootBoth(page, 'relayer-balance', 'user-relayer-balance');
    expect(dialogs).toEqual([]);
  } finally {
    await api.dispose();
  }
});

test('a password user links a wallet and attaches a collection deployed from it', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const name = uniqueName('e2e-link');
  await createUserViaApi(name, `pw-${name}`);
  await loginWithPassword(page, 'ganache', name, `pw-${name}`);
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  const section = page.getByRole('region', { name: 'Your wallet' });
  await expect(section.getByTestId('no-wallet')).toBeVisible();

  const wallet = (await createBuiltInWallet(page)).toLowerCase();
  await fund(wallet);
  await shootBoth(page, 'relayer-balance', 'wallet-not-linked');
  await section.getByRole('button', { name: 'Link the connected wallet' }).click();
  await expect(section.getByRole('status')).toHaveText('Wallet linked to your account.');
  await expect(section.getByTestId('account-wallet')).toHaveAttribute('data-value', wallet);
  const me = (await (await page.request.get('/json/user')).json()) as { userAddress: string };
  expect(me.userAddress).toBe(wallet);

  const deploy = page.getByRole('region', { name: 'Deploy a collection' });
  const collectionName = uniqueName('Linked');
  await deploy.getByLabel('Name', { exact: true }).fill(collectionName);
  await deploy.getByLabel('Symbol', { exact: true }).fill('LNK');
  await deploy.getByRole('button', { name: 'Deploy collection' }).click();
  const deployment = page.getByLabel('Collection deployment');
  await expect(deployment.getByTestId('contract-address')).toHaveAttribute(
    'data-value',
    ADDRESS,
    CHAIN_TIMEOUT,
  );
  const collection = (await deployment.getByTestId('contract-address').getAttribute('data-value')) ?? '';
  await expect(deploy.getByRole('status')).toContainText(`deployed at ${collection}`, CHAIN_TIMEOUT);
  const item = page.getByRole('list', { name: 'Collections' }).getByRole('listitem').filter({
    hasText: collectionName,
  });
  await expect(item).toHaveCount(1);
  await expect(deploy.getByLabel('Relayer as minter', { exact: true }).getByTestId('tx-step')).toHaveText(
    'Confirmed',
    CHAIN_TIMEOUT,
  );
  await shootBoth(page, 'relayer-balance', 'wallet-linked-collection-attached');
  expect(dialogs).toEqual([]);
});

test('without a linked wallet, the deploying wallet signs the attach message and the collection is attached', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  const name = uniqueName('e2e-sign');
  await createUserViaApi(name, `pw-${name}`);
  await loginWithPassword(page, 'ganache', name, `pw-${name}`);
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  const wallet = (await createBuiltInWallet(page)).toLowerCase();
  await fund(wallet);
  const deploy = page.getByRole('region', { name: 'Deploy a collection' });
  const collectionName = uniqueName('Signed');
  await deploy.getByLabel('Name', { exact: true }).fill(collectionName);
  await deploy.getByLabel('Symbol', { exact: true }).fill('SGN');
  await deploy.getByRole('button', { name: 'Deploy collection' }).click();
  await expect(deploy.getByRole('status')).toContainText(
    `Collection ${collectionName} (SGN) deployed at`,
    CHAIN_TIMEOUT,
  );
  await expect(
    page.getByRole('list', { name: 'Collections' }).getByRole('listitem').filter({ hasText: collectionName }),
  ).toHaveCount(1);
  // the account still has no wallet: the owner's signature was a one-off proof for this collection
  await expect(page.getByRole('region', { name: 'Your wallet' }).getByTestId('no-wallet')).toBeVisible();
  expect(dialogs).toEqual([]);
});
