import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test, expect, request, type Browser, type Locator, type Page } from '@playwright/test';
import {
  ADMIN_NAME,
  acceptDialogs,
  adminPassword,
  createUserViaApi,
  loginWithPassword,
  uniqueName,
} from './support/accounts.js';
import { anvilRpc, createBuiltInWallet, fund } from './support/chain.js';
import { connectChipPageWallet, env, provisionChip, seed, tap } from './support/chips.js';
import { addTemplate, signInNewUser } from './support/console.js';
import { SHOTS_DIR } from './support/screenshots.js';

/**
 * The owner console (issue #16): the chain's default collection, owned collections only, live counts,
 * a layout that fits 1280x800 and 390x844, the super admin's protected tools and decoded chain errors,
 * and the smaller items (the user's name; cancel messages, upload cancel and wallet export are in
 * console-cancels.e2e.ts, which runs in the full browser).
 */

test.setTimeout(300_000);
const CHAIN_TIMEOUT = { timeout: 45_000 };
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const TX_HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS = /^0x[0-9a-f]{40}$/;

interface Networks {
  items: { ganache: { defaultCollection: string; library_address_locator: string; minter: string } };
}

async function ganacheNetwork(page: Page) {
  return ((await (await page.request.get('/json/networks')).json()) as Networks).items.ganache;
}

async function ownerOf(collection: string, tokenId: string): Promise<string> {
  const data = `0x6352211e${BigInt(tokenId).toString(16).padStart(64, '0')}`;
  return `0x${(await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest'])).slice(-40)}`;
}

async function newVisitor(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  acceptDialogs(page);
  return page;
}

/** No sideways scrolling of the page itself. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(width);
}

/** Every element's box lies inside the window's width. */
async function expectInsideWidth(locators: Locator[], width: number): Promise<void> {
  for (const locator of locators) {
    const box = await locator.boundingBox();
    expect(box, `${String(locator)} has no box`).not.toBeNull();
    expect(box!.x, String(locator)).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, String(locator)).toBeLessThanOrEqual(width + 0.5);
  }
}

test('a default-collection template mints from a link and a chip; manual, link and chip mints reach the row without reload', async ({
  page,
  browser,
}) => {
  const dialogs = acceptDialogs(page);
  await page.setViewportSize(DESKTOP);
  await signInNewUser(page);
  const network = await ganacheNetwork(page);
  expect(network.defaultCollection, 'the standalone start made a default collection').toMatch(ADDRESS);

  await page.goto('/ganache/admin/panel/nfts');
  const { id, row } = await addTemplate(page);
  const picker = row.getByRole('combobox', { name: `collection of NFT ${id}` });
  await expect(picker.locator('option:checked')).toHaveText(/^Default collection \(0x/);
  await expect(picker).toHaveAttribute('title', network.defaultCollection);
  await expect(page.getByTestId(`template-flag-${id}`)).toHaveCount(0);
  const mints = page.getByTestId(`nft-mints-${id}`);
  await expect(mints).toHaveText('0');

  // a QR link made in the page, a chip provisioned with the product's chip CLI
  await row.getByRole('button', { name: `Show details of NFT ${id}` }).click();
  const details = page.getByTestId(`nft-details-${id}`);
  const links = details.getByRole('region', { name: 'Links' });
  await links.getByRole('button', { name: 'Create QR links' }).click();
  await expect(links.getByRole('status')).toHaveText('1 QR link created.');
  const linkRow = links.locator('[data-testid^="chiplink-row-"]').first();
  const linkId = ((await linkRow.getAttribute('data-testid')) ?? '').replace('chiplink-row-', '');
  const tag = await provisionChip(id);
  const chipRow = details.getByTestId(`chiplink-row-${tag}`);
  await expect(chipRow).toBeVisible(CHAIN_TIMEOUT);
  await expect(page.getByTestId(`nft-chips-${id}`)).toHaveText('1', CHAIN_TIMEOUT);
  await expect(page.getByTestId(`nft-links-${id}`)).toHaveText('1');

  // a manual mint: the row counts it once it is confirmed, without a reload
  const recipient = `0x${'5'.repeat(39)}${Math.floor(Math.random() * 9)}`;
  await details.getByRole('textbox', { name: `Mint NFT ${id} to address` }).fill(recipient);
  await details.getByRole('button', { name: 'Mint', exact: true }).click();
  await expect(details.getByRole('status').filter({ hasText: /^Mint of token \d+ sent\.$/ })).toBeVisible();
  await expect(mints).toHaveText('1', CHAIN_TIMEOUT);

  // a visitor mints from the link: into the default collection
  const visitor = await newVisitor(browser);
  await visitor.goto(`/link/${linkId}`);
  const alice = await connectChipPageWallet(visitor);
  await visitor.getByRole('button', { name: 'Mint and Claim' }).click();
  await expect(visitor.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  const linkToken = (await visitor.getByTestId('chip-token-id').textContent())!;
  expect(await ownerOf(network.defaultCollection, linkToken)).toBe(alice);
  await expect(mints).toHaveText('2', CHAIN_TIMEOUT);
  await expect(linkRow.locator('td[data-label="mints"]')).toHaveText('1', CHAIN_TIMEOUT);

  // a chip tapped and minted
  const tapper = await newVisitor(browser);
  await tapper.goto(await tap(tag));
  await expect(tapper.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
  const bob = await connectChipPageWallet(tapper);
  await tapper.getByRole('button', { name: 'Mint and Claim' }).click();
  await expect(tapper.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  const chipToken = (await tapper.getByTestId('chip-token-id').textContent())!;
  expect(await ownerOf(network.defaultCollection, chipToken)).toBe(bob);
  await expect(mints).toHaveText('3', CHAIN_TIMEOUT);
  await expect(chipRow.locator('td[data-label="mints"]')).toHaveText('1', CHAIN_TIMEOUT);
  // scans are live too: the tap was the chip's first accepted scan
  await expect(chipRow.locator('td[data-label="scans"]')).not.toHaveText('0', CHAIN_TIMEOUT);
  expect(dialogs).toEqual([]);
});

test('a collection of another user is refused: no Add in its area, not in the picker, 400 from the API', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const { api: alice, collection } = await seed();
  const bob = await signInNewUser(page);

  // the collection area of someone else's collection says so and offers no Add
  await page.goto(`/ganache/admin/collection/${collection}/nfts`);
  await expect(page.getByTestId('foreign-collection')).toContainText('not one of your collections');
  await expect(page.getByRole('button', { name: 'Add NFT template' })).toHaveCount(0);

  // Bob's own template: the picker offers the default and his collections only
  await page.goto('/ganache/admin/panel/nfts');
  const { id, row } = await addTemplate(page);
  const picker = row.getByRole('combobox', { name: `collection of NFT ${id}` });
  await expect(picker.locator('option')).toHaveCount(1);
  await expect(picker.locator(`option[value="${collection}"]`)).toHaveCount(0);

  // the API refuses it with the reason, at creation and in an edit
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  try {
    expect(
      (await api.post('/password-login', { data: { name: bob.name, password: `pw-${bob.name}` } })).ok(),
    ).toBe(true);
    const created = await api.post('/json/ganache/nft', { data: { collectionAddress: collection } });
    expect(created.status()).toBe(400);
    expect(await created.json()).toEqual({
      error: 'collection_not_owned',
      errorMessage: `The collection ${collection} is not one of your collections on ganache: choose an attached collection or the default collection`,
      // every error reply names its trace (the operator finds the request's spans and log lines by it)
      traceId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const edited = await api.put(`/json/ganache/nft/${id}`, { data: { collection } });
    expect(edited.status()).toBe(400);
    expect(((await edited.json()) as { error: string }).error).toBe('collection_not_owned');
  } finally {
    await api.dispose();
    await alice.dispose();
  }
});

test('a locator update is confirmed first and names what changes; a reverted transaction shows the decoded error', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  await page.setViewportSize(DESKTOP);
  await loginWithPassword(page, 'ganache', ADMIN_NAME, adminPassword());
  await expect(page).toHaveURL(/\/ganache\/admin\/super-admin$/);
  const wallet = (await createBuiltInWallet(page)).toLowerCase();
  await fund(wallet);
  const network = await ganacheNetwork(page);

  // nothing is proposed: the live locator is not one click away
  const update = page.getByRole('region', { name: 'Update locator address' });
  await expect(update.getByLabel('Locator address')).toHaveValue('');
  await expect(update.getByLabel('New NFT code address')).toHaveValue('');

  // own contracts: NFT code A, a locator on A, NFT code B
  const deployed = async (tool: string, button: string) => {
    const region = page.getByRole('region', { name: tool });
    await region.getByRole('button', { name: button }).click();
    await expect(region.getByTestId('contract-address')).toHaveAttribute(
      'data-value',
      ADDRESS,
      CHAIN_TIMEOUT,
    );
    return (await region.getByTestId('contract-address').getAttribute('data-value')) ?? '';
  };
  const codeA = await deployed('Deploy NFT code', 'Deploy NFT code');
  const locator = await deployed('Deploy library locator', 'Deploy library locator');
  const codeB = await deployed('Deploy NFT code', 'Deploy NFT code');
  expect(codeB).not.toBe(codeA);

  // the step names the locator, its code now and after, and its owner; Cancel sends nothing
  await update.getByLabel('Locator address').fill(locator);
  await update.getByLabel('New NFT code address').fill(codeB);
  await update.getByRole('button', { name: 'Update locator' }).click();
  const confirm = update.getByRole('alertdialog', { name: 'Update the locator?' });
  await expect(confirm.getByTestId('locator-change')).toHaveText(
    `It runs NFT code ${codeA} now; after this transaction every collection on it runs ${codeB}.`,
  );
  await expect(confirm).toContainText(`Its owner is ${wallet}.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(update.getByLabel('Locator update')).toHaveCount(0);

  await update.getByRole('button', { name: 'Update locator' }).click();
  await update.getByRole('button', { name: 'Confirm the locator update' }).click();
  const status = update.getByLabel('Locator update');
  await expect(status.getByTestId('tx-hash')).toHaveAttribute('data-value', TX_HASH, CHAIN_TIMEOUT);
  await expect(status.getByTestId('tx-step')).toHaveText('Confirmed', CHAIN_TIMEOUT);
  const read = page.getByRole('region', { name: 'Read contract fields' });
  await read.getByLabel('Contract address').fill(locator);
  await read.getByRole('button', { name: 'Read' }).click();
  await expect(read.locator('[data-field="implementation"]')).toHaveText(codeB);

  // the network locator is not this wallet's: the step says so, and the refusal reads as words
  await update.getByLabel('Locator address').fill(network.library_address_locator);
  await update.getByLabel('New NFT code address').fill(codeA);
  await update.getByRole('button', { name: 'Update locator' }).click();
  const again = update.getByRole('alertdialog', { name: 'Update the locator?' });
  await expect(again).toContainText(
    'is the ganache network locator: every MetaTag collection on ganache runs its code.',
  );
  await expect(again).toContainText('your wallet is not the owner, so the transaction will be refused.');
  await again.getByRole('button', { name: 'Confirm the locator update' }).click();
  const decoded = `Only the contract's owner can do this (OwnableUnauthorizedAccount(account ${wallet}))`;
  await expect(status.locator('dd.mt-error-text')).toHaveText(decoded, CHAIN_TIMEOUT);
  await expect.poll(() => dialogs).toContain(decoded);
  expect(dialogs.join('\n')).not.toMatch(/Execution reverted|0x118cdaa7/);
});

test('the super admin replaces the default collection after a confirmation, then restores it', async ({
  page,
}) => {
  acceptDialogs(page);
  await page.setViewportSize(DESKTOP);
  await loginWithPassword(page, 'ganache', ADMIN_NAME, adminPassword());
  const wallet = (await createBuiltInWallet(page)).toLowerCase();
  await fund(wallet);
  const original = (await ganacheNetwork(page)).defaultCollection;
  const tool = page.getByRole('region', { name: 'Default collection' });
  await expect(tool.getByTestId('default-collection')).toHaveAttribute('data-value', original);

  const deploy = tool.getByRole('form', { name: 'Deploy a new default collection' });
  await deploy.getByLabel('Collection name').fill('Second default');
  await deploy.getByLabel('Collection symbol').fill('DEF2');
  await deploy.getByRole('button', { name: 'Deploy the default collection' }).click();
  const confirm = tool.getByRole('alertdialog', { name: 'Replace the default collection of ganache?' });
  await expect(confirm.getByTestId('default-change')).toContainText(`instead of ${original}`);
  await expect(tool.getByLabel('Default collection deployment')).toHaveCount(0);
  await confirm.getByRole('button', { name: 'Confirm the new default collection' }).click();
  await expect(tool.getByLabel('Default collection deployment').getByTestId('tx-step')).toHaveText(
    'Confirmed',
    CHAIN_TIMEOUT,
  );
  // the wallet deployed it: it hands minting to the relayer
  await expect(
    tool.getByLabel('Relayer as minter of the new default collection').getByTestId('tx-step'),
  ).toHaveText('Confirmed', CHAIN_TIMEOUT);
  const second = (await ganacheNetwork(page)).defaultCollection;
  expect(second).toMatch(ADDRESS);
  expect(second).not.toBe(original);
  await expect(tool.getByTestId('default-collection')).toHaveAttribute('data-value', second);

  // back to the original (its minter already is the relayer: nothing more to send)
  const existing = tool.getByRole('form', { name: 'Use an existing collection' });
  await existing.getByLabel('Or an existing collection on the locator').fill(original);
  await existing.getByRole('button', { name: 'Make it the default' }).click();
  await tool.getByRole('button', { name: 'Confirm the new default collection' }).click();
  await expect(tool.getByRole('status')).toHaveText(`${original} is the default collection of ganache.`);
  expect((await ganacheNetwork(page)).defaultCollection).toBe(original);
});

test('at 390 px the menu opened while the page after sign-in still loads stays open when that page renders', async ({
  browser,
}) => {
  const name = uniqueName('menu');
  await createUserViaApi(name, 'menu-password');
  const page = await (await browser.newContext({ viewport: PHONE })).newPage();
  // the collections page's script arrives 2 s late, as on a slow phone network: the address bar
  // shows the new path at once, the page (and the header's idea of the path) after the script
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/CollectionsPage-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await loginWithPassword(page, 'ganache', name, 'menu-password');
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  const logout = page.getByRole('button', { name: 'LOGOUT' });
  await expect(logout).toBeVisible();
  release();
  await expect(page.getByRole('heading', { name: /collections/i }).first()).toBeVisible();
  await expect(logout, 'the page rendering folded the menu the visitor had just opened').toBeVisible();
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, 'header-menu-open-after-sign-in-390.png') });
  // a navigation away from it still closes it
  await page.goBack();
  await expect(logout).toBeHidden();
});

for (const size of [DESKTOP, PHONE]) {
  const phone = size.width < 500;
  test(`every column of the chips, links and users tables is within reach at ${size.width}x${size.height}`, async ({
    browser,
  }) => {
    const { api, nftId } = await seed();
    try {
      const created = await api.post(`/json/qrlink/link/${nftId}?batch=2`, { data: {} });
      expect(created.ok(), await created.text()).toBe(true);
      await provisionChip(nftId);
      const owner = (await (await api.get('/json/user')).json()) as { address: string };
      const page = await (await browser.newContext({ viewport: size })).newPage();
      acceptDialogs(page);
      await loginWithPassword(page, 'ganache', owner.address, 'chips-password');
      await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);

      // the header is one line; on a phone its items are behind Menu
      const header = page.locator('header.header');
      expect((await header.boundingBox())!.height).toBeLessThan(72);
      const logout = page.getByRole('button', { name: 'LOGOUT' });
      if (phone) {
        await expect(logout).toBeHidden();
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(logout).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(logout).toBeHidden();
      } else {
        await expect(logout).toBeVisible();
      }

      await page.goto('/ganache/admin/panel/nfts');
      const row = page.getByTestId(`nft-row-${nftId}`);
      await row.getByRole('button', { name: `Show details of NFT ${nftId}` }).click();
      const details = page.getByTestId(`nft-details-${nftId}`);
      for (const type of ['Chips', 'Links'] as const) {
        const table = details.getByRole('table', { name: `${type} of NFT ${nftId}` });
        await expect(table.locator('[data-testid^="chiplink-row-"]').first()).toBeVisible();
        const first = table.locator('[data-testid^="chiplink-row-"]').first();
        const columns = ['id', 'uid', 'scans', 'mints', 'created', 'tokenToMint', 'locked'];
        if (type === 'Links') columns.push('QR code');
        if (phone) {
          // a card per row: every labelled value and both actions inside the screen
          const cells = columns.map((label) => first.locator(`td[data-label="${label}"]`));
          await first.scrollIntoViewIfNeeded();
          await expectInsideWidth(cells, size.width);
        } else {
          const headers = columns.map((label) =>
            table.getByRole('columnheader', { name: label, exact: true }),
          );
          await expectInsideWidth(headers, size.width);
          expect(await headers[0].evaluate((th) => getComputedStyle(th).position)).toBe('sticky');
        }
        await expectInsideWidth(
          [
            first.getByRole('button', { name: /^Scans of / }),
            first.getByRole('button', { name: /^Remove / }),
          ],
          size.width,
        );
      }
      // a link's uid is 24 hex digits since decision 107 (96 bits, a claim handle): it must still fit
      const links = details.getByRole('table', { name: `Links of NFT ${nftId}` });
      await expect(links.locator('td[data-label="uid"]').first()).toHaveText(/^[0-9A-F]{24}$/);
      mkdirSync(join(SHOTS_DIR, 'console'), { recursive: true });
      await links.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS_DIR, 'console', `links-table-${size.width}.png`) });
      // the template's own actions too, and the details are not in a sideways-scrolling box
      await expectInsideWidth(
        [
          row.getByRole('button', { name: `Hide details of NFT ${nftId}` }),
          row.getByRole('button', { name: `Delete NFT ${nftId}` }),
        ],
        size.width,
      );
      await expectNoPageScroll(page);
    } finally {
      await api.dispose();
    }

    // the users table of the super admin
    const admin = await (await browser.newContext({ viewport: size })).newPage();
    acceptDialogs(admin);
    await loginWithPassword(admin, 'ganache', ADMIN_NAME, adminPassword());
    await expect(admin).toHaveURL(/\/ganache\/admin\/super-admin$/);
    const users = admin.getByRole('table', { name: 'Users' });
    const columns = [
      'id',
      'address',
      'created',
      'balance',
      'isSuperAdmin',
      'userAddress',
      'password',
      'items',
    ];
    const firstRow = users.locator('tbody tr').first();
    await expect(firstRow).toBeVisible();
    if (phone) {
      await expectInsideWidth(
        columns.map((label) => firstRow.locator(`td[data-label="${label}"]`)),
        size.width,
      );
    } else {
      await expectInsideWidth(
        columns.map((label) => users.getByRole('columnheader', { name: label, exact: true })),
        size.width,
      );
    }
    await expectInsideWidth([firstRow.getByRole('button', { name: 'Set password' })], size.width);
    await expectNoPageScroll(admin);
  });
}

test('users: search, sorting and pages; the per-user page names the user; no Add on another user’s page', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  const prefix = uniqueName('e2e-many');
  const made = [];
  for (let i = 0; i < 22; i++) made.push(await createUserViaApi(`${prefix}-${String(i).padStart(2, '0')}`));
  await loginWithPassword(page, 'ganache', ADMIN_NAME, adminPassword());
  const users = page.getByRole('table', { name: 'Users' });
  const rows = users.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  // newest first, then the next page
  await expect(rows.first()).toHaveAttribute('data-testid', `user-row-${made[21].id}`);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();

  await page.getByLabel('Search users').fill(prefix);
  await expect(page.getByTestId('users-count')).toHaveText('1–20 of 22');
  await users.getByRole('button', { name: 'address', exact: true }).click();
  await expect(rows.first()).toContainText(`${prefix}-21`);
  await users.getByRole('button', { name: 'address', exact: true }).click();
  await expect(rows.first()).toContainText(`${prefix}-00`);
  await page.getByLabel('Search users').fill(`${prefix}-07`);
  await expect(rows).toHaveCount(1);

  // the per-user page names the user
  await rows
    .first()
    .getByRole('link', { name: `Items of user ${made[7].id}` })
    .click();
  await expect(page.getByRole('heading', { name: `NFT templates of ${prefix}-07` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add NFT template' })).toBeVisible();

  // a user who is not the super admin, on another user's page: no Add button
  const name = uniqueName('e2e-plain');
  await createUserViaApi(name, `pw-${name}`);
  await page.getByRole('button', { name: 'LOGOUT' }).click();
  await loginWithPassword(page, 'ganache', name, `pw-${name}`);
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await page.goto(`/user/${made[7].id}/ganache/admin/panel/nfts`);
  await expect(page.getByRole('heading', { name: `NFT templates of user ${made[7].id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add NFT template' })).toHaveCount(0);
});
