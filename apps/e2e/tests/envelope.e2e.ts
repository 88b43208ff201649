import { chromium, test, expect, type Browser, type Page } from '@playwright/test';
import { ADMIN_NAME, acceptDialogs, adminPassword, loginWithPassword } from './support/accounts.js';
import { env, provisionChip, seed, tap } from './support/chips.js';
import { chromiumLaunchOptions } from './support/chromium.js';

/**
 * The request envelope (spec section 7) in Chromium: away from localhost every call of the page goes
 * to `/e/{sealed}` with a sealed body, and the page reads the sealed answers. The stack listens on
 * 127.0.0.1, so the browser reaches it as http://metatag.test (a host rule), marked a secure origin
 * as an https deployment would be (WebCrypto needs one).
 */

test.setTimeout(180_000);

const HOST = 'metatag.test';
const API_PATH = /^\/(json|auth|password-login|scans|deploy-|nft-media)/;

async function awayFromLocalhost(): Promise<{ browser: Browser; origin: string }> {
  const origin = `http://${HOST}:${new URL(env('E2E_BASE_URL')).port}`;
  // the full browser: the headless shell ignores --unsafely-treat-insecure-origin-as-secure, so the
  // page was not a secure context there and called the API plainly
  const browser = await chromium.launch(
    chromiumLaunchOptions(
      [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`, `--unsafely-treat-insecure-origin-as-secure=${origin}`],
      'full',
    ),
  );
  return { browser, origin };
}

/** The page's calls to our origin: enveloped ones, plain API ones, and how many answers were sealed. */
function watchCalls(page: Page, origin: string) {
  const seen = { enveloped: [] as string[], plain: [] as string[], sealedAnswers: 0 };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin !== origin) return;
    if (url.pathname.startsWith('/e/')) seen.enveloped.push(url.pathname);
    else if (API_PATH.test(url.pathname)) seen.plain.push(url.pathname);
  });
  page.on('response', (response) => {
    if (response.headers()['x-metatag-envelope'] === '1') seen.sealedAnswers += 1;
  });
  return seen;
}

test('away from localhost: a chip tap and a sign-in travel in the envelope', async () => {
  const { nftId } = await seed();
  const tag = await provisionChip(nftId);
  const { browser, origin } = await awayFromLocalhost();
  try {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    acceptDialogs(page);
    const calls = watchCalls(page, origin);

    const url = await tap(tag);
    await page.goto(url);
    await expect(page.getByTestId('chip-title')).toHaveText('Golden Sneaker');
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
    expect(calls.plain).toEqual([]);
    // at least the chip's check-tag and the network table, each answered sealed (the lookup is in the page)
    // (the network table's answer may still be on its way when the text shows: wait for it)
    await expect.poll(() => calls.enveloped.length).toBeGreaterThanOrEqual(2);
    await expect.poll(() => calls.sealedAnswers).toBeGreaterThanOrEqual(2);
    // the sealed URLs name no API path
    expect(calls.enveloped.filter((path) => /json|check-tag/.test(path))).toEqual([]);

    // the counter rule holds through the envelope: the same URL again is refused
    const again = await context.newPage();
    await again.goto(url);
    await expect(again.getByTestId('chip-auth')).toHaveText('Not Authentic', { timeout: 15_000 });

    // a sign-in and the admin pages behind it
    await loginWithPassword(page, 'mainnet', ADMIN_NAME, adminPassword());
    await expect(page).toHaveURL(/\/mainnet\/admin\/super-admin$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    // the users list arrived (through the envelope); the table pages it, newest first
    await page.getByLabel('Search users').fill(ADMIN_NAME);
    await expect(page.getByRole('table', { name: 'Users' })).toContainText(ADMIN_NAME);
    expect(calls.plain).toEqual([]);
  } finally {
    await browser.close();
  }
});
