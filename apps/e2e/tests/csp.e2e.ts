import { test, expect, type Page } from '@playwright/test';
import { ADMIN_NAME, adminPassword, loginWithPassword } from './support/accounts.js';
import { provisionChip, seed, type Seed } from './support/chips.js';

/**
 * Issue #13 item 5 in Chromium: the chip page (server-rendered, with its early check script) and the
 * admin pages work under the gateway's Content-Security-Policy with no violation reported, neither as
 * a `securitypolicyviolation` event nor on the console.
 */

interface Violations {
  events: string[];
  console: string[];
}

function watchCsp(page: Page): Violations {
  const found: Violations = { events: [], console: [] };
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text()))
      found.console.push(message.text());
  });
  // runs before any page script (injected by the browser driver, not subject to the page's CSP)
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return found;
}

async function assertNoViolations(page: Page, found: Violations, where: string): Promise<void> {
  const events = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  expect([...found.events, ...events], `${where}: securitypolicyviolation`).toEqual([]);
  expect(found.console, `${where}: console`).toEqual([]);
}

let data: Seed;
let chipTag: string;

test.beforeAll(async () => {
  data = await seed();
  chipTag = await provisionChip(data.nftId);
});

for (const width of [1280, 390]) {
  test(`the chip page loads under the CSP with no violation (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const found = watchCsp(page);
    const res = await page.goto(`/tag/${chipTag}`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await expect(page.getByText('Golden Sneaker').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: `test-results/e2e/csp-chip-${width}.png`, fullPage: true });
    await assertNoViolations(page, found, `/tag (${width} px)`);
  });
}

test('the admin pages load under the CSP with no violation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const found = watchCsp(page);
  await loginWithPassword(page, 'ganache', data.name, 'chips-password');
  await expect(page).not.toHaveURL(/\/admin\/login$/);
  for (const path of [
    '/ganache/admin/collections',
    `/ganache/admin/collection/${data.collection}/nfts`,
    `/ganache/admin/collection/${data.collection}/template`,
  ]) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await assertNoViolations(page, found, path);
  }
  await page.screenshot({ path: 'test-results/e2e/csp-admin-nfts.png' });
});

test('the super admin page loads under the CSP with no violation', async ({ page }) => {
  const found = watchCsp(page);
  await loginWithPassword(page, 'ganache', ADMIN_NAME, adminPassword());
  await expect(page).not.toHaveURL(/\/admin\/login$/);
  await page.goto('/ganache/admin/super-admin');
  await page.waitForLoadState('networkidle');
  await assertNoViolations(page, found, '/ganache/admin/super-admin');
});
