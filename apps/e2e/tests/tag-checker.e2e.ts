import { test, expect, type Page } from '@playwright/test';
import { provisionChip, seed, tap } from './support/chips.js';

/** Screenshots of the new screens (E2E_SHOTS_DIR, else the worktree's test-results). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/e2e/shots';

/**
 * The tag checker (issue #20) with a scripted Web NFC: `window.NDEFReader` is replaced before the app
 * loads by a fake whose scans and writes the test drives (`window.__nfc`), so the page runs its real
 * code paths for reading, read errors, scan failures and writing.
 */

test.setTimeout(180_000);

/** Installs the fake NDEFReader; `window.__nfc.tap(records)` or `.fail()` deliver to the last scanner. */
async function fakeNfc(page: Page, options: { scanFails?: boolean } = {}) {
  await page.addInitScript((scanFails: boolean) => {
    const state = {
      readers: [] as EventTarget[],
      written: [] as unknown[],
      tap(records: { recordType: string; text?: string; mediaType?: string; bytes?: number[] }[]) {
        const encoded = records.map((r) => ({
          recordType: r.recordType,
          mediaType: r.mediaType ?? null,
          encoding: r.recordType === 'text' ? 'utf-8' : null,
          data: new DataView(
            (r.bytes ? new Uint8Array(r.bytes) : new TextEncoder().encode(r.text ?? '')).buffer,
          ),
        }));
        for (const reader of state.readers) {
          const event = Object.assign(new Event('reading'), {
            serialNumber: '04:a1:b2:c3:d4:e5:f6',
            message: { records: encoded },
          });
          (reader as unknown as { onreading?: (e: Event) => void }).onreading?.(event);
        }
      },
      fail() {
        for (const reader of state.readers)
          (reader as unknown as { onreadingerror?: (e: Event) => void }).onreadingerror?.(
            new Event('readingerror'),
          );
      },
    };
    class FakeNDEFReader extends EventTarget {
      onreading: ((e: Event) => void) | null = null;
      onreadingerror: ((e: Event) => void) | null = null;
      constructor() {
        super();
        state.readers.push(this);
      }
      async scan() {
        if (scanFails) throw new DOMException('NFC permission denied', 'NotAllowedError');
      }
      async write(message: unknown) {
        state.written.push(message);
      }
    }
    Object.assign(window, { NDEFReader: FakeNDEFReader, __nfc: state });
  }, options.scanFails ?? false);
}

const nfcTap = (
  page: Page,
  records: { recordType: string; text?: string; mediaType?: string; bytes?: number[] }[],
) =>
  page.evaluate((r) => (window as unknown as { __nfc: { tap: (r: unknown) => void } }).__nfc.tap(r), records);

test('reads our chip (authenticated), a foreign URL, a read error; writes a link URL', async ({
  page,
  baseURL,
}) => {
  const { api, nftId } = await seed();
  const tag = await provisionChip(nftId);
  await fakeNfc(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/tag-checker');
  await expect(page.getByRole('heading', { name: 'Tag checker' })).toBeVisible();
  await expect(page.getByTestId('no-web-nfc')).toHaveCount(0);
  await page.getByRole('button', { name: 'Scan a tag' }).click();
  await expect(page.getByTestId('tag-status')).toContainText('Hold a tag');

  // Our chip's URL with a fresh tap: the check-tag verdict and which chip.
  const chipUrl = `${baseURL}${await tap(tag)}`;
  await nfcTap(page, [
    { recordType: 'url', text: chipUrl },
    { recordType: 'text', text: 'Golden Sneaker' },
    { recordType: 'mime', mediaType: 'application/json', text: '{}' },
    { recordType: 'unknown', bytes: [1, 171] },
  ]);
  const records = page.getByTestId('tag-record');
  await expect(records).toHaveCount(4);
  await expect(records.nth(0).getByTestId('tag-record-value')).toHaveText(chipUrl);
  await expect(records.nth(0).getByTestId('tag-verdict-text')).toHaveText('MetaTag Was Authenticated');
  await expect(records.nth(0).getByTestId('tag-verdict-chip')).toContainText(tag);
  await expect(records.nth(0).getByTestId('tag-verdict-chip')).toContainText(`NFT template #${nftId}`);
  await expect(records.nth(1)).toContainText('Golden Sneaker');
  await expect(records.nth(2)).toContainText('application/json');
  await expect(records.nth(2)).toContainText('7b 7d');
  await expect(records.nth(3)).toContainText('01 ab');
  await page.screenshot({ path: `${SHOTS}/tag-checker-390.png`, fullPage: true });

  // The same tap read again is a replay: not authentic.
  await nfcTap(page, [{ recordType: 'url', text: chipUrl }]);
  await expect(records.nth(0).getByTestId('tag-verdict-text')).toHaveText('Not Authentic');

  // A foreign URL.
  await nfcTap(page, [{ recordType: 'url', text: 'https://elsewhere.example/tag/abc?auth=00' }]);
  await expect(records).toHaveCount(1);
  await expect(records.nth(0).getByTestId('tag-verdict-text')).toHaveText('Not a MetaTag URL');

  // A read error.
  await page.evaluate(() => (window as unknown as { __nfc: { fail: () => void } }).__nfc.fail());
  await expect(page.getByTestId('tag-error')).toHaveText('error while reading');

  // Writing a link's URL to a blank tag.
  const created = await api.post(`/json/qrlink/link/${nftId}`, { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const linkId = ((await created.json()) as { item: { id: string } }).item.id;
  const linkUrl = `${baseURL}/link/${linkId}`;
  await page.getByLabel('Link URL').fill('https://elsewhere.example/link/x');
  await page.getByRole('button', { name: 'Write to tag' }).click();
  await expect(page.getByRole('form', { name: 'Write a link to a tag' }).getByRole('alert')).toContainText(
    'Only a MetaTag link URL',
  );
  await page.getByLabel('Link URL').fill(linkUrl);
  await page.getByRole('button', { name: 'Write to tag' }).click();
  await expect(page.getByTestId('tag-status')).toHaveText('The link was written to the tag.');
  const written = await page.evaluate(
    () => (window as unknown as { __nfc: { written: unknown[] } }).__nfc.written,
  );
  expect(written).toEqual([{ records: [{ recordType: 'url', data: linkUrl }] }]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/tag-checker-1280.png`, fullPage: true });
  await api.dispose();
});

test('a scan that cannot start: error while scanning; the spec path /:tag-checker', async ({ page }) => {
  await fakeNfc(page, { scanFails: true });
  await page.goto('/:tag-checker');
  await page.getByRole('button', { name: 'Scan a tag' }).click();
  await expect(page.getByTestId('tag-error')).toHaveText('error while scanning');
});

test('without Web NFC: the explanation and a pasted URL', async ({ page }) => {
  await page.goto('/tag-checker');
  await expect(page.getByTestId('no-web-nfc')).toContainText('Chrome on Android');
  await expect(page.getByRole('button', { name: 'Scan a tag' })).toHaveCount(0);
  await page.getByLabel('Tag URL').fill('https://elsewhere.example/x');
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('tag-verdict-text')).toHaveText('Not a MetaTag URL');
  await page.screenshot({ path: `${SHOTS}/tag-checker-no-nfc-1280.png`, fullPage: true });
  await page.goto('/other-segment');
  await expect(page.getByTestId('not-found')).toHaveText('404 not found yet');
});
