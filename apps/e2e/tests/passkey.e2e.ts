import { test, expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { encodeFunctionData, parseAbi, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { acceptDialogs, creditViaApi } from './support/accounts.js';
import { anvilRpc } from './support/chain.js';
import { env, provisionChip, seed, tap } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';
import { addVirtualAuthenticator } from './support/webauthn.js';

/**
 * Passkey accounts in Chromium (issue #29 items 2 and 4), with a CDP virtual authenticator (a real
 * WebAuthn ceremony, P-256 keys inside the authenticator). A free template whose owner pays the gas;
 * a visitor taps the chip, chooses 'Use a passkey', creates one: the token is minted to the passkey's
 * smart account (ownerOf on anvil), which never holds ETH. Lock and unlock go through the bundler proxy
 * and our paymaster. A second browser context with the same credential (exported from the first
 * authenticator) finds the account with 'I already have a passkey' on 'My tokens', and sends its
 * tokens to ordinary addresses: a second chip's from 'My tokens', the first from the chip page. The
 * first device then taps that chip again and takes the token back with 'Claim Ownership' (sponsored).
 * WebAuthn needs a host name (not an IP address): the pages are opened on localhost, an origin the
 * stack accepts.
 */
const CHAIN_TIMEOUT = { timeout: 120_000 };
const COLLECTION_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function locked(uint256 tokenId) view returns (bool)',
]);

test.setTimeout(420_000);

async function read(collection: string, functionName: 'ownerOf' | 'locked', tokenId: string) {
  const data = encodeFunctionData({ abi: COLLECTION_ABI, functionName, args: [BigInt(tokenId)] });
  return anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
}
const ownerOf = async (collection: string, tokenId: string) =>
  `0x${(await read(collection, 'ownerOf', tokenId)).slice(-40)}`;
const locked = async (collection: string, tokenId: string) =>
  BigInt(await read(collection, 'locked', tokenId)) === 1n;
const balanceOf = async (address: string) =>
  BigInt(await anvilRpc<string>('eth_getBalance', [address, 'latest']));

/** A browser context whose pages have a platform authenticator with user verification (CDP WebAuthn). */
async function withAuthenticator(context: BrowserContext) {
  const page = await context.newPage();
  acceptDialogs(page);
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  return { page, cdp, authenticatorId };
}

/** The stack's origin as localhost (a WebAuthn relying party id must be a host name). */
const origin = () => env('E2E_BASE_URL').replace('127.0.0.1', 'localhost');

async function passkeyAccount(page: Page): Promise<string> {
  const account = page.getByTestId('passkey-account');
  await expect(account).toHaveAttribute('title', /^0x[0-9a-f]{40}$/, CHAIN_TIMEOUT);
  return (await account.getAttribute('title'))!;
}

test('tap, create a passkey: the token is in its smart account; lock and unlock sponsored; a second device finds it and sends the token out', async ({
  browser,
}) => {
  const started = Date.now();
  const { api, collection, nftId, userId } = await seed();
  let second: { page: Page; cdp: CDPSession; authenticatorId: string } | undefined;
  try {
    const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { gasPaidBy: 'owner' } });
    expect(put.ok(), await put.text()).toBe(true);
    await creditViaApi(userId, parseEther('0.5'));
    const tag = await provisionChip(nftId);

    // the first device: tap, 'Use a passkey', create one
    const first = await withAuthenticator(await browser.newContext());
    const page = first.page;
    await page.goto(`${origin()}${await tap(tag)}`);
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
    // the spec's buttons stay as they are; the passkey is offered beside them
    await expect(
      page.getByTestId('chip-actions').getByRole('button', { name: 'Connect Wallet' }),
    ).toBeVisible();
    await page.getByTestId('passkey-open').click();
    const panel = page.getByTestId('passkey-panel');
    await expect(panel.getByRole('heading', { name: 'Use a passkey' })).toBeVisible();
    await expect(panel).toContainText('the brand pays its fees');
    await shootBoth(page, 'passkey', 'passkey-offer');
    await panel.getByRole('button', { name: 'Create a passkey' }).click();
    const account = await passkeyAccount(page);
    await expect(panel.getByTestId('passkey-owns')).toBeVisible(CHAIN_TIMEOUT);
    await expect(page.getByTestId('chip-status')).toHaveText('unlocked');
    const tokenId = (await page.getByTestId('chip-token-id').textContent())!.trim();
    expect(await ownerOf(collection, tokenId)).toBe(account);
    expect(await anvilRpc<string>('eth_getCode', [account, 'latest']), 'counterfactual until first use').toBe(
      '0x',
    );
    // the page remembers the credential id and public key, nothing secret
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem('metatag.passkey')))!,
    ) as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['account', 'credentialId', 'publicKey']);
    expect(stored.account).toBe(account);
    await shootBoth(page, 'passkey', 'passkey-claimed');

    // lock and unlock: sponsored user operations through the bundler proxy (the first deploys the account)
    await panel.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(page.getByTestId('chip-status')).toHaveText('locked', CHAIN_TIMEOUT);
    expect(await locked(collection, tokenId)).toBe(true);
    expect(await anvilRpc<string>('eth_getCode', [account, 'latest'])).not.toBe('0x');
    await shootBoth(page, 'passkey', 'passkey-locked');
    await panel.getByRole('button', { name: 'Unlock', exact: true }).click();
    await expect(page.getByTestId('chip-status')).toHaveText('unlocked', CHAIN_TIMEOUT);
    expect(await locked(collection, tokenId)).toBe(false);
    expect(await balanceOf(account), 'the passkey account never held ETH').toBe(0n);

    // a second chip claimed into the same account: the remembered passkey claims it in one press
    const tag2 = await provisionChip(nftId);
    await page.goto(`${origin()}${await tap(tag2)}`);
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
    await page.getByTestId('passkey-panel').getByRole('button', { name: 'Claim with my passkey' }).click();
    await expect(page.getByTestId('passkey-panel').getByTestId('passkey-owns')).toBeVisible(CHAIN_TIMEOUT);
    const tokenId2 = (await page.getByTestId('chip-token-id').textContent())!.trim();
    expect(tokenId2).not.toBe(tokenId);
    expect(await ownerOf(collection, tokenId2)).toBe(account);

    // a second device: the same (synced) credential, imported into another authenticator
    const { credentials } = await first.cdp.send('WebAuthn.getCredentials', {
      authenticatorId: first.authenticatorId,
    });
    expect(credentials).toHaveLength(1);
    second = await withAuthenticator(await browser.newContext());
    await second.cdp.send('WebAuthn.addCredential', {
      authenticatorId: second.authenticatorId,
      credential: credentials[0]!,
    });
    const other = second.page;
    await other.goto(`${origin()}/ganache/my-tokens`);
    await other.getByRole('button', { name: 'I already have a passkey' }).click();
    await expect(other.getByTestId('my-tokens-account')).toHaveText(account, CHAIN_TIMEOUT);
    const item = other.getByTestId(`my-token-${tokenId}`);
    await expect(item).toContainText('Golden Sneaker', CHAIN_TIMEOUT);
    await expect(item.getByRole('button', { name: 'Send to my wallet' })).toBeVisible();
    await expect(other.getByTestId(`my-token-${tokenId2}`)).toContainText('Golden Sneaker', CHAIN_TIMEOUT);
    await shootBoth(other, 'passkey', 'passkey-my-tokens');

    // 'Send to my wallet' from My tokens (item 4): the second chip's token to an ordinary address
    const wallet2 = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    const item2 = other.getByTestId(`my-token-${tokenId2}`);
    await item2.getByRole('button', { name: 'Send to my wallet' }).click();
    await item2.getByLabel('Your wallet address').fill(account);
    await item2.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(item2.getByRole('alert')).toHaveText('That is your passkey account. Type another wallet.');
    await item2.getByLabel('Your wallet address').fill(wallet2);
    await shootBoth(other, 'passkey', 'passkey-my-tokens-send');
    await item2.getByRole('button', { name: 'Send', exact: true }).click();
    // the list refetches once the receipt is in: the sent token leaves it, the other stays
    await expect(item2).toHaveCount(0, CHAIN_TIMEOUT);
    await expect(other.getByTestId('my-tokens-sent')).toHaveText(
      `Token #${tokenId2} was sent to ${wallet2}.`,
    );
    expect(await ownerOf(collection, tokenId2)).toBe(wallet2);
    expect(await balanceOf(wallet2)).toBe(0n);
    await expect(item).toBeVisible();
    await shootBoth(other, 'passkey', 'passkey-my-tokens-sent');

    // from the chip page of the second device: 'Send to my wallet' to an ordinary address
    const wallet = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    await other.goto(`${origin()}/tag/${tag}`);
    const otherPanel = other.getByTestId('passkey-panel');
    await expect(otherPanel.getByTestId('passkey-owns')).toBeVisible(CHAIN_TIMEOUT);
    await otherPanel.getByRole('button', { name: 'Send to my wallet' }).click();
    await otherPanel.getByLabel('Your wallet address').fill('0x1234');
    await otherPanel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(otherPanel.getByRole('alert')).toHaveText(
      'Type a wallet address: 0x and 40 letters or digits.',
    );
    await otherPanel.getByLabel('Your wallet address').fill(wallet);
    await shootBoth(other, 'passkey', 'passkey-send');
    await otherPanel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(otherPanel.getByTestId('passkey-sent')).toBeVisible(CHAIN_TIMEOUT);
    expect(await ownerOf(collection, tokenId)).toBe(wallet);
    expect(await balanceOf(wallet)).toBe(0n);
    expect(await balanceOf(account)).toBe(0n);
    await expect(other.getByTestId('chip-owner')).toContainText(
      new RegExp(wallet.slice(2, 8), 'i'),
      CHAIN_TIMEOUT,
    );
    await shootBoth(other, 'passkey', 'passkey-sent');

    await other.goto(`${origin()}/ganache/my-tokens`);
    await expect(other.getByTestId('my-tokens-empty')).toBeVisible(CHAIN_TIMEOUT);

    // Claim Ownership into the passkey account (item 2): the first device taps the chip the ordinary
    // wallet now owns; the account takes the token back in one sponsored operation, still 0 ETH
    await page.goto(`${origin()}${await tap(tag)}`);
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
    const claimPanel = page.getByTestId('passkey-panel');
    const claimOwnership = claimPanel.getByRole('button', { name: 'Claim Ownership' });
    await expect(claimOwnership).toBeVisible(CHAIN_TIMEOUT);
    await shootBoth(page, 'passkey', 'passkey-claim-ownership');
    await claimOwnership.click();
    await expect(claimPanel.getByTestId('passkey-owns')).toBeVisible(CHAIN_TIMEOUT);
    expect(await ownerOf(collection, tokenId)).toBe(account);
    expect(await balanceOf(account), 'the passkey account never held ETH').toBe(0n);
    await shootBoth(page, 'passkey', 'passkey-claimed-ownership');
    console.log(`passkey journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await api.dispose();
  }
});
