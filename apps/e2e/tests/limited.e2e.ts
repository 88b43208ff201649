import { test, expect, type Page } from '@playwright/test';
import { decodeFunctionResult, encodeFunctionData, parseAbi } from 'viem';
import { acceptDialogs, creditViaApi } from './support/accounts.js';
import { anvilRpc, createBuiltInWallet, fund, sendAs, solidPng } from './support/chain.js';
import { shootBoth } from './support/screenshots.js';

/**
 * The limited-edition developer tool (issue #18) in Chromium with built-in wallets on the local chain:
 * a collection owner creates a father with limit 3 (the creation helper mints it through the relayer),
 * checks 3 available, mints 2 children from their wallet, sees 1 available, asks 'Who is father?',
 * a third wallet is refused with a readable error, a redeemed child shows as locked, and the other
 * child is attached to a chip of the owner's (tab 7) and shown on the chip page.
 */
test.setTimeout(240_000);

const TX_HASH = /^0x[0-9a-f]{64}$/;
const CHAIN_TIMEOUT = { timeout: 30_000 };
const ABI = parseAbi([
  'function locked(uint256 tokenId) view returns (bool)',
  'function limitPerUid(uint256 tokenId) view returns (uint256)',
  'function connectedToTag(uint256 tokenId) view returns (bool)',
]);

async function chainRead(
  collection: string,
  functionName: 'locked' | 'limitPerUid' | 'connectedToTag',
  token: bigint,
) {
  const data = encodeFunctionData({ abi: ABI, functionName, args: [token] });
  const result = await anvilRpc<`0x${string}`>('eth_call', [{ to: collection, data }, 'latest']);
  return decodeFunctionResult({ abi: ABI, functionName, data: result });
}

/** A wallet admin on ganache with a collection of their own whose minter is the relayer, and credit. */
async function ownerWithCollection(page: Page): Promise<{ wallet: string; collection: string }> {
  await page.goto('/ganache/admin/login');
  const wallet = (await createBuiltInWallet(page)).toLowerCase();
  await page.getByRole('button', { name: 'Login with browser wallet' }).click();
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await fund(wallet);
  // the collection is deployed with the product's API and sent as this wallet (anvil impersonates it)
  const prepared = await page.request.post('/deploy-collection', {
    data: { chain: 'ganache', name: 'Limited E2E', symbol: 'LTD', libraryAddress: '' },
  });
  expect(prepared.ok(), await prepared.text()).toBe(true);
  const { evm } = (await prepared.json()) as { evm: { data: string } };
  const deployed = await sendAs(wallet, { data: evm.data, gas: '0x4c4b40' });
  const collection = (deployed.contractAddress ?? '').toLowerCase();
  expect(collection).toMatch(/^0x[0-9a-f]{40}$/);
  const attached = await page.request.post('/json/ganache/attach-collection-to-user', {
    data: {
      dataToSave: { deployedAddress: collection, name: 'Limited E2E', symbol: 'LTD' },
      txHash: deployed.transactionHash,
    },
  });
  expect(attached.ok(), await attached.text()).toBe(true);
  const { setMinter } = (await attached.json()) as { setMinter: { to: string; data: string } | null };
  if (setMinter) expect((await sendAs(wallet, setMinter)).status).toBe('0x1');
  const me = (await (await page.request.get('/json/user')).json()) as { id: number };
  await creditViaApi(me.id, 10n ** 18n);
  return { wallet, collection };
}

/** With LIMITED_SHOTS=dir, each tab is captured at 1280 and 390 px (looked at by people, not asserted). */
async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.LIMITED_SHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name }).click();
const panel = (page: Page) => page.getByRole('tabpanel');

test('a father with limit 3, two children, who is father, a stranger refused, a redeemed child', async ({
  page,
  browser,
}) => {
  acceptDialogs(page);
  const { collection } = await ownerWithCollection(page);

  await page.goto('/ganache/limited');
  await expect(page.getByRole('heading', { name: 'Limited editions' })).toBeVisible();

  // 1. Create father NFT
  await expect(page.getByRole('tab', { name: /Create father NFT/ })).toHaveAttribute('aria-selected', 'true');
  await panel(page)
    .getByTestId('father-file')
    .setInputFiles({
      name: 'father.png',
      mimeType: 'image/png',
      buffer: solidPng(8, 8, [200, 40, 40]),
    });
  await panel(page).getByTestId('father-title').fill('Concert father');
  await panel(page).getByTestId('father-collection').selectOption(collection);
  await expect(panel(page).getByTestId('father-limit')).toHaveValue('10'); // spec default
  await panel(page).getByTestId('father-limit').fill('3');
  await panel(page).getByRole('button', { name: 'Create Limited edition NFT' }).click();
  await expect(panel(page).getByTestId('father-tx').locator('[data-value]')).toHaveAttribute(
    'data-value',
    TX_HASH,
    CHAIN_TIMEOUT,
  );
  // the hash and the owner shortened with a copy button (#30)
  await expect(panel(page).getByTestId('father-owner').locator('[data-value]')).toHaveCount(1);
  await shootBoth(page, 'limited', 'father-created');
  const father = ((await panel(page).getByTestId('father-uid').textContent()) ?? '').trim();
  expect(father).toMatch(/^\d+$/);
  await expect.poll(() => chainRead(collection, 'limitPerUid', BigInt(father)), CHAIN_TIMEOUT).toBe(3n);
  await expect(panel(page).getByTestId('sample-code')).toContainText('limit: "3"');
  await shots(page, '1-create');

  // 2. Check available items: 3
  await tab(page, /Check available items/);
  await panel(page).getByRole('button', { name: 'Check available' }).click();
  await expect(panel(page).getByTestId('limited-result')).toHaveText('Available: 3 of 3 (0 minted)');
  await expect(panel(page).getByTestId('sample-code')).toContainText('availableChildren');
  await shots(page, '2-available');

  // 4. Create child NFT: 2, from the father owner's wallet
  await tab(page, /Create child NFT/);
  await panel(page)
    .getByLabel(/Amount/)
    .fill('2');
  await panel(page).getByRole('button', { name: 'Mint Childs' }).click();
  await expect(panel(page).getByTestId('limited-result')).toContainText('Available: 1', CHAIN_TIMEOUT);
  const minted = (await panel(page).getByTestId('limited-result').textContent()) ?? '';
  const child = /child tokens: (\d+)/.exec(minted)?.[1] ?? '';
  expect(child).toMatch(/^\d+$/);
  // more than available is refused before the wallet is asked
  await panel(page)
    .getByLabel(/Amount/)
    .fill('2');
  await panel(page).getByRole('button', { name: 'Mint Childs' }).click();
  await expect(panel(page).getByTestId('limited-error')).toHaveText(
    'Not enough child tokens left: 1 available, 2 asked',
  );
  await shots(page, '4-mint');

  // 2. again: 1 left
  await tab(page, /Check available items/);
  await panel(page).getByRole('button', { name: 'Check available' }).click();
  await expect(panel(page).getByTestId('limited-result')).toHaveText('Available: 1 of 3 (2 minted)');

  // 5. Who is father?
  await tab(page, /Check child NFT/);
  await expect(panel(page).getByLabel(/Child token UID/)).toHaveValue(child);
  await panel(page).getByRole('button', { name: 'Who is father?' }).click();
  await expect(panel(page).getByTestId('limited-result')).toHaveText(`Father: ${father}`);
  await page.getByRole('button', { name: 'wagmi (React)' }).click();
  await shots(page, '5-father-wagmi');

  // A third wallet (another browser, not signed in) cannot mint children: the decoded revert
  const strangerContext = await browser.newContext();
  const stranger = await strangerContext.newPage();
  acceptDialogs(stranger);
  await stranger.goto('/ganache/limited?tab=mint');
  await fund((await createBuiltInWallet(stranger)).toLowerCase());
  await panel(stranger)
    .getByLabel(/Smart contract/)
    .fill(collection);
  await panel(stranger)
    .getByLabel(/Father token UID/)
    .fill(father);
  await panel(stranger).getByRole('button', { name: 'Mint Childs' }).click();
  await expect(panel(stranger).getByTestId('limited-error')).toContainText(
    'Only the token owner can do this',
    CHAIN_TIMEOUT,
  );
  await shots(stranger, '4-mint-stranger');
  // the read-only tabs work for anyone
  await stranger.getByRole('tab', { name: /Check available items/ }).click();
  await panel(stranger).getByRole('button', { name: 'Check available' }).click();
  await expect(panel(stranger).getByTestId('limited-result')).toHaveText('Available: 1 of 3 (2 minted)');
  await stranger.getByRole('tab', { name: /Create father NFT/ }).click();
  await expect(panel(stranger).getByTestId('must-login')).toBeVisible();
  await shots(stranger, '1-create-anonymous');
  await stranger.getByRole('tab', { name: /Attach child NFT/ }).click();
  await shots(stranger, '7-attach-anonymous');
  await strangerContext.close();

  // 6. Redeem the child: warning, confirmation, locked
  await tab(page, /Redeem/);
  await expect(panel(page).getByTestId('redeem-warning')).toContainText('untransferable');
  await expect(panel(page).getByLabel(/Token UID/)).toHaveValue(child);
  await panel(page).getByRole('button', { name: 'Redeem', exact: true }).click();
  await shots(page, '6-redeem-confirm');
  await panel(page)
    .getByRole('alertdialog', { name: 'Confirm redeem' })
    .getByRole('button', { name: 'Yes, redeem' })
    .click();
  await expect(panel(page).getByTestId('limited-result')).toHaveText(
    `Token ${child} is redeemed: transfers are disallowed (locked).`,
    CHAIN_TIMEOUT,
  );
  await shots(page, '6-redeem-done');
  expect(await chainRead(collection, 'locked', BigInt(child))).toBe(true);

  // 3. Check ownership: mine, redeemed
  await tab(page, /Check ownership/);
  await panel(page).getByRole('button', { name: 'Check ownership' }).click();
  await expect(panel(page).getByTestId('limited-result')).toContainText('(your wallet)');
  await expect(panel(page).getByTestId('limited-result')).toContainText(
    'Redeemed: transfers are disallowed (locked).',
  );
  await shots(page, '3-ownership');

  // 7. Attach the other child to one of the owner's chips (a template minting into this collection);
  // the owner's wallet records the connection on chain, and the chip page shows the child
  const template = await page.request.post('/json/ganache/nft', { data: { collectionAddress: collection } });
  expect(template.status()).toBe(201);
  const nftId = ((await template.json()) as { item: { id: number } }).item.id;
  const uid = '04A1B2C3D4E5F6';
  const chip = await page.request.post(`/json/qrlink/chip/${nftId}`, { data: { uid } });
  expect(chip.status()).toBe(201);
  const chipId = ((await chip.json()) as { item: { id: string } }).item.id;
  const other = (BigInt(child) + 1n).toString();
  await tab(page, /Attach child NFT/);
  await panel(page)
    .getByLabel(/Child token UID/)
    .fill(other);
  await panel(page)
    .getByLabel(/NFC UID/)
    .fill(uid.toLowerCase());
  await panel(page).getByRole('button', { name: 'Attach', exact: true }).click();
  await expect(panel(page).getByTestId('limited-result')).toHaveText(
    `Child ${other} is attached to chip ${chipId}`,
    CHAIN_TIMEOUT,
  );
  await shots(page, '7-attach');
  expect(await chainRead(collection, 'connectedToTag', BigInt(other))).toBe(true);
  await page.goto(`/tag/${chipId}`);
  await expect(page.getByTestId('chip-token-id')).toHaveText(other, CHAIN_TIMEOUT);
});
