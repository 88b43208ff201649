import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import type { BatchUrlForm } from '@metatag/chips';
import { acceptDialogs, loginWithPassword } from './support/accounts.js';
import { chipCli, env } from './support/chips.js';
import { SHOTS_DIR } from './support/screenshots.js';
import {
  fleetBatch,
  fleetOwner,
  fleetTap,
  type FleetBatch,
  type FleetChip,
  type FleetOwner,
} from './support/fleet.js';

/**
 * A fleet on a phone (issue #26 items 5-7): a batch written with ONE NDEF URL template for all its
 * chips — taps of three chips authenticate; a TagTamper chip whose loop is open shows the seal
 * verdict; the tap's file data appears for the owner (and on the page, the template allowing it); a
 * counter jump is flagged in the owner's chips table. Taps come from the software chip of
 * `@metatag/chips` personalised with the batch's keys, as the batch int specs make them.
 */

test.setTimeout(180_000);
const PHONE = { width: 390, height: 844 };
const SHOTS = join(SHOTS_DIR, 'fleet-shots');
mkdirSync(SHOTS, { recursive: true });
const FILE_TEXT = 'lot 42 / 2026-11';

type Fleet = FleetOwner & FleetBatch;

/** An admin with a template (file data shown on its page) and a TagTamper batch of three chips on one URL. */
async function fleet(): Promise<Fleet> {
  const owner = await fleetOwner('fleet', [{ title: 'Sealed Bottle' }, { showFileData: true }]);
  // one URL for every chip, on our own origin: `/tag?…` is the batch URL page
  const form: BatchUrlForm = {
    template: `${env('E2E_BASE_URL')}/tag?picc_data={PICC}&enc={ENC}&tt={TT}&cmac={MAC}`,
    macInputFrom: 'ENC',
    encLength: 16,
  };
  const batch = await fleetBatch(owner, { name: 'Bottles 2026', form, tagTamper: true });
  return { ...owner, ...batch };
}

/** A tap of a fleet chip as the phone opens it: path and query of the batch's one URL. */
function tapOf(f: Fleet, chip: FleetChip, readCounter: number, tamper = 'CC'): string {
  return fleetTap(f, chip, { readCounter, tamper, fileData: Buffer.from(FILE_TEXT) });
}

test('a fleet on one URL: three chips authenticate, an open seal and a counter jump are flagged, file data shows', async ({
  page,
}) => {
  const f = await fleet();
  await page.setViewportSize(PHONE);
  acceptDialogs(page);

  // three chips, one URL template: each authenticates and lands on its own page
  for (const [i, chip] of f.chips.entries()) {
    const path = tapOf(f, chip, 5);
    expect(path).toMatch(/^\/tag\?picc_data=[0-9A-F]{32}&enc=[0-9A-F]{32}&tt=CC&cmac=[0-9A-F]{16}$/);
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/tag/${chip.id}\\?mtv=`), { timeout: 15_000 });
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', {
      timeout: 15_000,
    });
    await expect(page.getByTestId('chip-seal')).toHaveAttribute('data-seal', 'intact');
    await expect(page.getByTestId('chip-file-data')).toContainText(FILE_TEXT);
    if (i === 0) await page.screenshot({ path: join(SHOTS, 'fleet-intact-390.png'), fullPage: true });
  }

  // the TT chip's loop is open: genuine, and the page says so plainly
  const [first, second, third] = f.chips;
  await page.goto(tapOf(f, third, 6, 'OO'));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  const seal = page.getByTestId('chip-seal');
  await expect(seal).toHaveAttribute('data-seal', 'open');
  await expect(seal).toContainText('Seal open');
  await page.screenshot({ path: join(SHOTS, 'fleet-seal-open-390.png'), fullPage: true });
  // a seal that was opened and closed again
  await page.goto(tapOf(f, first, 6, 'OC'));
  await expect(page.getByTestId('chip-seal')).toContainText('Seal was opened', { timeout: 15_000 });
  await page.screenshot({ path: join(SHOTS, 'fleet-seal-opened-390.png'), fullPage: true });

  // a counter jump: accepted (the visitor sees a genuine chip), flagged for the owner
  await page.goto(tapOf(f, second, 1_000_000));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });

  // the owner's chips table: seals, the counter jump and the file data as text
  await loginWithPassword(page, 'ganache', f.name, f.password);
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await page.goto('/ganache/admin/panel/nfts');
  await page
    .getByTestId(`nft-row-${f.nftId}`)
    .getByRole('button', { name: `Show details of NFT ${f.nftId}` })
    .click();
  const chips = page.getByTestId(`nft-details-${f.nftId}`).getByRole('region', { name: 'Chips' });
  const readings = (id: string) => chips.getByTestId(`tap-readings-${id}`);
  await expect(readings(third.id).getByTestId('seal-flag')).toHaveText('Seal open');
  await expect(readings(first.id).getByTestId('seal-flag')).toHaveText('Seal was opened');
  await expect(readings(second.id).getByTestId('counter-jump-flag')).toHaveText('Counter jump');
  await expect(readings(second.id).getByTestId('file-data')).toHaveText(FILE_TEXT);
  // the scans of the jumped chip: the newest is the flagged one
  await chips.getByRole('button', { name: `Scans of chip ${second.id}` }).click();
  const scans = chips.getByRole('table', { name: `Scans of ${second.id}` });
  await expect(scans.getByTestId('scan-tap-data').first().getByTestId('counter-jump-flag')).toBeVisible();
  await expect(scans.getByTestId('scan-tap-data').nth(1).getByTestId('counter-jump-flag')).toHaveCount(0);
  await readings(second.id).scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelectorAll('.table-scroll').forEach((e) => (e.scrollLeft = 0)));
  await page.screenshot({ path: join(SHOTS, 'fleet-owner-chips-390.png'), fullPage: false });

  // the tap checker names what fails: the same tap again is behind the last accepted counter
  await chips
    .getByRole('textbox', { name: `Tap URL for NFT ${f.nftId}` })
    .fill(`${env('E2E_BASE_URL')}${tapOf(f, third, 6, 'OO')}`);
  await chips.getByRole('button', { name: 'Check a tap URL' }).click();
  const result = chips.getByTestId('tap-check-result');
  await expect(result.getByRole('status')).toHaveText('Genuine, but already used: counter 6 is not above 6');
  await expect(result.getByTestId('tap-check-batch')).toContainText('Bottles 2026');
  await expect(result.getByTestId('tap-check-file-text')).toHaveText(FILE_TEXT);
  await expect(result.getByTestId('tap-check-seal')).toContainText('Seal open');
  await result.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'fleet-tap-check-390.png'), fullPage: false });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // the chip CLI asks the same checker (`verify --api`): it exits 1 and names the fault
  const cli = await chipCli([
    'verify',
    '--url',
    `${env('E2E_BASE_URL')}${tapOf(f, third, 6, 'OO')}`,
    '--api',
    env('E2E_BASE_URL'),
  ]).catch((error: { stdout?: string }) => String(error.stdout ?? '').trim());
  const verdict = JSON.parse(cli) as { ok: boolean; fault: string; lastCounter: number; tamper: string };
  expect([verdict.ok, verdict.fault, verdict.lastCounter, verdict.tamper]).toEqual([
    false,
    'counter-behind',
    6,
    'OO',
  ]);

  // the same table on a desktop, with the flagged chip's scans open
  await page.setViewportSize({ width: 1280, height: 800 });
  await readings(second.id).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'fleet-owner-chips-1280.png'), fullPage: false });
});
