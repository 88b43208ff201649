import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, type Page } from '@playwright/test';
import { batchChipKeys } from '@metatag/chips';
import { loginWithPassword } from './support/accounts.js';
import { chipCli, env, provisionChip } from './support/chips.js';
import { SHOTS_DIR } from './support/screenshots.js';
import { fleetBatch, fleetOwner, fleetTap, randomUid, type FleetOwner } from './support/fleet.js';

/**
 * A batch changed after it was made (issue #26 item 1): the owner moves a batch to another NFT
 * template on the batch page and its chips' next taps show that template; the chip CLI's `batch
 * update` moves it back. A new batch with parameter names of the brand's choosing (the form's
 * Advanced part) authenticates its chips' taps. Seeded through the API, taps from the software chip.
 */

test.setTimeout(240_000);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = join(SHOTS_DIR, 'fleet-edit-shots');
mkdirSync(SHOTS, { recursive: true });

/** A second template of the same owner, with its title. */
async function anotherTemplate(owner: FleetOwner, title: string): Promise<number> {
  const created = await owner.api.post('/json/ganache/nft', { data: {} });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  const put = await owner.api.put(`/json/ganache/nft/${nftId}`, { data: { title } });
  expect(put.ok(), await put.text()).toBe(true);
  return nftId;
}

async function expectTapShows(page: Page, path: string, chipId: string, title: string) {
  await page.goto(path);
  await expect(page).toHaveURL(new RegExp(`/tag/${chipId}\\?mtv=`), { timeout: 20_000 });
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 20_000 });
  await expect(page.getByTestId('chip-title')).toHaveText(title, { timeout: 20_000 });
}

async function openBatches(page: Page, owner: FleetOwner, nftId: number) {
  await loginWithPassword(page, 'ganache', owner.name, owner.password);
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await page.goto(`/ganache/admin/batches/${nftId}`);
}

test('the owner moves a batch to another template on the batch page: the next tap shows it; `batch update` moves it back', async ({
  page,
}) => {
  const owner = await fleetOwner('edit', [{ title: 'Spring Bottle' }]);
  const autumn = await anotherTemplate(owner, 'Autumn Bottle');
  const batch = await fleetBatch(owner, {
    name: 'Bottles to move',
    form: { template: `${env('E2E_BASE_URL')}/tag?picc_data={PICC}&cmac={MAC}`, macInputFrom: 'MAC' },
    count: 1,
  });
  const [chip] = batch.chips;
  await page.setViewportSize(DESKTOP);
  await expectTapShows(page, fleetTap(batch, chip, { readCounter: 1 }), chip.id, 'Spring Bottle');

  await openBatches(page, owner, owner.nftId);
  await page
    .getByRole('list', { name: 'Batches' })
    .getByRole('button', { name: /Bottles to move/ })
    .click();
  const detail = page.getByLabel('Batch Bottles to move');
  await detail.getByText('Edit batch').click();
  const edit = detail.getByRole('form', { name: 'Edit batch Bottles to move' });
  await edit.getByLabel('NFT template').fill(String(autumn));
  await edit.getByLabel(/Counter jump flagged above/).fill('50');
  await edit.screenshot({ path: join(SHOTS, 'batch-edit-1280.png') });
  await edit.getByRole('button', { name: 'Save batch' }).click();
  await expect(page.getByTestId('batch-moved')).toContainText(`Bottles to move now belongs to NFT ${autumn}`);
  // it left this template's list and is in the other's
  await expect(
    page.getByRole('list', { name: 'Batches' }).getByRole('button', { name: /Bottles to move/ }),
  ).toHaveCount(0);
  await page.screenshot({ path: join(SHOTS, 'batch-moved-1280.png'), fullPage: false });
  await page.getByRole('link', { name: `Batches of NFT ${autumn}` }).click();
  await expect(
    page.getByRole('list', { name: 'Batches' }).getByRole('button', { name: /Bottles to move/ }),
  ).toBeVisible({ timeout: 15_000 });
  const moved = (await (await owner.api.get(`/json/chip-batches/${batch.id}`)).json()) as {
    nftId: number;
    counterJump: number;
  };
  expect([moved.nftId, moved.counterJump]).toEqual([autumn, 50]);

  // the chip's next tap is the other template's
  await expectTapShows(page, fleetTap(batch, chip, { readCounter: 2 }), chip.id, 'Autumn Bottle');
  await page.screenshot({ path: join(SHOTS, 'batch-moved-tap-1280.png'), fullPage: false });

  // the CLI's `batch update` moves it back (and says never flag a jump)
  const cli = JSON.parse(
    await chipCli([
      'batch',
      'update',
      '--url',
      env('E2E_BASE_URL'),
      '--name',
      owner.name,
      '--password',
      owner.password,
      '--batch',
      batch.id,
      '--template',
      String(owner.nftId),
      '--counter-jump',
      'none',
    ]),
  ) as { nftId: number; counterJump: number | null };
  expect([cli.nftId, cli.counterJump]).toEqual([owner.nftId, null]);
  await page.setViewportSize(PHONE);
  await expectTapShows(page, fleetTap(batch, chip, { readCounter: 3 }), chip.id, 'Spring Bottle');
  // a CLI update that names nothing is refused before any request
  const empty = await chipCli([
    'batch',
    'update',
    '--url',
    env('E2E_BASE_URL'),
    '--name',
    owner.name,
    '--password',
    owner.password,
    '--batch',
    batch.id,
  ]).catch((error: { stderr?: string }) => String(error.stderr ?? ''));
  expect(empty).toContain('batch update changes nothing');
});

test('a new batch with parameter names of the brand (Advanced) authenticates its chips, on a phone', async ({
  page,
}) => {
  const owner = await fleetOwner('names', [{ title: 'Named Crate' }]);
  const master = randomBytes(16);
  const template = `${env('E2E_BASE_URL')}/tag?crate={PICC}&seal={MAC}`;
  await page.setViewportSize(PHONE);
  await openBatches(page, owner, owner.nftId);
  const create = page.getByRole('form', { name: 'New batch' });
  await create.getByLabel('Name').fill('Crates with our names');
  await create.getByLabel(/Master key/).fill(master.toString('hex'));
  await create.getByText('Advanced: parameter names, path, MAC input').click();
  await create.getByLabel(/URL template/).fill(template);
  await create.getByLabel(/MAC input from/).selectOption('MAC');
  await page.screenshot({ path: join(SHOTS, 'batch-create-advanced-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await create.getByRole('button', { name: 'Create batch' }).click();
  const picked = page
    .getByRole('list', { name: 'Batches' })
    .getByRole('button', { name: /Crates with our names/ });
  await expect(picked).toContainText(template);

  // its chips by UID through the API, then a tap in the brand's names authenticates
  const list = (await (await owner.api.get(`/json/chip-batches?nftId=${owner.nftId}`)).json()) as {
    items: { id: string; name: string; urlForm: { template: string } | null }[];
  };
  const made = list.items.find((b) => b.name === 'Crates with our names')!;
  expect(made.urlForm?.template).toBe(template);
  const uids = [randomUid(), randomUid()];
  const added = await owner.api.post(`/json/chip-batches/${made.id}/chips`, {
    data: { rows: uids.map((uid) => ({ uid })) },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const items = (
    (await (await owner.api.get(`/json/chip-batches/${made.id}/chips`)).json()) as {
      items: { id: string; uid: string }[];
    }
  ).items;
  const form = { template, macInputFrom: 'MAC' as const };
  for (const uid of uids) {
    const chip = {
      id: items.find((c) => c.uid === uid)!.id,
      uid,
      keys: batchChipKeys(master, uid, 'an10922'),
    };
    const path = fleetTap({ form, mode: 'aes' }, chip, { readCounter: 1 });
    expect(path).toMatch(/^\/tag\?crate=[0-9A-F]{32}&seal=[0-9A-F]{16}$/);
    await expectTapShows(page, path, chip.id, 'Named Crate');
  }
  await page.screenshot({ path: join(SHOTS, 'batch-custom-names-tap-390.png'), fullPage: true });
});

/** The SDM settings table of the open batch, label → value. */
async function settingsOf(page: Page, batchName: string): Promise<Record<string, string>> {
  const detail = page.getByLabel(`Batch ${batchName}`);
  await detail.getByText('URL template and SDM settings').click();
  const table = detail.getByRole('table', { name: 'SDM settings of the batch' });
  await expect(table).toBeVisible({ timeout: 15_000 });
  const rows = await table.getByRole('row').all();
  const out: Record<string, string> = {};
  for (const row of rows)
    out[(await row.getByRole('rowheader').innerText()).trim()] = (
      await row.getByRole('cell').innerText()
    ).trim();
  return out;
}

/** What `npm run chip -- template` prints for a URL form (offline: no batch, no key). */
async function cliTemplate(args: string[]): Promise<Record<string, unknown>> {
  return JSON.parse(await chipCli(['template', ...args])) as Record<string, unknown>;
}

test('every batch shows its NDEF URL template and SDM settings, the default batch too: the numbers of `chip template`', async ({
  page,
}) => {
  const owner = await fleetOwner('sdm', [{ title: 'Sealed Jar' }]);
  const template = `${env('E2E_BASE_URL')}/tag?picc_data={PICC}&enc={ENC}&tt={TT}&cmac={MAC}`;
  const batch = await fleetBatch(owner, {
    name: 'Jars TT',
    form: { template, macInputFrom: 'ENC', encLength: 16 },
    tagTamper: true,
    count: 1,
  });
  // a chip linked one by one: the template's default batch (per-chip URLs)
  await provisionChip(owner.nftId);

  await page.setViewportSize(DESKTOP);
  await openBatches(page, owner, owner.nftId);
  const list = page.getByRole('list', { name: 'Batches' });
  await list.getByRole('button', { name: /Jars TT/ }).click();
  const shown = await settingsOf(page, 'Jars TT');
  await expect(page.getByLabel('Batch Jars TT').getByTestId('batch-template')).toContainText(template);
  // the CLI through the API (`template --batch B`, signed in as the owner) computes the same bytes
  const cli = JSON.parse(
    await chipCli([
      'template',
      '--batch',
      batch.id,
      '--url',
      env('E2E_BASE_URL'),
      '--name',
      owner.name,
      '--password',
      owner.password,
    ]),
  ) as Record<string, unknown>;
  expect({
    PICCDataOffset: shown.PICCDataOffset,
    SDMMACInputOffset: shown.SDMMACInputOffset,
    SDMMACOffset: shown.SDMMACOffset,
    SDMENCOffset: shown.SDMENCOffset,
    SDMENCLength: shown.SDMENCLength,
    TTPermStatusOffset: shown.TTPermStatusOffset,
    AccessRights: shown.AccessRights,
    SDMAccessRights: shown.SDMAccessRights,
    SDMOptions: shown.SDMOptions,
  }).toEqual({
    PICCDataOffset: String(cli.piccDataOffset),
    SDMMACInputOffset: String(cli.macInputOffset),
    SDMMACOffset: String(cli.macOffset),
    SDMENCOffset: String(cli.encOffset),
    SDMENCLength: String(cli.encLength),
    TTPermStatusOffset: String(cli.ttStatusOffset),
    AccessRights: String(cli.accessRights),
    SDMAccessRights: String(cli.sdmAccessRights),
    SDMOptions: String(cli.sdmOptions),
  });
  expect(shown['TT status mirror']).toBe('yes');
  expect(shown['MAC input from']).toBe('ENC');
  await page
    .getByLabel('Batch Jars TT')
    .getByTestId('batch-template')
    .screenshot({
      path: join(SHOTS, 'batch-sdm-settings-1280.png'),
    });

  // the default batch: MetaTag's per-chip form, offsets with a chip id of its length
  await page.setViewportSize(PHONE);
  const defaultName = await list
    .getByRole('button', { name: /default/ })
    .first()
    .innerText();
  await list
    .getByRole('button', { name: /default/ })
    .first()
    .click();
  const name = defaultName.split(' · ')[0].trim();
  const perChip = await settingsOf(page, name);
  const box = page.getByLabel(`Batch ${name}`).getByTestId('batch-template');
  await expect(box).toContainText('/tag/{chip id}?auth={PICC}{MAC}');
  const shownTemplate = (await box.locator('code').first().innerText()).trim();
  const offline = await cliTemplate([
    '--url-template',
    shownTemplate.replace('{chip id}', 'C'.repeat(14)),
    '--mac-input-from',
    'MAC',
  ]);
  expect([perChip.PICCDataOffset, perChip.SDMMACOffset, perChip.SDMMACInputOffset]).toEqual([
    String(offline.piccDataOffset),
    String(offline.macOffset),
    String(offline.macInputOffset),
  ]);
  expect(perChip['TT status mirror']).toBe('no');
  await box.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SHOTS, 'batch-sdm-default-390.png'), fullPage: false });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // another owner cannot read the batch's template: the batch's 404
  const stranger = await fleetOwner('sdm-stranger');
  expect((await stranger.api.get(`/json/chip-batches/${batch.id}/template`)).status()).toBe(404);
});

test("'Rotate keys' on the batch page for an sdm-backend batch (the fleet's new master) and an imported one (a CSV of new keys; a bad row is named, nothing rotates)", async ({
  page,
}) => {
  const owner = await fleetOwner('rotate', [{ title: 'Rotated Crate' }]);
  const form = { template: `${env('E2E_BASE_URL')}/tag?picc_data={PICC}&cmac={MAC}`, macInputFrom: 'MAC' };
  const sdm = await owner.api.post('/json/chip-batches', {
    data: {
      nftId: owner.nftId,
      name: 'Fleet of sdm-backend',
      scheme: 'sdm-backend',
      masterKey: randomBytes(16).toString('hex'),
      mode: 'aes',
      urlForm: form,
    },
  });
  expect(sdm.status(), await sdm.text()).toBe(201);
  const sdmId = ((await sdm.json()) as { id: string }).id;
  const imported = await owner.api.post('/json/chip-batches', {
    data: {
      nftId: owner.nftId,
      name: 'Imported keys',
      scheme: 'imported',
      metaReadKey: randomBytes(16).toString('hex'),
      mode: 'aes',
      urlForm: form,
    },
  });
  expect(imported.status(), await imported.text()).toBe(201);
  const importedId = ((await imported.json()) as { id: string }).id;
  const uid = randomUid();
  const added = await owner.api.post(`/json/chip-batches/${importedId}/chips`, {
    data: { rows: [{ uid, fileReadKey: randomBytes(16).toString('hex') }] },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await page.setViewportSize(PHONE);
  await openBatches(page, owner, owner.nftId);
  const batches = page.getByRole('list', { name: 'Batches' });

  // sdm-backend: the fleet's new master, typed once in a password field
  await batches.getByRole('button', { name: /Fleet of sdm-backend/ }).click();
  const fleet = page.getByLabel('Batch Fleet of sdm-backend');
  await fleet.getByRole('button', { name: 'Rotate keys' }).click();
  const rotateFleet = fleet.getByRole('form', { name: 'Rotate keys' });
  await rotateFleet.getByLabel(/new master key/).fill(randomBytes(16).toString('hex'));
  await rotateFleet.screenshot({ path: join(SHOTS, 'batch-rotate-sdm-390.png') });
  await rotateFleet.getByRole('button', { name: 'Rotate to a new key version' }).click();
  await expect(fleet.getByRole('status')).toContainText('Key version 2', { timeout: 15_000 });
  const sdmAfter = (await (await owner.api.get(`/json/chip-batches/${sdmId}`)).json()) as {
    keyVersion: number;
  };
  expect(sdmAfter.keyVersion).toBe(2);

  // imported: a CSV of new keys; a row of a chip not in the batch rotates nothing and is named
  await batches.getByRole('button', { name: /Imported keys/ }).click();
  const keys = page.getByLabel('Batch Imported keys');
  await keys.getByRole('button', { name: 'Rotate keys' }).click();
  const rotateKeys = keys.getByRole('form', { name: 'Rotate keys' });
  const csv = (rows: string[]) => ({
    name: 'new-keys.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['uid,fileReadKey', ...rows].join('\n')),
  });
  await rotateKeys.getByLabel(/common meta read key/).fill(randomBytes(16).toString('hex'));
  await rotateKeys
    .getByLabel(/CSV of the new keys/)
    .setInputFiles(
      csv([`${uid},${randomBytes(16).toString('hex')}`, `${randomUid()},${randomBytes(16).toString('hex')}`]),
    );
  await rotateKeys.getByRole('button', { name: 'Rotate to a new key version' }).click();
  await expect(rotateKeys.getByRole('alert')).toContainText('row 2', { timeout: 15_000 });
  await rotateKeys.screenshot({ path: join(SHOTS, 'batch-rotate-imported-refused-390.png') });
  const still = (await (await owner.api.get(`/json/chip-batches/${importedId}`)).json()) as {
    keyVersion: number;
  };
  expect(still.keyVersion, 'a bad row rotates nothing').toBe(1);
  await rotateKeys
    .getByLabel(/CSV of the new keys/)
    .setInputFiles(csv([`${uid},${randomBytes(16).toString('hex')}`]));
  await rotateKeys.getByRole('button', { name: 'Rotate to a new key version' }).click();
  await expect(keys.getByRole('status')).toContainText('Key version 2', { timeout: 15_000 });
  await page.screenshot({ path: join(SHOTS, 'batch-rotated-imported-390.png'), fullPage: false });
  const importedAfter = (await (await owner.api.get(`/json/chip-batches/${importedId}`)).json()) as {
    keyVersion: number;
  };
  expect(importedAfter.keyVersion).toBe(2);
  // the rotate form at desktop width too
  await page.setViewportSize(DESKTOP);
  await keys.getByRole('button', { name: 'Rotate keys' }).click();
  await keys
    .getByRole('form', { name: 'Rotate keys' })
    .screenshot({ path: join(SHOTS, 'batch-rotate-imported-1280.png') });
});
