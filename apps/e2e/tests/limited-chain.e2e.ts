import { mkdirSync } from 'node:fs';
import { test, expect, type Page } from '@playwright/test';
import { decodeEventLog, encodeFunctionData, parseAbi, type Hex } from 'viem';
import { acceptDialogs } from './support/accounts.js';
import { anvilRpc, sendAs } from './support/chain.js';
import { connectChipPageWallet, provisionChip, seed, tap } from './support/chips.js';

/**
 * Limited editions on a chip (issue #18 items 3–6), in Chromium against the real stack: a father with
 * limit 3 and two children (the collection's owner mints the father to the visitor's browser wallet,
 * whose wallet mints the children), a child attached to a provisioned chip through the API, the wallet
 * sends the reply's setConnectToTag, a tap shows the child and the connection, the owner redeems it on
 * /{chain}/redeem, a transfer reverts, and the chip page and check-parent say redeemed; check-parent's
 * numbers are the chain's.
 */
test.setTimeout(240_000);

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/e2e/shots';
const ABI = parseAbi([
  'function setMinter(address newMinter)',
  'function mintWithLimit(address to, uint256 tokenId, uint64 limit)',
  'function mintChildBatch(uint256 parent, uint256 amount)',
  'function limitPerUid(uint256 tokenId) view returns (uint256)',
  'function mintedChildren(uint256 tokenId) view returns (uint256)',
  'function availableChildren(uint256 tokenId) view returns (uint256)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function locked(uint256 tokenId) view returns (bool)',
  'function transferFrom(address from, address to, uint256 tokenId)',
  'event MintChild(address indexed owner, uint256 indexed child, uint256 indexed parent)',
]);

async function read(
  collection: string,
  functionName: 'limitPerUid' | 'mintedChildren' | 'availableChildren' | 'ownerOf' | 'locked',
  tokenId: bigint,
) {
  const data = encodeFunctionData({ abi: ABI, functionName, args: [tokenId] });
  return anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
}
const uint = async (
  collection: string,
  fn: 'limitPerUid' | 'mintedChildren' | 'availableChildren',
  id: bigint,
) => BigInt(await read(collection, fn, id)).toString();
const ownerOf = async (collection: string, id: bigint) =>
  `0x${(await read(collection, 'ownerOf', id)).slice(-40)}`.toLowerCase();

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/limited-chain-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a child token on a chip: attach, connect, tap, redeem, check-parent', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  acceptDialogs(page);
  const { api, collection, collectionOwner, nftId } = await seed();
  const networks = (await (await api.get('/json/networks')).json()) as {
    items: { ganache: { minter: string } };
  };
  const relayerMinter = networks.items.ganache.minter;
  expect(relayerMinter).toMatch(/^0x[0-9a-fA-F]{40}$/);

  // the visitor taps the chip and makes a NEW WALLET in the chip page's wallet modal: it will own the father
  const tag = await provisionChip(nftId);
  await page.goto(await tap(tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 20_000 });
  const wallet = await connectChipPageWallet(page);

  // the collection's owner mints the father (limit 3) as its minter, then gives minting back to MetaTag
  const father = BigInt(Date.now());
  const asOwner = (data: Hex) => sendAs(collectionOwner, { to: collection, data });
  expect(
    (
      await asOwner(
        encodeFunctionData({ abi: ABI, functionName: 'setMinter', args: [collectionOwner as Hex] }),
      )
    ).status,
  ).toBe('0x1');
  expect(
    (
      await asOwner(
        encodeFunctionData({ abi: ABI, functionName: 'mintWithLimit', args: [wallet as Hex, father, 3n] }),
      )
    ).status,
  ).toBe('0x1');
  expect(
    (await asOwner(encodeFunctionData({ abi: ABI, functionName: 'setMinter', args: [relayerMinter as Hex] })))
      .status,
  ).toBe('0x1');
  // the father's owner mints two children with its wallet
  const batch = await sendAs(wallet, {
    to: collection,
    data: encodeFunctionData({ abi: ABI, functionName: 'mintChildBatch', args: [father, 2n] }),
  });
  expect(batch.status).toBe('0x1');
  const logs = (
    await anvilRpc<{ logs: { topics: Hex[]; data: Hex }[] }>('eth_getTransactionReceipt', [
      batch.transactionHash,
    ])
  ).logs;
  const children = logs.flatMap((log) => {
    try {
      const event = decodeEventLog({ abi: ABI, topics: log.topics as [Hex, ...Hex[]], data: log.data });
      return event.eventName === 'MintChild' ? [event.args.child] : [];
    } catch {
      return [];
    }
  });
  expect(children).toHaveLength(2);
  const child = children[0];

  // the admin attaches the first child to the chip; the token's owner sends setConnectToTag
  const attached = await api.post('/json/ganache/attach', {
    data: { collection, childTokenUid: child.toString(), nfcUid: tag },
  });
  expect(attached.status(), await attached.text()).toBe(200);
  const { transaction } = (await attached.json()) as { transaction: { to: string; data: string } };
  expect((await sendAs(wallet, transaction)).status).toBe('0x1');

  // a tap shows the child, its father and (once the index has it) the connection
  await page.goto(await tap(tag));
  await expect(page.getByTestId('chip-token-id')).toHaveText(child.toString(), { timeout: 20_000 });
  await expect(page.getByTestId('chip-father')).toHaveText(`#${father}`);
  await expect(page.getByTestId('chip-owner')).toHaveText(wallet);
  await expect(async () => {
    await page.goto(`/tag/${tag}`);
    await expect(page.getByTestId('chip-connection')).toHaveText('Child token connected to this tag', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId('chip-redeemed')).toHaveText('No');

  // redeem on /{chain}/redeem with the browser wallet: a warning, then a confirmation
  await page.goto(`/ganache/redeem?collection=${collection}&token=${child}`);
  await expect(page.getByTestId('redeem-warning')).toContainText('untransferable afterwards');
  const connect = page.getByTestId('redeem-connect');
  if (await connect.isVisible()) await connect.click();
  await expect(page.getByTestId('redeem-status')).toHaveText('Transferable', { timeout: 20_000 });
  await expect(page.getByTestId('redeem-submit')).toBeEnabled({ timeout: 20_000 });
  await shoot(page, 'redeem');
  await page.getByTestId('redeem-submit').click();
  const confirm = page.getByRole('alertdialog', { name: `Redeem token ${child}?` });
  await expect(confirm).toContainText('untransferable afterwards');
  await confirm.getByRole('button', { name: 'Yes, redeem' }).click();
  await expect(page.getByTestId('redeem-done')).toContainText('Redeemed', { timeout: 60_000 });
  await expect(page.getByTestId('redeem-status')).toHaveText('Redeemed: this token is untransferable.');
  expect(BigInt(await read(collection, 'locked', child))).toBe(1n);

  // a transfer of the redeemed child reverts (TokenLocked)
  const transfer = encodeFunctionData({
    abi: ABI,
    functionName: 'transferFrom',
    args: [wallet as Hex, collectionOwner as Hex, child],
  });
  await expect(
    anvilRpc('eth_call', [{ from: wallet, to: collection, data: transfer }, 'latest']),
  ).rejects.toThrow(/revert/i);

  // the chip page says redeemed (its status: locked)
  await expect(async () => {
    await page.goto(`/tag/${tag}`);
    await expect(page.getByTestId('chip-redeemed')).toHaveText('Redeemed: untransferable', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 40_000 });
  await expect(page.getByTestId('chip-status')).toHaveText('locked');
  await shoot(page, 'chip');

  // check-parent: the chain's numbers, the children with their owners, the redeemed child
  await page.goto(`/ganache/check-parent/${collection}/${father}`);
  await expect(page.getByTestId('cp-child')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByTestId('cp-child-status').first()).toHaveText('Redeemed (untransferable)', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('cp-limit')).toHaveText(await uint(collection, 'limitPerUid', father));
  await expect(page.getByTestId('cp-minted')).toHaveText(await uint(collection, 'mintedChildren', father));
  await expect(page.getByTestId('cp-available')).toHaveText(
    await uint(collection, 'availableChildren', father),
  );
  await expect(page.getByTestId('cp-limit')).toHaveText('3');
  await expect(page.getByTestId('cp-available')).toHaveText('1');
  // addresses shortened with a copy button (#30): the full one is the element's data-value
  await expect(page.getByTestId('cp-owner')).toHaveAttribute('data-value', await ownerOf(collection, father));
  const owners = page.getByTestId('cp-child-owner');
  for (const [i, id] of children.entries())
    await expect(owners.nth(i)).toHaveAttribute('data-value', await ownerOf(collection, id));
  await expect(page.getByTestId('cp-child-status').nth(1)).toHaveText('Transferable');
  await expect(page.getByTestId('cp-chip-link').first()).toHaveAttribute('href', `/tag/${tag}`);
  await expect(page.getByTestId('cp-market-link').first()).toHaveAttribute(
    'href',
    `https://testnets.opensea.io/assets/goerli/${collection}/${children[0]}`,
  );
  await shoot(page, 'check-parent');
});
