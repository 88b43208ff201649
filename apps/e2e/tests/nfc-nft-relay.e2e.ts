import { test, expect } from '@playwright/test';
import { encodeFunctionData, parseAbi } from 'viem';
import { acceptDialogs, creditViaApi } from './support/accounts.js';
import { anvilRpc, sendAs } from './support/chain.js';
import { connectChipPageWallet, provisionChip, seed, tap } from './support/chips.js';

/**
 * A tap completes an NFC-NFT pending transaction (issue 17 item 4) on the real stack: the admin's
 * record holds `setConnectToTag(tokenId, true)` on their collection; a tap shows it instead of opening
 * the utility URL; the visitor's wallet sends the TagRelayer call; the chain shows the token connected;
 * the server clears the pending fields; the page is at `redirectUrl?tx=0x…`.
 */
test.setTimeout(180_000);

const COLLECTION = parseAbi([
  'function setMinter(address newMinter)',
  'function mint(address to, uint256 tokenId)',
  'function setConnectToTag(uint256 tokenId, bool status)',
  'function connectedToTag(uint256 tokenId) view returns (bool)',
]);
const REDIRECT = 'https://shop.example/thanks';

interface RecordBody {
  id: number;
  nftId: string;
  relayer: string;
  pendingTransactionData: string;
  pendingTransactionValue: string;
}

async function connectedToTag(collection: string, tokenId: bigint): Promise<boolean> {
  const data = encodeFunctionData({ abi: COLLECTION, functionName: 'connectedToTag', args: [tokenId] });
  const result = await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
  return BigInt(result) === 1n;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a tap sends the pending setConnectToTag through the visitor's wallet and lands on redirectUrl?tx= (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    acceptDialogs(page);
    // the redirect target is someone's shop: answered here, not on the internet
    await page.route('https://shop.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Thanks</h1>' }),
    );
    const { api, collection, collectionOwner, nftId } = await seed();
    const tag = await provisionChip(nftId);

    const created = await api.post('/nfc-nft');
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const attached = await api.put(`/nfc-nft/${id}`, { data: { nfcId: tag } });
    expect(attached.ok(), await attached.text()).toBe(true);
    const record = ((await attached.json()) as { item: RecordBody }).item;
    const tokenId = BigInt(record.nftId);

    // setConnectToTag needs the token to exist and its caller to be the owner or the minter: the
    // collection's owner mints the chip's token, then makes the TagRelayer the collection's minter
    const asOwner = (data: `0x${string}`) => sendAs(collectionOwner, { to: collection, data });
    const call = <F extends 'setMinter' | 'mint'>(functionName: F, args: readonly unknown[]) =>
      encodeFunctionData({ abi: COLLECTION, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
    expect((await asOwner(call('setMinter', [collectionOwner]))).status).toBe('0x1');
    expect((await asOwner(call('mint', [collectionOwner, tokenId]))).status).toBe('0x1');
    expect((await asOwner(call('setMinter', [record.relayer]))).status).toBe('0x1');
    expect(await connectedToTag(collection, tokenId)).toBe(false);

    const pendingData = encodeFunctionData({
      abi: COLLECTION,
      functionName: 'setConnectToTag',
      args: [tokenId, true],
    });
    const pending = await api.put(`/nfc-nft/byTag/${tag}`, {
      data: { pendingTransactionData: pendingData, redirectUrl: REDIRECT },
    });
    expect(pending.ok(), await pending.text()).toBe(true);

    // the tap: the page shows the pending action instead of opening the utility URL
    const popups: string[] = [];
    page.context().on('page', (p) => popups.push(p.url()));
    await page.goto(await tap(tag));
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', {
      timeout: 20_000,
    });
    const panel = page.getByTestId('pending-tx');
    await expect(panel.getByRole('heading', { name: 'Pending transaction' })).toBeVisible();
    await expect(page.getByTestId('pending-value')).toHaveText('0 ETH');
    await connectChipPageWallet(page);
    await expect(page.getByTestId('pending-action')).toHaveText(
      new RegExp(`^setConnectToTag\\(\\w+: ${tokenId}, \\w+: true\\)$`),
    );
    await page.screenshot({ path: `test-results/e2e/nfc-nft-relay-${viewport.width}.png`, fullPage: true });

    await panel.getByRole('button', { name: 'Complete transaction' }).click();
    await page.waitForURL(/^https:\/\/shop\.example\/thanks\?tx=0x[0-9a-f]{64}$/, { timeout: 60_000 });
    const txHash = new URL(page.url()).searchParams.get('tx')!;
    expect(popups, 'the utility URL did not open').toEqual([]);

    // the chain shows the effect; the server cleared the pending transaction after reading the receipt
    expect(await connectedToTag(collection, tokenId)).toBe(true);
    const items = ((await (await api.get('/nfc-nft')).json()) as { items: RecordBody[] }).items;
    const after = items.find((r) => r.id === id)!;
    expect([after.pendingTransactionData, after.pendingTransactionValue]).toEqual(['', '']);
    const history = (
      (await (await api.get(`/nfc-nft/${id}/history`)).json()) as {
        items: { kind: string; txHash?: string | null }[];
      }
    ).items;
    expect(history.filter((h) => h.kind === 'confirmed').map((h) => h.txHash)).toEqual([txHash]);
  });
}

test("the gasless variant: no wallet, MetaTag relays it from the owner's balance (390 px)", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  acceptDialogs(page);
  await page.route('https://shop.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Thanks</h1>' }),
  );
  const { api, collection, collectionOwner, nftId, userId } = await seed();
  const tag = await provisionChip(nftId);
  const { id } = (await (await api.post('/nfc-nft')).json()) as { id: number };
  const record = (
    (await (await api.put(`/nfc-nft/${id}`, { data: { nfcId: tag } })).json()) as { item: RecordBody }
  ).item;
  const tokenId = BigInt(record.nftId);
  const asOwner = (data: `0x${string}`) => sendAs(collectionOwner, { to: collection, data });
  const call = <F extends 'setMinter' | 'mint'>(functionName: F, args: readonly unknown[]) =>
    encodeFunctionData({ abi: COLLECTION, functionName, args } as Parameters<typeof encodeFunctionData>[0]);
  expect((await asOwner(call('setMinter', [collectionOwner]))).status).toBe('0x1');
  expect((await asOwner(call('mint', [collectionOwner, tokenId]))).status).toBe('0x1');
  expect((await asOwner(call('setMinter', [record.relayer]))).status).toBe('0x1');
  const pendingData = encodeFunctionData({
    abi: COLLECTION,
    functionName: 'setConnectToTag',
    args: [tokenId, true],
  });
  const pending = await api.put(`/nfc-nft/byTag/${tag}`, {
    data: { pendingTransactionData: pendingData, redirectUrl: REDIRECT },
  });
  expect(pending.ok(), await pending.text()).toBe(true);
  await creditViaApi(userId, 10n ** 17n);

  await page.goto(await tap(tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 20_000 });
  const panel = page.getByTestId('pending-tx');
  await page.screenshot({ path: 'test-results/e2e/nfc-nft-gasless-390.png', fullPage: true });
  await panel.getByRole('button', { name: 'Complete without a wallet' }).click();
  // blocks for the relayer's confirmation depth while the page follows the relay
  const miner = setInterval(() => void anvilRpc('evm_mine', []).catch(() => undefined), 1000);
  try {
    await page.waitForURL(/^https:\/\/shop\.example\/thanks\?tx=0x[0-9a-f]{64}$/, { timeout: 90_000 });
  } finally {
    clearInterval(miner);
  }
  expect(await connectedToTag(collection, tokenId)).toBe(true);
  const items = ((await (await api.get('/nfc-nft')).json()) as { items: RecordBody[] }).items;
  expect(items.find((r) => r.id === id)!.pendingTransactionData).toBe('');
});
