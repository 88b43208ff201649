import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { openBureauPackage, type BureauPackageFile } from '@metatag/chips';
import { acceptDialogs, createUserViaApi, loginWithPassword, uniqueName } from './support/accounts.js';
import { chipCli, env } from './support/chips.js';
import { SHOTS_DIR } from './support/screenshots.js';

/**
 * Issue #27 in Chromium: software NTAG 424 DNA chips personalised by `npm run chip -- personalise
 * --batch B` (the batch's URL template, mode, TagTamper and keys read from the batches API) for an
 * AES, an LRP and a TagTamper batch; the tap each chip wrote, opened on a phone, says authenticated.
 * The batch page offers the personalisation package sealed under a passphrase the owner types.
 */

test.setTimeout(240_000);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SHOTS = join(SHOTS_DIR, 'personalise-shots');
mkdirSync(SHOTS, { recursive: true });
const PASSWORD = 'personalise-password';

interface Owner {
  name: string;
  api: APIRequestContext;
  nftId: number;
}

async function owner(): Promise<Owner> {
  const name = uniqueName('writer');
  await createUserViaApi(name, PASSWORD);
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  expect((await api.post('/password-login', { data: { name, password: PASSWORD } })).ok()).toBe(true);
  const created = await api.post('/json/ganache/nft', { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { title: 'Written Chip' } });
  expect(put.ok(), await put.text()).toBe(true);
  return { name, api, nftId };
}

async function batch(o: Owner, mode: 'aes' | 'lrp', tt: boolean): Promise<string> {
  const created = await o.api.post('/json/chip-batches', {
    data: {
      nftId: o.nftId,
      name: `${mode.toUpperCase()}${tt ? ' TagTamper' : ''} run`,
      scheme: 'an10922',
      mode,
      urlForm: {
        template: `${env('E2E_BASE_URL')}/tag?picc_data={PICC}&cmac={MAC}${tt ? '&tt={TT}' : ''}`,
        macInputFrom: 'MAC',
      },
      tagTamper: tt,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** `chip -- personalise --batch B` on one software chip, as the owner; the tap URL the chip wrote. */
async function personalise(o: Owner, batchId: string): Promise<string> {
  const out = await chipCli([
    'personalise',
    '--batch',
    batchId,
    '--reader',
    'software',
    '--url',
    env('E2E_BASE_URL'),
    '--name',
    o.name,
    '--password',
    PASSWORD,
  ]);
  expect(out).toMatch(/personalised 1, resumed 0, skipped 0, refused 0/);
  const url = new URL(/ personalised \(\d+ APDUs, \d+ ms\) (\S+)/.exec(out)![1]);
  return `${url.pathname}${url.search}`;
}

async function at(page: Page, viewport: { width: number; height: number }) {
  await page.setViewportSize(viewport);
  acceptDialogs(page);
}

test('chips personalised for an AES, an LRP and a TagTamper batch authenticate in Chromium', async ({
  page,
}) => {
  const o = await owner();
  for (const [mode, tt, viewport] of [
    ['aes', false, PHONE],
    ['lrp', false, PHONE],
    ['aes', true, DESKTOP],
  ] as const) {
    const tap = await personalise(o, await batch(o, mode, tt));
    expect(tap).toMatch(
      tt
        ? /^\/tag\?picc_data=[0-9A-F]{32}&cmac=[0-9A-F]{16}&tt=CC$/
        : new RegExp(`^/tag\\?picc_data=[0-9A-F]{${mode === 'lrp' ? 48 : 32}}&cmac=[0-9A-F]{16}$`),
    );
    await at(page, viewport);
    await page.goto(tap);
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 20_000 });
    await expect(page).toHaveURL(/\/tag\/[A-Za-z0-9]+\?/);
    await page.screenshot({
      path: join(SHOTS, `personalised-${mode}${tt ? '-tt' : ''}-${viewport.width}.png`),
      fullPage: true,
    });
    // the same tap again: consumed
    await page.goto(tap);
    await expect(page.getByTestId('chip-auth')).toHaveText('Not Authentic', { timeout: 20_000 });
  }
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`the batch page downloads the personalisation package sealed with the owner's passphrase (${viewport.width})`, async ({
    page,
  }) => {
    const o = await owner();
    const id = await batch(o, 'aes', true);
    await at(page, viewport);
    await loginWithPassword(page, 'ganache', o.name, PASSWORD);
    await expect(page).toHaveURL(/\/collections$/);
    await page.goto(`/ganache/admin/batches/${o.nftId}`);
    await page.getByRole('button', { name: /AES TagTamper run/ }).click();
    const card = page.locator('[aria-label="Personalisation package"]');
    const passphrase = 'a bureau passphrase for e2e';
    await card.getByLabel('Passphrase', { exact: true }).fill(passphrase);
    await card.getByLabel('Passphrase again').fill('a different one!');
    await expect(card.getByText('The two passphrases differ.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Download package' })).toBeDisabled();
    await card.getByLabel('Passphrase again').fill(passphrase);
    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download package' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`batch-${id}-package.json`);
    const sealed = JSON.parse(readFileSync((await file.path())!, 'utf8')) as BureauPackageFile;
    const opened = await openBureauPackage(sealed, passphrase);
    expect(opened.batch.id).toBe(id);
    expect(opened.keys.applicationKeys[2].an10922Input).toBe('{UID}024D657461546167');
    const settings = card.getByRole('table', { name: 'SDM settings' });
    await expect(settings.getByRole('row', { name: /PICCDataOffset/ })).toContainText(
      String(opened.sdm!.piccDataOffset),
    );
    await expect(settings.getByRole('row', { name: /TTPermStatusOffset/ })).toBeVisible();
    await expect(card.getByLabel('Passphrase', { exact: true })).toHaveValue('');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS, `bureau-package-${viewport.width}.png`), fullPage: true });
  });
}
