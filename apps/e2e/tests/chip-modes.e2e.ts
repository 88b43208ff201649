import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { acceptDialogs, createUserViaApi, loginWithPassword, uniqueName } from './support/accounts.js';
import { padFileText } from '@metatag/chips';
import { chipCli, env, tap } from './support/chips.js';
import { SHOTS_DIR } from './support/screenshots.js';

/**
 * Real chips' configurations on the chip page (issue #12): a chip in LRP mode and a chip mirroring
 * encrypted file data (the `picc_data&enc&cmac` layout, MACed over the URL text) authenticate on a
 * phone; after a chip is deleted and re-added, a URL it produced before is Not Authentic; the admin's
 * "Check a tap URL" reads a tap without consuming it. Chips are provisioned and tapped with the
 * product's chip CLI.
 */

test.setTimeout(180_000);
const PHONE = { width: 390, height: 844 };
const SHOTS = join(SHOTS_DIR, 'chips-shots');
mkdirSync(SHOTS, { recursive: true });

interface Owner {
  name: string;
  password: string;
  api: APIRequestContext;
  nftId: number;
}

/** An admin with one NFT template (no collection: authentication needs none). */
async function owner(): Promise<Owner> {
  const name = uniqueName('chipmodes');
  const password = 'chip-modes-password';
  await createUserViaApi(name, password);
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  expect((await api.post('/password-login', { data: { name, password } })).ok()).toBe(true);
  const created = await api.post('/json/ganache/nft', { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { title: 'Field Chip' } });
  expect(put.ok(), await put.text()).toBe(true);
  return { name, password, api, nftId };
}

/** A chip provisioned with the chip CLI (CSV import); its id and UID. */
async function provision(nftId: number, uid = randomBytes(7).toString('hex').toUpperCase()) {
  const dir = mkdtempSync(join(tmpdir(), 'chip-modes-'));
  writeFileSync(join(dir, 'chips.csv'), `uid\n${uid}\n`);
  const line = await chipCli([
    'provision',
    '--template',
    String(nftId),
    '--csv',
    join(dir, 'chips.csv'),
    '--url',
    env('E2E_BASE_URL'),
  ]);
  const [tag, printedUid] = line.split('\t');
  expect(printedUid).toBe(uid);
  return { tag, uid };
}

async function phone(page: Page): Promise<Page> {
  await page.setViewportSize(PHONE);
  acceptDialogs(page);
  return page;
}

test('an LRP chip and a chip with encrypted file data authenticate on a phone', async ({ page }) => {
  const { nftId } = await owner();
  await phone(page);

  const lrp = await provision(nftId);
  const lrpUrl = await tap(lrp.tag, { mode: 'lrp' });
  expect(lrpUrl).toMatch(/\?auth=[0-9A-F]{64}$/);
  await page.goto(lrpUrl);
  await expect(page.getByTestId('chip-title')).toHaveText('Field Chip');
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  await page.screenshot({ path: join(SHOTS, 'lrp-chip-390.png'), fullPage: true });

  const withFile = await provision(nftId);
  const fileUrl = await tap(withFile.tag, { layout: 'picc', fileData: padFileText('NT1 batch 42') });
  expect(fileUrl).toMatch(/\?picc_data=[0-9A-F]{32}&enc=[0-9A-F]{32}&cmac=[0-9A-F]{16}$/);
  await page.goto(fileUrl);
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  await page.screenshot({ path: join(SHOTS, 'file-data-chip-390.png'), fullPage: true });

  // the same tap URL again is refused (a reload continues the visit instead: the page swapped the
  // consumed SUN for its continuation credential, see chip-handoff.e2e.ts)
  await page.goto(fileUrl);
  await expect(page.getByTestId('chip-auth')).toHaveText('Not Authentic', { timeout: 15_000 });
});

test('a URL a chip produced before it was deleted and re-added is Not Authentic', async ({ page }) => {
  const { api, nftId } = await owner();
  await phone(page);
  const chip = await provision(nftId);
  const seen = await tap(chip.tag);
  await page.goto(seen);
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  // made by the chip and never opened, then overtaken by a later tap: it must not work later either
  const unseen = await tap(chip.tag);
  await page.goto(await tap(chip.tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });

  expect((await api.delete(`/json/qrlink/chip/${nftId}/${chip.tag}`)).ok()).toBe(true);
  const again = await provision(nftId, chip.uid);
  expect(again.tag, 'restored under the id the chip carries').toBe(chip.tag);

  for (const old of [seen, unseen]) {
    await page.goto(old);
    await expect(page.getByTestId('chip-auth')).toHaveText('Not Authentic', { timeout: 15_000 });
  }
  await page.screenshot({ path: join(SHOTS, 'old-url-after-readd-390.png'), fullPage: true });
  await page.goto(await tap(chip.tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', ...PHONE },
]) {
  test(`an owner checks a tap URL in the chips table without consuming it (${viewport.name})`, async ({
    page,
  }) => {
    const me = await owner();
    const chip = await provision(me.nftId);
    const url = `${env('E2E_BASE_URL')}${await tap(chip.tag, { mode: 'lrp', layout: 'picc', fileData: padFileText('lot 7') })}`;
    await page.setViewportSize(viewport);
    acceptDialogs(page);
    await loginWithPassword(page, 'ganache', me.name, me.password);
    await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
    await page.goto('/ganache/admin/panel/nfts');
    const row = page.getByTestId(`nft-row-${me.nftId}`);
    await row.getByRole('button', { name: `Show details of NFT ${me.nftId}` }).click();
    const chips = page.getByTestId(`nft-details-${me.nftId}`).getByRole('region', { name: 'Chips' });
    await chips.getByRole('textbox', { name: `Tap URL for NFT ${me.nftId}` }).fill(url);
    await chips.getByRole('button', { name: 'Check a tap URL' }).click();
    const result = chips.getByTestId('tap-check-result');
    await expect(result.getByRole('status')).toHaveText(
      'Genuine, and a visitor opening it now would be authenticated',
    );
    await expect(result.getByTestId('tap-check-uid')).toHaveText(chip.uid);
    await expect(result.getByTestId('tap-check-counter')).toHaveText('1');
    await expect(result.getByTestId('tap-check-mac')).toHaveText('valid');
    await expect(result.getByTestId('tap-check-file-data')).toHaveText(
      Buffer.from('lot 7'.padEnd(16)).toString('hex'),
    );
    await expect(result).toContainText('LRP (picc layout)');
    await result.scrollIntoViewIfNeeded();
    // the templates table scrolls sideways on a phone (its own columns): show the panel from its left edge
    await page.evaluate(() => document.querySelectorAll('.table-scroll').forEach((e) => (e.scrollLeft = 0)));
    await page.screenshot({ path: join(SHOTS, `check-tap-url-${viewport.name}.png`), fullPage: false });
    // nothing wider than the phone
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );

    // the check consumed nothing: the visitor is authenticated with that URL, and then it is used
    const visitor = await page.context().browser()!.newPage({ viewport: PHONE });
    await visitor.goto(url);
    await expect(visitor.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', {
      timeout: 15_000,
    });
    await visitor.close();
    await chips.getByRole('button', { name: 'Check a tap URL' }).click();
    await expect(result.getByRole('status')).toHaveText(
      'Genuine, but already used: counter 1 is not above 1',
    );
  });
}
