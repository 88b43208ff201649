import { expect, type Locator, type Page } from '@playwright/test';
import { createUserViaApi, creditViaApi, loginWithPassword, uniqueName } from './accounts.js';

/** The owner console's browser tests (console.e2e.ts, console-cancels.e2e.ts): a new user and a template. */

export async function signInNewUser(page: Page, chain = 'ganache'): Promise<{ name: string; id: number }> {
  const name = uniqueName('e2e-console');
  const user = await createUserViaApi(name, `pw-${name}`);
  // manual mints are paid from the user's relayer balance
  await creditViaApi(user.id, 10n ** 18n);
  await loginWithPassword(page, chain, name, `pw-${name}`);
  await expect(page).toHaveURL(new RegExp(`/${chain}/admin/collections$`));
  return { name, id: user.id };
}

export async function addTemplate(page: Page): Promise<{ id: number; row: Locator }> {
  await page.getByRole('button', { name: 'Add NFT template' }).click();
  const row = page.locator('[data-testid^="nft-row-"]').first();
  await expect(row).toBeVisible();
  const id = Number(((await row.getAttribute('data-testid')) ?? '').replace('nft-row-', ''));
  expect(id).toBeGreaterThan(0);
  return { id, row };
}
