import { test, expect, type Page } from '@playwright/test';
import { decodeFunctionResult, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { acceptDialogs, uniqueName } from './support/accounts.js';
import { anvilRpc, createBuiltInWallet, fund } from './support/chain.js';
import { provisionChip } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Issue #32 item 1, the switch chosen at deployment: an admin deploys a collection through the form with
 * "Allow brand recovery" ticked (the form sends setRecoveryAllowed(true) from the deploying wallet before
 * anything else), the collection then answers recoveryAllowed() = true on chain, and the public page of a
 * chip of it shows the policy; one deployed without the box answers false and its page says recovery is
 * not allowed. Screenshots of the form and of the page's policy at 1280 and 390.
 */
test.setTimeout(300_000);

const CHAIN = { timeout: 30_000 };
const ABI = parseAbi(['function recoveryAllowed() view returns (bool)']);

async function recoveryAllowedOnChain(collection: string): Promise<boolean> {
  const data = encodeFunctionData({ abi: ABI, functionName: 'recoveryAllowed' });
  const result = await anvilRpc<Hex>('eth_call', [{ to: collection, data }, 'latest']);
  return decodeFunctionResult({ abi: ABI, functionName: 'recoveryAllowed', data: result });
}

/** Deploys through the form (the box ticked or not) and waits for the relayer's setMinter: the address. */
async function deployThroughForm(page: Page, allowRecovery: boolean, shot?: string): Promise<string> {
  const deploy = page.getByRole('region', { name: 'Deploy a collection' });
  const name = uniqueName(allowRecovery ? 'Rec' : 'NoRec');
  await deploy.getByLabel('Name', { exact: true }).fill(name);
  await deploy.getByLabel('Symbol', { exact: true }).fill(allowRecovery ? 'REC' : 'NOREC');
  const box = deploy.getByTestId('deploy-allow-recovery');
  await expect(box).not.toBeChecked(); // off unless the owner chooses it
  if (allowRecovery) await box.check();
  await expect(
    deploy.getByText('Allow brand recovery: the collection owner may take a token back'),
  ).toBeVisible();
  if (shot) await shootBoth(page, 'deploy-recovery', shot);
  await deploy.getByRole('button', { name: 'Deploy collection' }).click();
  const deployment = page.getByLabel('Collection deployment', { exact: true });
  await expect(deployment.getByTestId('contract-address')).toHaveAttribute(
    'data-value',
    /^0x[0-9a-f]{40}$/,
    CHAIN,
  );
  const collection = (await deployment.getByTestId('contract-address').getAttribute('data-value')) ?? '';
  const switched = page.getByLabel('Brand recovery switched on', { exact: true });
  if (allowRecovery) {
    await expect(deploy.getByTestId('deploy-recovery-step')).toContainText('Switching brand recovery on');
    await expect(switched.getByTestId('tx-step')).toHaveText('Confirmed', CHAIN);
  } else {
    await expect(switched.getByTestId('tx-hash')).toHaveCount(0);
    await expect(deploy.getByTestId('deploy-recovery-step')).toHaveCount(0);
  }
  await expect(deploy.getByRole('status')).toContainText(`Collection ${name}`, CHAIN);
  const minter = deploy.getByLabel('Relayer as minter', { exact: true });
  await expect(minter.getByTestId('tx-step')).toHaveText('Confirmed', CHAIN);
  return collection;
}

/** A template on `collection` with one chip (made through the API as this admin): the chip's tag. */
async function chipOf(page: Page, collection: string): Promise<string> {
  const created = await page.request.post('/json/ganache/nft', { data: { collectionAddress: collection } });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  return provisionChip(nftId);
}

/** The chip's public page once the index has the collection's policy: the policy's text. */
async function policyOnPage(page: Page, tag: string, expected: string): Promise<void> {
  await expect(async () => {
    await page.goto(`/tag/${tag}`);
    await expect(page.getByTestId('chip-recovery-policy')).toContainText(expected, { timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
}

test('the deploy form\'s "Allow brand recovery" switches recovery on for that collection only', async ({
  page,
}) => {
  acceptDialogs(page);
  await page.goto('/ganache/admin/login');
  const wallet = await createBuiltInWallet(page);
  await page.getByRole('button', { name: 'Login with browser wallet' }).click();
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await fund(wallet);

  const recoverable = await deployThroughForm(page, true, 'deploy-form-recovery-ticked');
  await shootBoth(page, 'deploy-recovery', 'deploy-form-recovery-done');
  expect(await recoveryAllowedOnChain(recoverable)).toBe(true);
  const strict = await deployThroughForm(page, false);
  expect(await recoveryAllowedOnChain(strict)).toBe(false);

  const [recoverableTag, strictTag] = [await chipOf(page, recoverable), await chipOf(page, strict)];
  const visitor = await page.context().browser()!.newContext();
  try {
    const publicPage = await visitor.newPage();
    await policyOnPage(publicPage, recoverableTag, 'Allowed: the brand may take this token back');
    await expect(publicPage.getByRole('heading', { name: 'Brand recovery' })).toBeVisible();
    await publicPage.getByTestId('chip-recovery-policy').scrollIntoViewIfNeeded();
    await shootBoth(publicPage, 'deploy-recovery', 'chip-recovery-allowed');
    await policyOnPage(publicPage, strictTag, 'Not allowed: nobody but the holder can move this token.');
    await shootBoth(publicPage, 'deploy-recovery', 'chip-recovery-not-allowed');
  } finally {
    await visitor.close();
  }
});
