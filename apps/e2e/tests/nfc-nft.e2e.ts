import { test, expect, type Page } from '@playwright/test';
import { acceptDialogs, loginWithPassword } from './support/accounts.js';
import { provisionChip, seed } from './support/chips.js';

/**
 * The NFC-NFT linker (issue 17 items 1-2) on the real stack: an admin attaches one of their chips on
 * the page and creates a pending `setConnectToTag(tokenId, true)` on their collection with the ABI
 * encoder; the server holds exactly that call. Screenshots at 1280 px and 390 px when E2E_SHOTS_DIR
 * is set.
 */
test.setTimeout(180_000);
const SHOTS = process.env.E2E_SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/nfc-nft-${name}.png`, fullPage: true });
}

interface RecordBody {
  id: number;
  nfcId: string;
  nftId: string;
  smartContract: string;
  relayer: string;
  pendingTransactionData: string;
  pendingTransactionValue: string;
  redirectUrl: string;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an admin attaches a chip and creates a pending setConnectToTag on the page (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    acceptDialogs(page);
    const { api, collection, nftId, name } = await seed();
    const tag = await provisionChip(nftId);

    await loginWithPassword(page, 'ganache', name, 'chips-password');
    await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
    await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
    // the console navigation's link (spec section 2's header link; a row of its own on a phone too)
    await page.getByTestId('console-nav').getByRole('link', { name: 'NFC-NFT LINKER' }).click();
    await expect(page).toHaveURL(/\/admin\/nfc-nft$/);
    await expect(page.getByRole('heading', { name: 'NFC-NFT linker' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'NFC Settings' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No data yet')).toBeVisible();

    await page.getByRole('button', { name: 'Attach new' }).click();
    const item = page.locator('[data-testid^="nfc-record-"]');
    await expect(item).toHaveCount(1);
    const id = (await item.getAttribute('data-testid'))!.replace('nfc-record-', '');
    await page.getByRole('button', { name: `Edit nfcId (chip id) of item ${id}` }).click();
    await page.getByLabel(`nfcId (chip id) of item ${id}`, { exact: true }).fill(tag);
    await page.getByRole('button', { name: 'Save' }).click();
    // the chip fills the rest: chain, the collection, the relayer, the chip's token
    await expect(item).toContainText(collection);
    await expect(item).toContainText('ganache');
    const records = async () => ((await (await api.get('/nfc-nft')).json()) as { items: RecordBody[] }).items;
    const [attached] = await records();
    expect(attached.nfcId).toBe(tag);
    expect(attached.smartContract).toBe(collection);
    expect(attached.relayer).toMatch(/^0x[0-9a-f]{40}$/);
    expect(attached.nftId).toMatch(/^\d+$/);
    await shot(page, `settings-${viewport.width}`);

    await page.getByRole('tab', { name: 'Create pending transaction' }).click();
    await expect(page.getByText('The transaction completes after a tag scan.')).toBeVisible();
    await page.getByLabel('nftId').fill(attached.nftId);
    await page.getByLabel('Function').selectOption('setConnectToTag(uint256,bool)');
    // the token id argument starts as the item's nftId
    const args = page.locator('fieldset.call-builder input');
    await expect(args.nth(0)).toHaveValue(attached.nftId);
    await args.nth(1).fill('true');
    await page.getByRole('button', { name: 'Use as data' }).click();
    await expect(page.getByTestId('decoded-call')).toHaveText(
      new RegExp(`^Decoded: setConnectToTag\\(\\w+: ${attached.nftId}, \\w+: true\\)$`),
    );
    await page.getByLabel('redirectUrl').fill('https://shop.example/thanks');
    await shot(page, `pending-${viewport.width}`);
    await page.getByRole('button', { name: 'Create pending transaction' }).click();
    await expect(page.getByRole('status')).toContainText('Pending transaction saved');

    const [pending] = await records();
    expect(pending.pendingTransactionData).toMatch(/^0x[0-9a-f]{8}/);
    expect(pending.pendingTransactionValue).toBe('0');
    expect(pending.redirectUrl).toBe('https://shop.example/thanks');

    // pasted data that is not a collection call is reported; a bad value disables the button
    await page.getByLabel('data (ABI-encoded operation)').fill('0xdeadbeef');
    await expect(page.getByTestId('decoded-call')).toContainText('Not a call of the collection contract');
    await page.getByLabel('value (wei)').fill('-1');
    await expect(page.getByRole('button', { name: 'Create pending transaction' })).toBeDisabled();

    // the item shows its pending call, and Remove takes it away
    await page.getByRole('tab', { name: 'NFC Settings' }).click();
    await expect(item).toContainText('Pending: ');
    // its history: made, then a pending transaction set
    await item.getByText('History').click();
    const history = item.getByRole('list', { name: /^History of item/ });
    await expect(history).toContainText('created');
    await expect(history).toContainText('pending transaction set');
    await shot(page, `history-${viewport.width}`);
    await item.getByRole('button', { name: 'Remove' }).click();
    await expect(item).toHaveCount(0);
    expect(await records()).toEqual([]);
  });
}
