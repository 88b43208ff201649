import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { acceptDialogs, createUserViaApi, loginWithPassword, uniqueName } from './support/accounts.js';

/**
 * Issue #13 items 3-4 in Chromium: a throttled sign-in says so (never 'invalid password'), and the
 * terms of service the sign-in message and the login page link to is a real page.
 */
const SHOTS = process.env.E2E_SHOTS_DIR ?? join(import.meta.dirname, '../../../test-results/e2e/shots');
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

test("repeated wrong passwords show 'Too many login attempts, try again in N minutes'", async ({ page }) => {
  const name = uniqueName('e2e-throttle');
  await createUserViaApi(name, `pw-${name}`);
  const dialogs = acceptDialogs(page);
  for (let i = 0; i < 3; i++) {
    await loginWithPassword(page, 'mainnet', name, `wrong-${i}`);
    await expect(page.getByTestId('login-error')).toHaveText('invalid password');
  }
  await loginWithPassword(page, 'mainnet', name, `pw-${name}`);
  await expect(page.getByTestId('login-error')).toHaveText('Too many login attempts, try again in 1 minute');
  expect(dialogs.at(-1)).toBe('Too many login attempts, try again in 1 minute');
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: join(SHOTS, 'login-throttled-390.png'), fullPage: true });
});

test('the terms of service page is linked from the login page and reads well on desktop and phone', async ({
  page,
}) => {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto('/mainnet/admin/login');
    await page.getByRole('link', { name: 'terms of service' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of service' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await page.screenshot({ path: join(SHOTS, `terms-${viewport.width}.png`), fullPage: true });
  }
});
