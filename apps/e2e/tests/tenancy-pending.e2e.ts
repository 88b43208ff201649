import { test, expect, type Page } from '@playwright/test';
import { decodeFunctionData, encodeFunctionData, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { NFC_NFT_FOREIGN_CONTRACT, NFC_NFT_FOREIGN_RELAYER } from '@metatag/api-types';
import { collectionAbi, tagRelayerAbi } from '@metatag/contracts';
import { acceptDialogs, loginWithPassword } from './support/accounts.js';
import { anvilRpc, sendAs } from './support/chain.js';
import { connectChipPageWallet, provisionChip, seed, tap, type Seed } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Issue #28, the cross-tenant pending call replayed in the browser, now failing to steal. Two tenants,
 * each with a collection whose minter is the shared TagRelayer (what the product recommends). In the
 * attacker's own admin page (the NFC-NFT linker) the attacker points the record of their own chip at
 * the victim's collection, then at a relayer they typed: the page shows the server's refusal and
 * nothing is stored. The attacker then builds `mint(attacker, 777)` in the page and taps their own chip
 * in the browser: the call can only go into the attacker's own collection (the control: it mints
 * there, so the test can fail), and the chain shows no token 777, no new supply, no log and no
 * transaction into the victim's collection.
 */

const SHOTS = 'tenancy-pending';
const CHAIN_TIMEOUT = { timeout: 45_000 };
const TOKEN = 777n;

interface RecordBody {
  id: number;
  nfcId: string;
  nftId: string;
  smartContract: string;
  relayer: string;
  pendingTransactionData: string;
}

const call = async (to: string, data: Hex) => anvilRpc<Hex>('eth_call', [{ to, data }, 'latest']);

async function totalSupply(collection: string): Promise<bigint> {
  return BigInt(
    await call(collection, encodeFunctionData({ abi: collectionAbi, functionName: 'totalSupply' })),
  );
}

/** The owner of a token, or undefined when the collection reverts (no such token). */
async function ownerOf(collection: string, tokenId: bigint): Promise<string | undefined> {
  const data = encodeFunctionData({ abi: collectionAbi, functionName: 'ownerOf', args: [tokenId] });
  const word = await call(collection, data).catch(() => undefined);
  return word ? `0x${word.slice(-40)}` : undefined;
}

interface ChainTx {
  hash: string;
  from: string;
  to: string | null;
  input: Hex;
}

/** Every transaction mined from block `from` on, as anvil holds them. */
async function transactionsSince(from: number): Promise<ChainTx[]> {
  const latest = Number(await anvilRpc<string>('eth_blockNumber', []));
  const txs: ChainTx[] = [];
  for (let n = from; n <= latest; n++) {
    const block = await anvilRpc<{ transactions: ChainTx[] }>('eth_getBlockByNumber', [
      `0x${n.toString(16)}`,
      true,
    ]);
    txs.push(...block.transactions);
  }
  return txs;
}

/** Where a transaction ends up calling: a TagRelayer `execute`'s target, else its `to`. */
function finalTarget(tx: ChainTx, tagRelayer: string): string {
  const to = (tx.to ?? '').toLowerCase();
  if (to !== tagRelayer) return to;
  try {
    const decoded = decodeFunctionData({ abi: tagRelayerAbi, data: tx.input });
    return decoded.functionName === 'execute' ? String(decoded.args[0]).toLowerCase() : to;
  } catch {
    return to;
  }
}

async function records(s: Seed): Promise<RecordBody[]> {
  return ((await (await s.api.get('/nfc-nft')).json()) as { items: RecordBody[] }).items;
}

/** Edits one field of item `id` inline and saves it. */
async function editField(page: Page, id: string, label: string, value: string) {
  await page.getByRole('button', { name: `Edit ${label} of item ${id}` }).click();
  await page.getByLabel(`${label} of item ${id}`, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
}

test('a cross-tenant pending call: the record is refused in the page, a tap mints only in the own collection', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const started = Date.now();
  acceptDialogs(page);
  const victim = await seed();
  const attacker = await seed();
  const tag = await provisionChip(attacker.nftId);
  const attackerWallet = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();

  // the attacker, in their own admin area: a record for their own chip (the chip fills in their
  // collection and the configured TagRelayer)
  await loginWithPassword(page, 'ganache', attacker.name, 'chips-password');
  await expect(page).toHaveURL(/\/ganache\/admin\/collections$/);
  await page.goto('/admin/nfc-nft');
  await expect(page.getByRole('heading', { name: 'NFC-NFT linker' })).toBeVisible();
  await page.getByRole('button', { name: 'Attach new' }).click();
  const item = page.locator('[data-testid^="nfc-record-"]');
  await expect(item).toHaveCount(1);
  const id = (await item.getAttribute('data-testid'))!.replace('nfc-record-', '');
  await editField(page, id, 'nfcId (chip id)', tag);
  await expect(item).toContainText(attacker.collection);
  const [attached] = await records(attacker);
  const tagRelayer = attached.relayer;
  expect(tagRelayer).toMatch(/^0x[0-9a-f]{40}$/);

  // both tenants make the TagRelayer their collection's minter, from their own wallets
  for (const tenant of [victim, attacker]) {
    const setMinter = encodeFunctionData({
      abi: collectionAbi,
      functionName: 'setMinter',
      args: [tagRelayer as Hex],
    });
    expect((await sendAs(tenant.collectionOwner, { to: tenant.collection, data: setMinter })).status).toBe(
      '0x1',
    );
  }
  const fromBlock = Number(await anvilRpc<string>('eth_blockNumber', [])) + 1;
  const victimSupply = await totalSupply(victim.collection);

  // the attack, in the page: the record's smartContract becomes the victim's collection
  await editField(page, id, 'smartContract', victim.collection);
  await expect(page.getByRole('alert')).toHaveText(NFC_NFT_FOREIGN_CONTRACT);
  await expect(item.getByText(NFC_NFT_FOREIGN_CONTRACT)).toBeVisible();
  await shootBoth(page, SHOTS, 'foreign-contract');
  await item.getByRole('button', { name: 'Cancel' }).click();
  // …or the relayer becomes an address the attacker typed
  await editField(page, id, 'relayer', attackerWallet);
  await expect(page.getByRole('alert')).toHaveText(NFC_NFT_FOREIGN_RELAYER);
  await shootBoth(page, SHOTS, 'foreign-relayer');
  await item.getByRole('button', { name: 'Cancel' }).click();
  // nothing of it was stored: the page (read again) and the API show the record as it was
  await page.reload();
  await expect(item).toContainText(attacker.collection);
  await expect(item).not.toContainText(victim.collection);
  expect(await records(attacker)).toEqual([attached]);

  // the attacker builds mint(attacker, 777) in the page and sets it as the chip's pending call
  await page.getByRole('tab', { name: 'Create pending transaction' }).click();
  await page.getByLabel('nftId').fill(attached.nftId);
  await page.getByLabel('Function').selectOption('mint(address,uint256)');
  const args = page.locator('fieldset.call-builder input');
  await args.nth(0).fill(attackerWallet);
  await args.nth(1).fill(TOKEN.toString());
  await page.getByRole('button', { name: 'Use as data' }).click();
  await expect(page.getByTestId('decoded-call')).toHaveText(
    /^Decoded: mint\(\w+: 0x[0-9a-fA-F]{40}, \w+: 777\)$/,
  );
  await page.getByRole('button', { name: 'Create pending transaction' }).click();
  await expect(page.getByRole('status')).toContainText('Pending transaction saved');

  // the tap of the attacker's own chip, in another browser: the pending call runs through the TagRelayer
  const visitor = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  acceptDialogs(visitor);
  await visitor.goto(await tap(tag));
  await expect(visitor.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 20_000 });
  const panel = visitor.getByTestId('pending-tx');
  await expect(panel.getByRole('heading', { name: 'Pending transaction' })).toBeVisible();
  await connectChipPageWallet(visitor);
  await expect(visitor.getByTestId('pending-action')).toHaveText(
    /^mint\(\w+: 0x[0-9a-fA-F]{40}, \w+: 777\)$/,
  );
  await panel.getByRole('button', { name: 'Complete transaction' }).click();
  await expect(visitor.getByTestId('pending-tx-hash')).toContainText('Completed: ', CHAIN_TIMEOUT);
  const relayHash = (await visitor
    .getByTestId('pending-tx-hash')
    .locator('[data-value]')
    .getAttribute('data-value'))!;

  // the control: the call went into the attacker's own collection, and minted there
  const relayTx = await anvilRpc<ChainTx>('eth_getTransactionByHash', [relayHash]);
  expect(finalTarget(relayTx, tagRelayer)).toBe(attacker.collection);
  expect(await ownerOf(attacker.collection, TOKEN)).toBe(attackerWallet);

  // the victim: no token 777, the same supply, no log and no transaction into the collection from
  // anyone (the relayer's account and the TagRelayer included) since the attack began
  expect(await ownerOf(victim.collection, TOKEN)).toBeUndefined();
  expect(await totalSupply(victim.collection)).toBe(victimSupply);
  const logs = await anvilRpc<unknown[]>('eth_getLogs', [
    { address: victim.collection, fromBlock: `0x${fromBlock.toString(16)}`, toBlock: 'latest' },
  ]);
  expect(logs).toEqual([]);
  const txs = await transactionsSince(fromBlock);
  expect(txs.map((tx) => tx.hash)).toContain(relayHash);
  expect(txs.filter((tx) => finalTarget(tx, tagRelayer) === victim.collection)).toEqual([]);
  console.log(
    `# tenancy-pending: ${txs.length} transactions since the attack began, 0 into the victim's collection; ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
