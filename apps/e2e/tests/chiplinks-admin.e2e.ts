import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test, expect, request, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_NAME,
  acceptDialogs,
  adminPassword,
  createUserViaApi,
  loginWithPassword,
  uniqueName,
} from './support/accounts.js';

/**
 * The chips and links tables of an NFT template (issue #7, spec sections 2, 3, 5, 8 and 9): an admin
 * links a chip by its UID, makes a batch of QR links, exports them as links.csv, removes one, downloads
 * a QR code and reads a link's scans; a super admin manages another user's links (`?user=`).
 */

const DATE = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

test.setTimeout(120_000);

/** The POSTs that create chips or links, to prove a cancelled input sent nothing. */
function recordCreates(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname.startsWith('/json/qrlink/'))
      urls.push(req.url());
  });
  return urls;
}

async function downloadText(page: Page, link: Locator): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

async function openTemplateDetails(page: Page): Promise<{ id: number; details: Locator }> {
  const row = page.locator('[data-testid^="nft-row-"]').first();
  await expect(row).toBeVisible();
  const id = Number(((await row.getAttribute('data-testid')) ?? '').replace('nft-row-', ''));
  expect(id).toBeGreaterThan(0);
  await row.getByRole('button', { name: `Show details of NFT ${id}` }).click();
  return { id, details: page.getByTestId(`nft-details-${id}`) };
}

test('an admin links a chip, makes 31 QR links, exports, removes one and reads its scans', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  const creates = recordCreates(page);
  const name = uniqueName('e2e-chips');
  const password = `pw-${name}`;
  await createUserViaApi(name, password);
  await loginWithPassword(page, 'goerli', name, password);
  await expect(page).toHaveURL(/\/goerli\/admin\/collections$/);

  await page.goto('/goerli/admin/panel/nfts');
  await page.getByRole('button', { name: 'Add NFT template' }).click();
  const { id, details } = await openTemplateDetails(page);
  const chips = details.getByRole('region', { name: 'Chips' });
  const links = details.getByRole('region', { name: 'Links' });
  await expect(chips.getByText('No chips yet.')).toBeVisible();
  await expect(links.getByText('No links yet.')).toBeVisible();

  // An empty chip id cancels: no request, no chip.
  const chipId = chips.getByRole('textbox', { name: `Chip id for NFT ${id}` });
  await chipId.fill('   ');
  await chips.getByRole('button', { name: 'Link chip' }).click();
  await expect(chips.getByText('No chips yet.')).toBeVisible();
  expect(creates).toEqual([]);

  // A chip by its UID (separators and case as a reader prints them).
  const uid = randomBytes(7).toString('hex').toUpperCase();
  await chipId.fill(uid.match(/../g)?.join(':').toLowerCase() ?? uid);
  await chips.getByRole('button', { name: 'Link chip' }).click();
  const chipTable = chips.getByRole('table', { name: `Chips of NFT ${id}` });
  const chipRows = chipTable.locator('[data-testid^="chiplink-row-"]');
  await expect(chipRows).toHaveCount(1);
  await expect(chipRows.first()).toContainText(uid);
  const chipPublicId = ((await chipRows.first().getAttribute('data-testid')) ?? '').replace(
    'chiplink-row-',
    '',
  );
  await expect(chipRows.first().getByRole('link', { name: chipPublicId, exact: true })).toHaveAttribute(
    'href',
    `/tag/${chipPublicId}`,
  );
  await expect(chipRows.first().locator('td[data-label="created"]')).toHaveText(DATE);
  expect(creates).toHaveLength(1);

  // The same chip again: the server refuses, the page alerts 'Cannot link'.
  await chipId.fill(uid);
  await chips.getByRole('button', { name: 'Link chip' }).click();
  await expect.poll(() => dialogs).toContain('Cannot link');
  await expect(chipRows).toHaveCount(1);

  // A negative batch count cancels: no request, no link.
  const count = links.getByRole('spinbutton', { name: `Number of QR links for NFT ${id}` });
  await count.fill('-3');
  await links.getByRole('button', { name: 'Create QR links' }).click();
  await expect(links.getByText('No links yet.')).toBeVisible();
  expect(creates).toHaveLength(2);

  // 31 links: the table shows 30 and offers links.csv, whose download has all 31.
  await count.fill('31');
  await links.getByRole('button', { name: 'Create QR links' }).click();
  await expect(links.getByRole('status')).toHaveText('31 QR links created.');
  const linkTable = links.getByRole('table', { name: `Links of NFT ${id}` });
  const linkRows = linkTable.locator('[data-testid^="chiplink-row-"]');
  await expect(linkRows).toHaveCount(30);
  await expect(links).toContainText('Showing 30 of 31.');
  await expect(details.getByText('1 / 31', { exact: true })).toBeVisible();
  const csv = await downloadText(page, links.getByRole('link', { name: 'links.csv' }));
  expect(csv.name).toBe('links.csv');
  const lines = csv.text.trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,type,uid,url,scans,mints,tokenToMint,locked,created');
  expect(lines.slice(1)).toHaveLength(31);
  expect(lines.slice(1).every((line) => line.split(',')[1] === 'link')).toBe(true);

  // Remove one: 30 left, all shown, no export offered.
  const removed = ((await linkRows.first().getAttribute('data-testid')) ?? '').replace('chiplink-row-', '');
  await linkRows
    .first()
    .getByRole('button', { name: `Remove link ${removed}` })
    .click();
  await expect(linkTable.getByTestId(`chiplink-row-${removed}`)).toHaveCount(0);
  await expect(linkRows).toHaveCount(30);
  await expect(links.getByRole('link', { name: 'links.csv' })).toHaveCount(0);
  await expect(details.getByText('1 / 30', { exact: true })).toBeVisible();

  // The QR code of a link: an SVG of its public URL.
  const link = linkRows.first();
  const linkId = ((await link.getAttribute('data-testid')) ?? '').replace('chiplink-row-', '');
  await expect(link.getByRole('link', { name: linkId, exact: true })).toHaveAttribute(
    'href',
    `/link/${linkId}`,
  );
  const svg = await downloadText(page, link.getByRole('link', { name: `QR code SVG of ${linkId}` }));
  expect(svg.name).toBe(`qr-${linkId}.svg`);
  expect(svg.text).toContain('<svg');
  await expect(link.getByRole('link', { name: `QR code PNG of ${linkId}` })).toHaveAttribute(
    'href',
    `/json/qrlink/${linkId}/qr.png`,
  );

  // Scans: none yet; opening the link's public page counts one.
  await link.getByRole('button', { name: `Scans of link ${linkId}` }).click();
  await expect(linkTable.getByText('No data yet', { exact: true })).toBeVisible();
  await link.getByRole('button', { name: `Scans of link ${linkId}` }).click();
  const opened = await page.request.get(`/json/nft-by-chiplink/${linkId}?type=link`);
  expect(opened.ok(), await opened.text()).toBe(true);
  await link.getByRole('button', { name: `Scans of link ${linkId}` }).click();
  const scans = linkTable.getByRole('table', { name: `Scans of ${linkId}` });
  await expect(scans.locator('tbody tr')).toHaveCount(1);
  await expect(scans.locator('tbody td').first()).toHaveText(DATE);
  await expect(scans.getByRole('columnheader', { name: 'radius (km)' })).toBeVisible();

  // The chip has no scans.
  await chipRows
    .first()
    .getByRole('button', { name: `Scans of chip ${chipPublicId}` })
    .click();
  await expect(chipTable.getByText('No data yet', { exact: true })).toBeVisible();

  expect(dialogs).toEqual(['Cannot link', `Remove link ${removed}?`]);
  expect(creates).toHaveLength(3);
});

test("the super admin manages another user's links (?user=)", async ({ page }) => {
  const dialogs = acceptDialogs(page);
  const creates = recordCreates(page);
  const name = uniqueName('e2e-links');
  const password = `pw-${name}`;
  const user = await createUserViaApi(name, password);
  const api = await request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    expect((await api.post('/password-login', { data: { name, password } })).ok()).toBe(true);
    const created = await api.post('/json/goerli/nft', { data: { collectionAddress: '' } });
    expect(created.ok(), await created.text()).toBe(true);
  } finally {
    await api.dispose();
  }

  await loginWithPassword(page, 'goerli', ADMIN_NAME, adminPassword());
  await expect(page).toHaveURL(/\/goerli\/admin\/super-admin$/);
  await page.goto(`/user/${user.id}/goerli/admin/panel/nfts`);
  const { id, details } = await openTemplateDetails(page);
  const links = details.getByRole('region', { name: 'Links' });
  await links.getByRole('spinbutton', { name: `Number of QR links for NFT ${id}` }).fill('2');
  await links.getByRole('button', { name: 'Create QR links' }).click();
  await expect(
    links.getByRole('table', { name: `Links of NFT ${id}` }).locator('[data-testid^="chiplink-row-"]'),
  ).toHaveCount(2);
  expect(creates).toHaveLength(1);
  expect(new URL(creates[0]).searchParams.get('user')).toBe(String(user.id));
  expect(new URL(creates[0]).searchParams.get('batch')).toBe('2');
  expect(dialogs).toEqual([]);
});
