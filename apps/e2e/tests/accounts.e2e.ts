import { test, expect } from '@playwright/test';
import {
  ADMIN_NAME,
  acceptDialogs,
  adminPassword,
  createUserViaApi,
  loginWithPassword,
  uniqueName,
} from './support/accounts.js';

/**
 * Accounts (issue #4): password and wallet sign-in, logout, the admin area's reachability, the
 * header's session items and the super admin's users table, against the real stack and a real key.
 */

const MUST_LOGIN = 'You must login for this page';
const DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

test('the super admin signs in, creates a user, edits it, sets its password and logs out; the user signs in', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  await loginWithPassword(page, 'mainnet', ADMIN_NAME, adminPassword());
  await expect(page).toHaveURL(/\/mainnet\/admin\/super-admin$/);
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'USERS', exact: true })).toHaveAttribute(
    'href',
    '/mainnet/admin/super-admin',
  );
  await expect(page.getByRole('link', { name: 'NFC-NFT LINKER' })).toHaveAttribute('href', '/admin/nfc-nft');
  await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toHaveCount(0);

  const table = page.getByRole('table', { name: 'Users' });
  const adminRow = table.getByRole('row').filter({ has: page.getByText(ADMIN_NAME, { exact: true }) });
  await expect(adminRow.getByRole('cell').nth(2)).toHaveText(DATE);
  await expect(adminRow.getByRole('cell').nth(4)).toHaveText('yes');

  // Create a password user by name.
  const name = uniqueName('e2e-user');
  const input = page.getByLabel('Address or name of the new user');
  const create = page.getByRole('button', { name: 'Create user' });
  await input.fill('two words');
  await expect(page.getByText('Invalid value')).toBeVisible();
  await expect(create).toBeDisabled();
  await input.fill(name);
  await create.click();
  await expect(page.getByRole('status')).toHaveText(`User ${name} created.`);
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  const cells = row.getByRole('cell');
  await expect(cells.nth(2)).toHaveText(DATE);
  await expect(cells.nth(3)).toContainText('0');
  await expect(cells.nth(4)).toHaveText('no');

  // Inline edit of the balance: Save is disabled with 'Invalid value' while the value is invalid.
  await row.getByRole('button', { name: /^Edit balance of user/ }).click();
  const balance = row.getByRole('textbox', { name: /^balance of user/ });
  await balance.fill('1,5');
  await expect(row.getByText('Invalid value')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  await balance.fill('12.5');
  await expect(row.getByText('Invalid value')).toHaveCount(0);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(cells.nth(3)).toHaveText(/^12\.5(?![\d.])/);

  // Set its password: an empty password is invalid.
  const password = `pw-${name}`;
  const passwordInput = row.getByLabel(`New password for ${name}`);
  const setPassword = row.getByRole('button', { name: 'Set password' });
  await expect(setPassword).toBeDisabled();
  await passwordInput.fill('x');
  await passwordInput.fill('');
  await expect(row.getByText('Invalid value')).toBeVisible();
  await passwordInput.fill(password);
  await setPassword.click();
  await expect(row.getByRole('status')).toHaveText('Password set');

  // Logout goes back to the login page, logged out.
  await page.getByRole('button', { name: 'LOGOUT' }).click();
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
  await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'USERS', exact: true })).toHaveCount(0);
  expect((await page.request.get('/json/user')).status()).toBe(401);

  // The new user signs in and lands on the collections.
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/mainnet\/admin\/collections$/);
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'USERS', exact: true })).toHaveCount(0);
  expect(dialogs).toEqual([]);
});

test('a user who is not the super admin sees no USERS link and no users table', async ({ page }) => {
  const name = uniqueName('e2e-plain');
  const password = `pw-${name}`;
  await createUserViaApi(name, password);
  await loginWithPassword(page, 'goerli', name, password);
  await expect(page).toHaveURL(/\/goerli\/admin\/collections$/);
  await expect(page.getByRole('link', { name: 'NFC-NFT LINKER' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOGOUT' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'USERS', exact: true })).toHaveCount(0);

  await page.goto('/goerli/admin/super-admin');
  await expect(page.getByTestId('not-allowed')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
  expect((await page.request.get('/json/users')).status()).toBe(403);

  // The login page stays reachable while signed in.
  await page.goto('/goerli/admin/login');
  await expect(page.getByTestId('signed-in-as')).toContainText(name);
});

test("a wrong password alerts and shows 'invalid password'", async ({ page }) => {
  const name = uniqueName('e2e-wrong');
  await createUserViaApi(name, `pw-${name}`);
  const dialogs = acceptDialogs(page);
  await loginWithPassword(page, 'mainnet', name, 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('invalid password');
  expect(dialogs).toEqual(['invalid password']);
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
  await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toBeVisible();
});

test('NEW WALLET creates a real key and signs in with it', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  await page.goto('/mainnet/admin/login');
  const status = page.getByTestId('wallet-status');
  await expect(status).toHaveText('disconnected');
  await expect(page.getByTestId('wallet-address')).toHaveCount(0);

  await page.getByRole('button', { name: 'NEW WALLET' }).click();
  // Spec section 9: a 2000 ms generation delay.
  await expect(page.getByRole('button', { name: 'generating…' })).toBeDisabled();
  await expect(status).toHaveText('connected', { timeout: 15_000 });
  const shown = page.getByTestId('wallet-address');
  await expect(shown).toHaveText(/^0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4}$/);
  const address = (await shown.getAttribute('title')) ?? '';
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  // The key is kept in the browser.
  const key = await page.evaluate(() => localStorage.getItem('metatag:built-in-wallet:key'));
  expect(key).toMatch(/^0x[0-9a-f]{64}$/);

  await page.getByRole('button', { name: 'Login with browser wallet' }).click();
  await expect(page).toHaveURL(/\/mainnet\/admin\/collections$/);
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible();
  await expect(page.getByTestId('wallet-status')).toHaveText('connected');
  await expect(page.getByTestId('wallet-address')).toHaveAttribute('title', address);
  await expect(page.getByRole('link', { name: 'USERS', exact: true })).toHaveCount(0);
  // The server verified a real signature of its sign-in message: the session is the wallet's.
  const me = await page.request.get('/json/user');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { address: string }).address).toBe(address.toLowerCase());

  // The built-in wallet reconnects after a reload.
  await page.reload();
  await expect(page.getByTestId('wallet-status')).toHaveText('connected');
  await expect(page.getByTestId('wallet-address')).toHaveAttribute('title', address);
  expect(dialogs).toEqual([]);
});

test('without any wallet, wallet login alerts that no browser wallet was found', async ({ page }) => {
  const dialogs = acceptDialogs(page);
  await page.goto('/mainnet/admin/login');
  await page.getByRole('button', { name: 'Login with browser wallet' }).click();
  const text = 'We did not find a browser wallet in your browser.';
  await expect(page.getByTestId('login-error')).toHaveText(text);
  expect(dialogs).toEqual([text]);
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
});

test('logged out, admin pages other than login ask for a login', async ({ page }) => {
  for (const path of [
    '/mainnet/admin/super-admin',
    '/mainnet/admin/collections',
    '/polygon/admin/panel/nfts',
    '/goerli/admin/collection/0x8ba1f109551bd432803012645ac136ddd64dba72/nfts',
    '/admin/nfc-nft',
  ]) {
    await page.goto(path);
    await expect(page.getByText(MUST_LOGIN, { exact: true }), path).toBeVisible();
    await expect(page.getByRole('link', { name: 'LOGIN', exact: true })).toBeVisible();
  }
  await page.goto('/mainnet/admin/super-admin');
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect(page.getByText(MUST_LOGIN, { exact: true })).toHaveCount(0);
});
