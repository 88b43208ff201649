import { test, expect } from '@playwright/test';
import { parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { acceptDialogs, creditViaApi, loginWithPassword } from './support/accounts.js';
import { anvilRpc, fund } from './support/chain.js';
import { env, provisionChip, seed, tap } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';
import { startMailbox, type Mailbox } from './support/mailbox.js';
import { addVirtualAuthenticator } from './support/webauthn.js';

/**
 * Claim by email (issue #29 item 3) in Chromium: a visitor taps the chip of a template whose owner pays
 * the gas, presses 'Claim by email' and gives an address; the mail (a real SMTP server started here;
 * tools/e2e.mjs points the stack's SMTP_URL at E2E_SMTP_PORT) carries a one-time link; opened, it claims
 * the token into a wallet address the visitor types (no wallet connected, no ETH), and the chain says
 * that address owns it. Screenshots at 1280x800 and 390x844.
 */
const CHAIN_TIMEOUT = { timeout: 60_000 };

test.setTimeout(300_000);

let mailbox: Mailbox;

test.beforeAll(async () => {
  mailbox = await startMailbox(Number(env('E2E_SMTP_PORT')));
});
test.afterAll(() => mailbox.close());

async function ownerOf(collection: string, tokenId: string): Promise<string> {
  const data = `0x6352211e${BigInt(tokenId).toString(16).padStart(64, '0')}`;
  const result = await anvilRpc<string>('eth_call', [{ to: collection, data }, 'latest']);
  return `0x${result.slice(-40)}`;
}

test('tap → Claim by email → the mailed link → claim into an address: the token is owned by it', async ({
  page,
}) => {
  const dialogs = acceptDialogs(page);
  const { api, collection, nftId, userId, name } = await seed();
  try {
    const set = await api.put(`/json/ganache/nft/${nftId}`, { data: { gasPaidBy: 'owner' } });
    expect(set.status()).toBe(200);
    await creditViaApi(userId, parseEther('0.05'));
    const tag = await provisionChip(nftId);

    await page.goto(await tap(tag));
    await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
    await page.getByTestId('email-claim-open').click();
    const form = page.getByTestId('email-claim-form');
    await form.getByLabel('Your email address').fill('zoe.visitor@example.org');
    await shootBoth(page, 'email-claim', 'email-claim-form');
    const before = mailbox.inbox.length;
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByTestId('email-claim-sent')).toContainText(
      'We sent a link to zoe.visitor@example.org',
    );
    await shootBoth(page, 'email-claim', 'email-claim-sent');

    await expect.poll(() => mailbox.inbox.length, { timeout: 15_000 }).toBe(before + 1);
    const mail = mailbox.inbox.at(-1)!;
    expect(mail.to).toEqual(['zoe.visitor@example.org']);
    const text = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https?:\/\/[^\s"<>]+\/email-claim#[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link, 'the mail carries the one-time link').toBeTruthy();
    // PUBLIC_URL's first (canonical) origin, tools/e2e.mjs: http://localhost:{port}
    expect(new URL(link!).host, 'the canonical PUBLIC_URL origin').toBe(
      `localhost:${new URL(env('E2E_BASE_URL')).port}`,
    );

    // the owner sees the pending claim in the template's details, masked
    const ownerPage = await (await page.context().browser()!.newContext()).newPage();
    acceptDialogs(ownerPage);
    await loginWithPassword(ownerPage, 'ganache', name, 'chips-password');
    await expect(ownerPage).toHaveURL(/\/ganache\/admin\/collections$/, { timeout: 30_000 });
    await ownerPage.goto(`/ganache/admin/collection/${collection}/nfts`);
    await ownerPage.getByRole('button', { name: `Show details of NFT ${nftId}` }).click();
    const pending = ownerPage.getByTestId('pending-email-claims');
    await expect(pending).toContainText('z***@example.org', { timeout: 15_000 });
    await expect(pending).toContainText(tag);
    await expect(pending).not.toContainText('zoe.visitor');
    await pending.scrollIntoViewIfNeeded();
    await shootBoth(ownerPage, 'email-claim', 'email-claim-owner-pending');

    const claimer = await (await page.context().browser()!.newContext()).newPage();
    await claimer.goto(link!);
    await expect(claimer.getByTestId('email-claim-title')).toBeVisible({ timeout: 15_000 });
    await expect(claimer.getByTestId('email-claim-passkey')).toContainText(
      'No wallet? Claim into a passkey account',
    );
    const to = privateKeyToAccount(generatePrivateKey()).address.toLowerCase();
    await claimer.getByLabel('Your wallet address').fill(to);
    await shootBoth(claimer, 'email-claim', 'email-claim-link-page');
    await claimer.getByRole('button', { name: 'Claim' }).click();
    const done = claimer.getByTestId('email-claim-done');
    await expect(done).toContainText(`is owned by ${to}`, CHAIN_TIMEOUT);
    const tokenId = /token (\d+)/.exec((await done.textContent())!)![1];
    expect(await ownerOf(collection, tokenId)).toBe(to);
    await shootBoth(claimer, 'email-claim', 'email-claim-done');

    // the link works once
    await claimer.goto(link!);
    await claimer.reload();
    await expect(claimer.getByTestId('email-claim-invalid')).toHaveText(
      'This email link has expired or was already used.',
      { timeout: 15_000 },
    );
    expect(dialogs).toEqual([]);
  } finally {
    await api.dispose();
  }
});

test('the mailed link claims into a passkey account made on the page: no wallet, no ETH (#29 items 2 and 3)', async ({
  browser,
}) => {
  const { api, collection, nftId, userId } = await seed();
  try {
    const set = await api.put(`/json/ganache/nft/${nftId}`, { data: { gasPaidBy: 'owner' } });
    expect(set.status()).toBe(200);
    await creditViaApi(userId, parseEther('0.05'));
    const tag = await provisionChip(nftId);
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(await tap(tag));
    await expect(visitor.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', {
      timeout: 15_000,
    });
    await visitor.getByTestId('email-claim-open').click();
    const form = visitor.getByTestId('email-claim-form');
    await form.getByLabel('Your email address').fill('pia.passkey@example.org');
    const before = mailbox.inbox.length;
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect.poll(() => mailbox.inbox.length, { timeout: 15_000 }).toBe(before + 1);
    const text = mailbox.inbox
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    // the canonical origin is localhost: WebAuthn needs a host name
    const link = /https?:\/\/[^\s"<>]+\/email-claim#[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}/.exec(text)![0];

    const claimer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await addVirtualAuthenticator(claimer);
    await claimer.goto(link);
    const offer = claimer.getByTestId('email-claim-passkey');
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await offer.getByRole('button', { name: 'Create a passkey' }).click();
    const done = claimer.getByTestId('email-claim-done');
    await expect(done).toContainText('is owned by 0x', CHAIN_TIMEOUT);
    const [, tokenId, account] = /token (\d+) is owned by (0x[0-9a-f]{40})/.exec(
      (await done.textContent())!,
    )!;
    expect(await ownerOf(collection, tokenId)).toBe(account);
    // a smart account (code appears with its first operation; none yet) that never held ETH
    expect(BigInt(await anvilRpc<string>('eth_getBalance', [account, 'latest']))).toBe(0n);
    await shootBoth(claimer, 'email-claim', 'email-claim-passkey-done');
  } finally {
    await api.dispose();
  }
});

test("a chip whose visitor pays the gas: the mailed link's page connects a wallet and sends the voucher from it (#29 item 3)", async ({
  browser,
}) => {
  // the seeded template is free and its visitor pays the gas (gasPaidBy 'visitor', the default)
  const { api, collection, nftId } = await seed();
  try {
    const tag = await provisionChip(nftId);
    const visitor = await (await browser.newContext()).newPage();
    acceptDialogs(visitor);
    await visitor.goto(await tap(tag));
    await expect(visitor.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', {
      timeout: 15_000,
    });
    await visitor.getByTestId('email-claim-open').click();
    const form = visitor.getByTestId('email-claim-form');
    await form.getByLabel('Your email address').fill('yan.payer@example.org');
    const before = mailbox.inbox.length;
    await form.getByRole('button', { name: 'Send the link' }).click();
    await expect(visitor.getByTestId('email-claim-sent')).toContainText(
      'We sent a link to yan.payer@example.org',
    );
    await expect.poll(() => mailbox.inbox.length, { timeout: 15_000 }).toBe(before + 1);
    const text = mailbox.inbox
      .at(-1)!
      .raw.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    const link = /https?:\/\/[^\s"<>]+\/email-claim#[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{43}/.exec(text)?.[0];
    expect(link, 'the mail carries the one-time link').toBeTruthy();

    // another browser (no fresh tap there): the link's page itself takes the wallet and sends the voucher
    const claimer = await (await browser.newContext()).newPage();
    acceptDialogs(claimer);
    await claimer.goto(link!);
    await expect(claimer.getByTestId('email-claim-title')).toBeVisible({ timeout: 15_000 });
    await expect(claimer.getByText('Your wallet pays the gas: connect it here and claim.')).toBeVisible();
    await expect(claimer.getByTestId('email-claim-passkey')).toHaveCount(0);
    const box = claimer.getByTestId('email-claim-wallet');
    await box.getByRole('button', { name: 'Connect Wallet' }).click();
    const modal = claimer.getByRole('dialog', { name: 'Connect Wallet' });
    await modal.getByRole('button', { name: 'NEW WALLET' }).click();
    await expect(modal).toBeHidden({ timeout: 15_000 });
    const shown = box.getByTestId('email-claim-wallet-address');
    await expect(shown).toHaveAttribute('title', /^0x[0-9a-f]{40}$/, { timeout: 15_000 });
    const wallet = (await shown.getAttribute('title'))!;
    await fund(wallet, 1n);
    await shootBoth(claimer, 'email-claim', 'email-claim-wallet');
    await box.getByRole('button', { name: 'Claim with my wallet' }).click();
    const done = claimer.getByTestId('email-claim-done');
    await expect(done).toContainText(`is owned by ${wallet}`, CHAIN_TIMEOUT);
    const tokenId = /token (\d+)/.exec((await done.textContent())!)![1];
    expect(await ownerOf(collection, tokenId)).toBe(wallet);
    await shootBoth(claimer, 'email-claim', 'email-claim-wallet-done');
  } finally {
    await api.dispose();
  }
});
