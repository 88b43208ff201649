import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { pathForm, readyForm, READY_FORM_NAMES, type BatchUrlForm, type FormMode } from '@metatag/chips';
import { acceptDialogs, loginWithPassword } from './support/accounts.js';
import { env } from './support/chips.js';
import { fleetBatch, fleetOwner, fleetTap, randomUid } from './support/fleet.js';
import { SHOTS_DIR } from './support/screenshots.js';

/**
 * A fleet in every URL form real chips carry (issue #26 items 1-3, its E2E list): a batch per ready
 * form of `@metatag/chips` (url-form.ts), plus the path form and a GS1 Digital Link path, each
 * template on our own origin so our batch URL page answers; three chips per form tapped in Chromium
 * at 390x844 authenticate and land on their own chip pages. Fleets written on paths the app has no
 * page for (boltcard's `/ln?p=…&c=…`, NXP's `/ntag424?e=…&c=…`, a path form under `/s/`) do too,
 * while an unknown path is still the 404. Then the owner's CSV upload of 10,000 UIDs with three bad
 * rows on the batches page.
 */

test.setTimeout(300_000);
const PHONE = { width: 390, height: 844 };
const SHOTS = join(SHOTS_DIR, 'fleet-shots');
mkdirSync(SHOTS, { recursive: true });
const FILE_TEXT = 'lot 42 / 2026-11';

/** Every ready form (with file data where the form mirrors it), the path form and a GS1 Digital Link path. */
function forms(base: string): { name: string; form: BatchUrlForm; mode: FormMode }[] {
  const ready = READY_FORM_NAMES.map((name) => ({
    name,
    // the forms with {ENC} mirror 16 bytes of file data, as written; sdm-backend's `e` in LRP
    form: readyForm(name, `${base}/tag`, name === 'metatag' || name === 'sdm-backend', 16),
    mode: (name === 'plain' ? 'plain' : name === 'sdm-backend-e' ? 'lrp' : 'aes') as FormMode,
  }));
  return [
    ...ready,
    { name: 'path form', form: pathForm(`${base}/tag`, true, 16), mode: 'aes' },
    {
      name: 'GS1 Digital Link',
      // the SUN parameters on a GS1 path; the MAC input starts at the URL text (SDMMACInputOffset 0)
      form: { template: `${base}/01/09506000134352/21/A1?picc_data={PICC}&cmac={MAC}`, macInputFrom: 'URL' },
      mode: 'aes',
    },
    // paths of their own, as fleets already written for other back ends carry them (decision 115)
    { name: 'boltcard on /ln', form: readyForm('boltcard', `${base}/ln`), mode: 'aes' },
    { name: 'nxp on /ntag424', form: readyForm('nxp', `${base}/ntag424`), mode: 'aes' },
    { name: 'path form on /s', form: pathForm(`${base}/s`), mode: 'aes' },
  ];
}

/** Forms whose taps carry file data: the template does not show it (`showFileData` is off). */
const WITH_FILE_DATA = new Set(['metatag', 'sdm-backend', 'path form']);

test('every ready URL form: three chips of a batch each authenticate on their own pages', async ({
  page,
}) => {
  const owner = await fleetOwner('forms');
  await page.setViewportSize(PHONE);
  acceptDialogs(page);
  const all = forms(env('E2E_BASE_URL'));
  // every ready form of url-form.ts is here (a form added there is tapped here too)
  expect(all.map((f) => f.name)).toEqual(expect.arrayContaining(READY_FORM_NAMES));
  const expected: Record<string, RegExp> = {
    metatag: /^\/tag\?auth=[0-9A-F]{32}[0-9A-F]{32}[0-9A-F]{16}$/,
    'sdm-backend': /^\/tag\?picc_data=[0-9A-F]{32}&enc=[0-9A-F]{32}&cmac=[0-9A-F]{16}$/,
    'sdm-backend-e': /^\/tag\?e=[0-9A-F]{48}[0-9A-F]{16}$/,
    boltcard: /^\/tag\?p=[0-9A-F]{32}&c=[0-9A-F]{16}$/,
    nxp: /^\/tag\?e=[0-9A-F]{32}&c=[0-9A-F]{16}$/,
    plain: /^\/tag\?uid=[0-9A-F]{14}&ctr=000005&cmac=[0-9A-F]{16}$/,
    'path form': /^\/tag\/[0-9A-F]{32}\/[0-9A-F]{32}\/[0-9A-F]{16}$/,
    'GS1 Digital Link': /^\/01\/09506000134352\/21\/A1\?picc_data=[0-9A-F]{32}&cmac=[0-9A-F]{16}$/,
    'boltcard on /ln': /^\/ln\?p=[0-9A-F]{32}&c=[0-9A-F]{16}$/,
    'nxp on /ntag424': /^\/ntag424\?e=[0-9A-F]{32}&c=[0-9A-F]{16}$/,
    'path form on /s': /^\/s\/[0-9A-F]{32}\/[0-9A-F]{16}$/,
  };
  const taps: { form: string; ms: number }[] = [];
  for (const { name, form, mode } of all) {
    const batch = await fleetBatch(owner, { name: `Form ${name}`, form, mode });
    for (const [i, chip] of batch.chips.entries()) {
      const path = fleetTap(batch, chip, { readCounter: 5, fileData: Buffer.from(FILE_TEXT) });
      expect(path, name).toMatch(expected[name]);
      const started = Date.now();
      await page.goto(path);
      await expect(page, `${name}: ${path}`).toHaveURL(new RegExp(`/tag/${chip.id}\\?mtv=`), {
        timeout: 15_000,
      });
      await expect(page.getByTestId('chip-auth'), name).toHaveText('MetaTag Was Authenticated', {
        timeout: 15_000,
      });
      taps.push({ form: name, ms: Date.now() - started });
      // the tap's file data was decrypted, but this template does not show it on the public page
      // (ChipAuthStatus renders it with the verdict above, when the template shows it)
      if (WITH_FILE_DATA.has(name)) await expect(page.getByTestId('chip-file-data'), name).toHaveCount(0);
      if (i === 0 && ['boltcard', 'GS1 Digital Link', 'boltcard on /ln', 'nxp on /ntag424'].includes(name))
        await page.screenshot({
          path: join(SHOTS, `forms-${name.replace(/[^A-Za-z0-9]+/g, '-')}-390.png`),
          fullPage: true,
        });
    }
    // the same tap again is a replay: the batch URL page says so and stays on the tap's URL
    const replay = fleetTap(batch, batch.chips[0], { readCounter: 5, fileData: Buffer.from(FILE_TEXT) });
    await page.goto(replay);
    await expect(page.getByTestId('chip-auth'), `${name}: replay`).toHaveText('Not Authentic', {
      timeout: 15_000,
    });
  }
  console.log(
    `fleet-forms: ${taps.length} taps in ${all.length} forms, tap to authenticated page ` +
      `median ${taps.map((t) => t.ms).sort((a, b) => a - b)[taps.length >> 1]} ms`,
  );

  // a path no batch has is still the 404: without SUN data, and with SUN-looking data no batch reads
  const hex = (bytes: number) => randomBytes(bytes).toString('hex').toUpperCase();
  for (const path of [
    `/no-such-page-${hex(2)}`,
    `/lnx?p=${hex(16)}&c=${hex(8)}`,
    `/q/${hex(16)}/${hex(8)}`,
  ]) {
    await page.goto(path);
    await expect(page.getByTestId('not-found'), path).toHaveText('404 not found yet', { timeout: 15_000 });
    await expect(page.getByTestId('chip-auth'), path).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
  }
  await page.screenshot({ path: join(SHOTS, 'forms-unknown-path-404-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: join(SHOTS, 'forms-unknown-path-404-1280.png'), fullPage: true });
});

/** 10,000 UIDs with a header line; data row r is on file line r + 1. Three rows are bad. */
function csvWithThreeBadRows(): { text: string; uids: string[] } {
  const uids = Array.from({ length: 10_000 }, randomUid);
  uids[17 - 1] = uids[17 - 1].slice(0, 12); // 6 bytes
  uids[5_000 - 1] = 'ZZ' + uids[5_000 - 1].slice(2); // not hex
  uids[9_999 - 1] = uids[3 - 1]; // row 3 again
  return { text: `uid\n${uids.join('\n')}\n`, uids };
}

test('the owner uploads a CSV of 10,000 UIDs with 3 bad rows: exactly those rows are reported', async ({
  page,
}) => {
  const owner = await fleetOwner('csv');
  const batch = await fleetBatch(owner, {
    name: 'Crates 10k',
    form: readyForm('sdm-backend', `${env('E2E_BASE_URL')}/tag`),
    count: 0,
  });
  const { text, uids } = csvWithThreeBadRows();
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginWithPassword(page, 'ganache', owner.name, owner.password);
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await page.goto(`/ganache/admin/batches/${owner.nftId}`);
  await page
    .getByRole('list', { name: 'Batches' })
    .getByRole('button', { name: /Crates 10k/ })
    .click();
  const detail = page.getByLabel('Batch Crates 10k');
  const input = detail.getByLabel(/Upload a CSV of UIDs/);

  const started = performance.now();
  await input.setInputFiles({ name: 'crates.csv', mimeType: 'text/csv', buffer: Buffer.from(text) });
  const result = detail.getByTestId('batch-upload-result');
  await expect(result).toBeVisible({ timeout: 60_000 });
  const wallMs = performance.now() - started;
  console.log(
    `fleet-forms: CSV upload of 10,000 UIDs, file chosen to final report: ${Math.round(wallMs)} ms`,
  );

  await expect(detail.getByTestId('batch-upload-progress')).toContainText('10000 / 10000 rows');
  await expect(result).toContainText('9997 chips added, 3 rows refused.');
  // the rows as the file numbers its lines (the header is line 1): rows 17, 5,000 and 9,999 (a copy of
  // row 3, sent in another chunk than its first: named as such, not as a chip linked elsewhere)
  await expect(result.getByRole('list', { name: 'Refused rows' }).getByRole('listitem')).toHaveText([
    `Line 18: ${uids[16]}: The UID must be 7 bytes in hex (14 digits)`,
    `Line 5001: ${uids[4_999]}: The UID must be 7 bytes in hex (14 digits)`,
    `Line 10000: ${uids[9_998]}: This UID is in the file twice (line 4)`,
  ]);
  console.log(
    `fleet-forms: refused rows: ${(await result.getByRole('listitem').allTextContents()).join(' | ')}`,
  );
  // the batch's chip count, in the list and from the API
  await expect(
    page.getByRole('list', { name: 'Batches' }).getByRole('button', { name: /Crates 10k/ }),
  ).toContainText('9997 chips');
  const listed = (await (await owner.api.get(`/json/chip-batches/${batch.id}`)).json()) as { chips: number };
  expect(listed.chips).toBe(9_997);
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'batches-csv-1280.png'), fullPage: false });
  await page.setViewportSize(PHONE);
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'batches-csv-390.png'), fullPage: false });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
