import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { createBuiltInWallet, fund, solidPng } from './support/chain.js';
import { env } from './support/chips.js';
import { chromiumLaunchOptions } from './support/chromium.js';
import { addTemplate, signInNewUser } from './support/console.js';

/**
 * The owner console's smaller items (issue #16): cancel messages that say why, an upload on a slow line
 * that shows its bytes and, cancelled, leaves nothing on the server, and the built-in wallet's key export.
 */

test.setTimeout(300_000);
// The full browser for this file: its slow-line upload, cancelled midway, still had a file on the server
// after 10 s in 2 of 4 runs under the headless shell (the suite's browser). A probe of both browsers'
// upload throttling found no difference, so the cause is not known; Playwright sets the browser per file
// (decision 133).
test.use({ launchOptions: chromiumLaunchOptions([], 'full') });
const DESKTOP = { width: 1280, height: 800 };

test('cancelled inputs say why; uploads show bytes and cancel leaving nothing; the built-in wallet key is exported and guarded', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    // the question before NEW WALLET replaces a wallet with funds is answered "no"
    void (dialog.message().startsWith('The built-in wallet') ? dialog.dismiss() : dialog.accept());
  });
  await page.setViewportSize(DESKTOP);
  await signInNewUser(page);
  await page.goto('/ganache/admin/panel/nfts');
  const { id, row } = await addTemplate(page);
  await row.getByRole('button', { name: `Show details of NFT ${id}` }).click();
  const details = page.getByTestId(`nft-details-${id}`);

  // spec section 5: a negative count and an empty chip id cancel; the page says so
  const links = details.getByRole('region', { name: 'Links' });
  await links.getByRole('spinbutton', { name: `Number of QR links for NFT ${id}` }).fill('-1');
  await links.getByRole('button', { name: 'Create QR links' }).click();
  await expect(links.getByTestId('create-cancelled')).toHaveText(
    'Cancelled: a count of 0 or less (or none) creates no links.',
  );
  const chips = details.getByRole('region', { name: 'Chips' });
  await chips.getByRole('button', { name: 'Link chip' }).click();
  await expect(chips.getByTestId('create-cancelled')).toHaveText(
    'Cancelled: no chip id was given, so no chip was linked.',
  );

  // an upload on a slow line: bytes sent of all, then Cancel; the server keeps nothing
  const media = join(env('E2E_DATA_DIR'), 'media');
  const files = async () =>
    (await readdir(media, { recursive: true, withFileTypes: true }).catch(() => [])).filter((entry) =>
      entry.isFile(),
    ).length;
  const filesBefore = await files();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 5_000_000,
    uploadThroughput: 100_000,
  });
  const big = Buffer.concat([solidPng(400, 300, [10, 120, 200]), Buffer.alloc(1_500_000, 7)]);
  await page
    .getByLabel(`Media of NFT ${id}`)
    .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  const progress = page.getByTestId(`upload-progress-${id}`);
  await expect(progress).toContainText(/^[\d.]+ (KB|MB) of 1\.5 MB/);
  // the server is receiving it: its partial file exists
  await expect.poll(files, { timeout: 10_000 }).toBeGreaterThan(filesBefore);
  await page.getByRole('button', { name: `Cancel the upload of NFT ${id}` }).click();
  await expect(row.getByRole('status')).toHaveText('Upload cancelled: nothing was kept.');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(row.getByText('No media')).toBeVisible();
  await expect.poll(files, { timeout: 10_000 }).toBe(filesBefore);
  const list = (await (await page.request.get('/json/ganache/nfts')).json()) as {
    items: { id: number; image: string }[];
  };
  expect(list.items.find((item) => item.id === id)?.image).toBe('');

  // the built-in wallet: KEY shows its key after a confirmation
  const wallet = await createBuiltInWallet(page);
  await page.getByRole('button', { name: 'KEY' }).click();
  expect(dialogs.at(-1)).toMatch(/^Show the private key of the built-in wallet\?/);
  const stored = await page.evaluate(() => localStorage.getItem('metatag:built-in-wallet:key'));
  await expect(
    page.getByRole('dialog', { name: 'Built-in wallet key' }).getByLabel('Private key'),
  ).toHaveValue(stored!);
  await page
    .getByRole('dialog', { name: 'Built-in wallet key' })
    .getByRole('button', { name: 'Hide', exact: true })
    .click();

  // NEW WALLET over a wallet with funds warns with what it holds; answered "no", the key stays
  await fund(wallet, 3n);
  await page.getByRole('button', { name: 'NEW WALLET' }).click();
  await expect.poll(() => dialogs.at(-1)).toMatch(/^The built-in wallet 0x.{4}….{4} holds 3 ETH on ganache/);
  expect(dialogs.at(-1)).toContain('export it first (KEY in the header)');
  await expect(page.getByRole('button', { name: 'NEW WALLET' })).toBeEnabled();
  expect(await page.evaluate(() => localStorage.getItem('metatag:built-in-wallet:key'))).toBe(stored);
});
