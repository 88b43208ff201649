import { test, expect, type BrowserContext } from '@playwright/test';
import { decodeFunctionResult, encodeFunctionData, parseAbi, parseEther } from 'viem';
import { acceptDialogs, creditViaApi } from './support/accounts.js';
import { anvilRpc } from './support/chain.js';
import { env, provisionChip, seed, tap } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';
import { addVirtualAuthenticator } from './support/webauthn.js';

/**
 * Recovery of a passkey account by a wallet as second owner (issue #29 item 4, decision 111), in
 * Chromium with a CDP virtual authenticator. A visitor claims a chip's token into a new passkey
 * account; on a second browser context WITHOUT the passkey, 'Recover with my wallet' connects a NEW
 * WALLET (its key made in that browser, 0 ETH). Back on the first device, My tokens adds that wallet as
 * the account's second owner (one sponsored user operation the passkey signs; getOwners on anvil).
 * The second device then lists the account and sends the token to the wallet in a user operation the
 * WALLET signs, sponsored: ownerOf is the wallet, which never held ETH. Pages on localhost (WebAuthn
 * needs a host name).
 */
const CHAIN_TIMEOUT = { timeout: 120_000 };
const ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function getOwners() view returns (address[])',
]);

test.setTimeout(300_000);

const origin = () => env('E2E_BASE_URL').replace('127.0.0.1', 'localhost');
const ownerOf = async (collection: string, tokenId: string) => {
  const data = encodeFunctionData({ abi: ABI, functionName: 'ownerOf', args: [BigInt(tokenId)] });
  const result = await anvilRpc<`0x${string}`>('eth_call', [{ to: collection, data }, 'latest']);
  return decodeFunctionResult({ abi: ABI, functionName: 'ownerOf', data: result }).toLowerCase();
};
const getOwners = async (safe: string) => {
  const data = encodeFunctionData({ abi: ABI, functionName: 'getOwners' });
  const result = await anvilRpc<`0x${string}`>('eth_call', [{ to: safe, data }, 'latest']);
  return decodeFunctionResult({ abi: ABI, functionName: 'getOwners', data: result }).map((o) =>
    o.toLowerCase(),
  );
};
const balanceOf = async (address: string) =>
  BigInt(await anvilRpc<string>('eth_getBalance', [address, 'latest']));

async function pageOf(context: BrowserContext) {
  const page = await context.newPage();
  acceptDialogs(page);
  return page;
}

test('a wallet added as second owner recovers the passkey account’s token on a device without the passkey', async ({
  browser,
}) => {
  const started = Date.now();
  const { api, collection, nftId, userId } = await seed();
  try {
    const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { gasPaidBy: 'owner' } });
    expect(put.ok(), await put.text()).toBe(true);
    await creditViaApi(userId, parseEther('0.5'));
    const tag = await provisionChip(nftId);

    // the first device: tap, 'Use a passkey', create one; the token is in its account
    const phone = await pageOf(await browser.newContext());
    await addVirtualAuthenticator(phone);
    await phone.goto(`${origin()}${await tap(tag)}`);
    await expect(phone.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
    await phone.getByTestId('passkey-open').click();
    const panel = phone.getByTestId('passkey-panel');
    await expect(panel).toContainText('add a wallet as a second owner');
    await shootBoth(phone, 'passkey-recovery', 'recovery-offer');
    await panel.getByRole('button', { name: 'Create a passkey' }).click();
    await expect(panel.getByTestId('passkey-owns')).toBeVisible(CHAIN_TIMEOUT);
    const account = (await panel.getByTestId('passkey-account').getAttribute('title'))!;
    const tokenId = (await phone.getByTestId('chip-token-id').textContent())!.trim();
    expect(await ownerOf(collection, tokenId)).toBe(account);

    // the second device has no passkey: 'Recover with my wallet' connects a NEW WALLET (0 ETH)
    const laptop = await pageOf(await browser.newContext());
    await laptop.goto(`${origin()}/ganache/my-tokens`);
    await laptop.getByRole('button', { name: 'Recover with my wallet' }).click();
    const recover = laptop.getByTestId('recover-with-wallet');
    await recover.getByRole('button', { name: 'Connect Wallet' }).click();
    const modal = laptop.getByRole('dialog', { name: 'Connect Wallet' });
    await modal.getByRole('button', { name: 'NEW WALLET' }).click();
    await expect(modal).toBeHidden({ timeout: 15_000 });
    await expect(recover.getByTestId('recover-wallet')).toHaveText(/^0x[0-9a-f]{40}$/, { timeout: 15_000 });
    const wallet = (await recover.getByTestId('recover-wallet').textContent())!;
    await expect(recover.getByTestId('recover-none')).toBeVisible(CHAIN_TIMEOUT);
    expect(await balanceOf(wallet)).toBe(0n);

    // the first device adds that wallet as second owner on My tokens: one sponsored operation
    await phone.goto(`${origin()}/ganache/my-tokens`);
    await expect(phone.getByTestId('my-tokens-account')).toHaveText(account);
    const add = phone.getByTestId('recovery-wallet');
    await add.getByLabel('Your wallet address').fill(account);
    await add.getByRole('button', { name: 'Add as recovery wallet' }).click();
    await expect(add.getByRole('alert')).toHaveText('That is your passkey account. Type another wallet.');
    await add.getByLabel('Your wallet address').fill(wallet);
    await shootBoth(phone, 'passkey-recovery', 'recovery-add');
    await add.getByRole('button', { name: 'Add as recovery wallet' }).click();
    await expect(add.getByTestId('recovery-wallet-added')).toContainText(wallet, CHAIN_TIMEOUT);
    const owners = await getOwners(account);
    expect(owners).toHaveLength(2);
    expect(owners).toContain(wallet);
    await shootBoth(phone, 'passkey-recovery', 'recovery-added');

    // the second device lists the account (the list refreshes) and the wallet takes the token out
    const listed = recover.getByTestId(`recover-account-${account}`);
    await expect(listed).toBeVisible(CHAIN_TIMEOUT);
    const item = listed.getByTestId(`recover-token-${tokenId}`);
    await expect(item).toContainText('Golden Sneaker', CHAIN_TIMEOUT);
    await shootBoth(laptop, 'passkey-recovery', 'recovery-list');
    await item.getByRole('button', { name: 'Send to my wallet' }).click();
    await expect(listed.getByTestId('recover-sent')).toHaveText(
      `Token #${tokenId} was sent to ${wallet}.`,
      CHAIN_TIMEOUT,
    );
    expect(await ownerOf(collection, tokenId)).toBe(wallet);
    expect(await balanceOf(wallet), 'the wallet never held ETH').toBe(0n);
    expect(await balanceOf(account), 'nor did the passkey account').toBe(0n);
    await expect(item).toHaveCount(0, CHAIN_TIMEOUT);
    await shootBoth(laptop, 'passkey-recovery', 'recovery-sent');
    console.log(`passkey recovery journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await api.dispose();
  }
});
