import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { encodeFunctionData, parseAbi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { acceptDialogs, loginWithPassword } from './support/accounts.js';
import { createBuiltInWallet, fund, sendAs } from './support/chain.js';
import { connectChipPageWallet, env, provisionChip, seed, tap } from './support/chips.js';
import { startMailbox, type Mailbox } from './support/mailbox.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Issue #32 items 1 and 5 in Chromium against the real stack: a collection deployed with brand recovery
 * switched on (its owner's wallet, before the first token), a chip's token minted to an old wallet, then
 * recovered by the brand from the admin's collections page (its browser wallet, made the collection's owner)
 * to the visitor's new wallet with a reason: the chip page says recovery is
 * allowed and lists 'Recovered by the brand on …'. The template offers a redemption (burn); the visitor
 * redeems through the page, and the shop's mailbox (a real SMTP server, tools/e2e.mjs's E2E_SMTP_PORT)
 * gets the notice. Screenshots at 1280 and 390.
 */
test.setTimeout(300_000);

const ABI = parseAbi([
  'function setRecoveryAllowed(bool allowed)',
  'function setMinter(address newMinter)',
  'function mint(address to, uint256 tokenId)',
  'function transferOwnership(address newOwner)',
]);

let mailbox: Mailbox;
test.beforeAll(async () => {
  mailbox = await startMailbox(Number(env('E2E_SMTP_PORT')));
});
test.afterAll(() => mailbox.close());

test('recovered by the brand on the token page; a burn-redeem tells the shop', async ({ page, browser }) => {
  acceptDialogs(page);
  const { api, collection, collectionOwner, nftId, name } = await seed();
  const asOwner = async (data: Hex) =>
    expect((await sendAs(collectionOwner, { to: collection, data })).status).toBe('0x1');
  await asOwner(encodeFunctionData({ abi: ABI, functionName: 'setRecoveryAllowed', args: [true] }));
  const set = await api.put(`/json/ganache/nft/${nftId}`, {
    data: {
      redemption: {
        kind: 'good',
        description: 'A pair of golden laces, at the shop counter',
        mode: 'burn',
        notifyEmail: 'counter@shop.example',
        webhookUrl: '',
      },
    },
  });
  expect(set.status(), await set.text()).toBe(200);

  const tag = await provisionChip(nftId);
  const lookup = (await (await api.get(`/json/nft-by-chiplink/${tag}?type=chip`)).json()) as {
    chiplink: { tokenToMint: string };
  };
  const tokenId = BigInt(lookup.chiplink.tokenToMint);
  await page.goto(await tap(tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 20_000 });
  const wallet = await connectChipPageWallet(page);

  // the token goes to an old wallet (the owner mints it as minter, then gives minting back)
  const networks = (await (await api.get('/json/networks')).json()) as {
    items: { ganache: { minter: string } };
  };
  const oldWallet = privateKeyToAccount(generatePrivateKey()).address;
  await asOwner(encodeFunctionData({ abi: ABI, functionName: 'setMinter', args: [collectionOwner as Hex] }));
  await asOwner(encodeFunctionData({ abi: ABI, functionName: 'mint', args: [oldWallet, tokenId] }));
  await asOwner(
    encodeFunctionData({ abi: ABI, functionName: 'setMinter', args: [networks.items.ganache.minter as Hex] }),
  );
  // lost wallet: the brand moves it to the visitor's new wallet from the admin's collections page, in
  // its own browser (its NEW WALLET must not replace the visitor's). Collections are owned by the
  // admin's browser wallet: the deploying account hands ownership to it first.
  const admin = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const brandPage = await admin.newPage();
    acceptDialogs(brandPage);
    await loginWithPassword(brandPage, 'ganache', name, 'chips-password');
    await expect(brandPage).toHaveURL(/\/ganache\/admin\/collections$/);
    const brandWallet = (await createBuiltInWallet(brandPage)).toLowerCase();
    await fund(brandWallet);
    const form = brandPage.getByTestId('recover-token');
    const fill = async (to: string, note: string) => {
      await form.getByTestId('recover-collection').selectOption(collection);
      await form.getByTestId('recover-token-id').fill(tokenId.toString());
      await form.getByTestId('recover-to-kind').selectOption('address');
      await form.getByTestId('recover-to').fill(to);
      await form.getByTestId('recover-reason').selectOption('Lost wallet');
      await form.getByTestId('recover-note').fill(note);
      await form.getByTestId('recover-submit').click();
    };
    // the brand's browser wallet is not the collection's owner yet: the form says which wallet is
    await fill(wallet, 'moved to the new wallet');
    // the wallet shortened with a copy button (#30): the full address is its data-value
    await expect(form.getByTestId('recover-refusal')).toContainText(
      /Only the collection's owner wallet 0x[0-9a-fA-F]{4}.*can send a recovery/,
    );
    await expect(form.getByTestId('recover-refusal').locator('[data-value]')).toHaveAttribute(
      'data-value',
      collectionOwner,
    );
    await shootBoth(brandPage, 'recovery-redeem', 'admin-refusal');
    await asOwner(
      encodeFunctionData({ abi: ABI, functionName: 'transferOwnership', args: [brandWallet as Hex] }),
    );
    // the holder itself as the target: refused in the chain's own words, before the wallet opens
    await fill(oldWallet, 'moved to the new wallet');
    await expect(form.getByTestId('recover-refusal')).toHaveText('This address already holds the token');
    await fill(wallet, 'moved to the new wallet');
    await expect(form.getByRole('definition').and(form.getByTestId('tx-step'))).toHaveText('Confirmed', {
      timeout: 30_000,
    });
    await shootBoth(brandPage, 'recovery-redeem', 'admin-recovered');
  } finally {
    await admin.close();
  }

  await expect(async () => {
    await page.goto(`/tag/${tag}`);
    await expect(page.getByTestId('chip-recovery')).toContainText('Recovered by the brand on', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByTestId('chip-recovery')).toContainText('Lost wallet: moved to the new wallet');
  await expect(page.getByTestId('chip-recovery-policy')).toContainText(
    'Allowed: the brand may take this token back',
  );
  await expect(page.getByTestId('chip-owner')).toHaveText(wallet, { ignoreCase: true });
  await expect(page.getByTestId('chip-redemption-offer')).toContainText('A pair of golden laces');
  await shootBoth(page, 'recovery-redeem', 'chip-recovered');

  // the holder redeems through the page: burn, then the shop is told
  await page.getByTestId('chip-redeem-link').click();
  await expect(page.getByTestId('redeem-offer')).toContainText('A physical good: A pair of golden laces');
  await expect(page.getByTestId('redeem-warning')).toContainText('burns this token');
  const connect = page.getByTestId('redeem-connect');
  if (await connect.isVisible()) await connect.click();
  await expect(page.getByTestId('redeem-submit')).toBeEnabled({ timeout: 20_000 });
  await shootBoth(page, 'recovery-redeem', 'redeem-offer');
  const before = mailbox.inbox.length;
  await page.getByTestId('redeem-submit').click();
  await page
    .getByRole('alertdialog', { name: `Redeem token ${tokenId}?` })
    .getByRole('button', { name: 'Yes, redeem' })
    .click();
  await expect(page.getByTestId('redeem-done')).toContainText('Redeemed. The shop has been told.', {
    timeout: 60_000,
  });
  // the burned token has no owner: the page says it was redeemed and burned, not 'does not exist'
  await expect(page.getByTestId('redeem-status')).toHaveText(
    'Redeemed and burned: this token no longer exists.',
  );
  await shootBoth(page, 'recovery-redeem', 'redeem-done');
  await expect.poll(() => mailbox.inbox.length, { timeout: 15_000 }).toBe(before + 1);
  const mail = mailbox.inbox.at(-1)!;
  expect(mail.to).toEqual(['counter@shop.example']);
  expect(mail.raw.replace(/=\r?\n/g, '')).toContain('A pair of golden laces');

  await expect(async () => {
    await page.goto(`/tag/${tag}`);
    await expect(page.getByTestId('chip-redemption-done')).toContainText('(burned)', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  // spent: the page offers no mint of it (the collection would refuse its id), connected or not
  await expect(page.getByTestId('chip-status')).toHaveText('redeemed (burned)');
  await expect(page.getByRole('button', { name: 'Mint and Claim' })).toHaveCount(0);
  await shootBoth(page, 'recovery-redeem', 'chip-redeemed');

  // the owner's template lists the redemption; the holder shortened with a copy button (#30)
  const ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await loginWithPassword(ownerPage, 'ganache', name, 'chips-password');
  await expect(ownerPage).toHaveURL(/\/ganache\/admin\/collections$/);
  await ownerPage.goto('/ganache/admin/panel/nfts');
  await ownerPage.getByRole('button', { name: `Show details of NFT ${nftId}` }).click();
  const holder = ownerPage.getByTestId('redemption-row').getByTestId('redemption-holder');
  await expect(holder).toHaveAttribute('data-value', new RegExp(`^${wallet}$`, 'i'), { timeout: 20_000 });
  await expect(holder).toContainText('…');
  await ownerPage.getByTestId('redemption-row').scrollIntoViewIfNeeded();
  await shootBoth(ownerPage, 'recovery-redeem', 'admin-redemptions');
  // the CSV export: its header, and the redemption's row with the description quoted (it has a comma)
  const [download] = await Promise.all([
    ownerPage.waitForEvent('download'),
    ownerPage.getByTestId('redemptions-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe(`redemptions-${nftId}.csv`);
  const lines = (await readFile(await download.path(), 'utf8')).split('\r\n');
  expect(lines[0]).toBe(
    'redeemedAt,tokenId,holder,burned,kind,description,chain,collection,txHash,emailedAt,webhookAt',
  );
  expect(lines[1]).toMatch(
    new RegExp(
      `^[^,]+,${tokenId},${wallet},true,good,"A pair of golden laces, at the shop counter",ganache,0x[0-9a-f]{40},0x[0-9a-f]{64},`,
      'i',
    ),
  );
  expect(lines.slice(2)).toEqual(['']);
  await ownerPage.context().close();
});
