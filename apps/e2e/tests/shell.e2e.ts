import { test, expect, type Page } from '@playwright/test';

/** The web shell: home redirect, the header's chain switcher and the catch-all page. */

const NOT_FOUND = '404 not found yet';

function isLocalHost(page: Page): boolean {
  return ['localhost', '127.0.0.1'].includes(new URL(page.url()).hostname);
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

test('/ lands on /mainnet/admin/login inside the layout', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('chain-switcher')).toHaveText('mainnet');
  await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/mainnet/admin/login');
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('the chain switcher cycles the first path segment', async ({ page }) => {
  await page.goto('/mainnet/admin/login');
  const switcher = page.getByTestId('chain-switcher');
  await expect(switcher).toHaveText('mainnet');

  const cycle = isLocalHost(page)
    ? ['goerli', 'polygon', 'ganache', 'mainnet']
    : ['goerli', 'polygon', 'mainnet'];
  for (const chain of cycle) {
    await switcher.click();
    await expect(page).toHaveURL(new RegExp(`/${chain}/admin/login$`));
    await expect(switcher).toHaveText(chain);
    await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', `/${chain}/admin/login`);
  }
});

test('switching keeps the rest of the path and the query string', async ({ page }) => {
  await page.goto('/polygon/admin/collection/0xabc/nfts?tab=chips');
  await page.getByTestId('chain-switcher').click();
  const next = isLocalHost(page) ? 'ganache' : 'mainnet';
  await expect.poll(() => pathOf(page)).toBe(`/${next}/admin/collection/0xabc/nfts?tab=chips`);
});

test('an unknown path shows the catch-all page with the header', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText(NOT_FOUND, { exact: true })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveAttribute('href', '/mainnet/admin/login');
  // The first segment is not a chain: no switching offered.
  await expect(page.getByTestId('chain-switcher')).toHaveCount(0);
});

test('paths without a chain segment show no chain switcher', async ({ page }) => {
  await page.goto('/search/x');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByTestId('chain-switcher')).toHaveCount(0);
});

test('the public chip page has its own look: no admin header', async ({ page }) => {
  await page.goto('/tag/x');
  await expect(page.getByTestId('chip-error')).toHaveText('Tag is not connected yet');
  await expect(page.getByTestId('chain-switcher')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'LOGIN' })).toHaveCount(0);
});

test('wallet code loads for the admin area only', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const walletChunk = (path: string) => /WalletProvider/.test(path);

  await page.goto('/no/such/page');
  await expect(page.getByText(NOT_FOUND, { exact: true })).toBeVisible();
  expect(scripts.filter(walletChunk)).toEqual([]);

  await page.getByRole('link', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/mainnet\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  await expect.poll(() => scripts.filter(walletChunk).length).toBeGreaterThan(0);
});

test('a script chunk that cannot load shows ChunkLoadError', async ({ page }) => {
  await page.route(/WalletProvider[^/]*\.(js|tsx)(\?.*)?$/, (route) => route.abort());
  await page.goto('/mainnet/admin/login');
  // A failed chunk first reloads the page once (a new deploy may have replaced it), then reports.
  await expect(page.getByRole('alert')).toContainText('ChunkLoadError');
  await expect(page.getByRole('banner')).toBeVisible();
});
