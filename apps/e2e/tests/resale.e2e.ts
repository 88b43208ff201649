import { test, expect, type Browser, type Page } from '@playwright/test';
import { acceptDialogs } from './support/accounts.js';
import { connectChipPageWallet, provisionChip, seed, tap } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Resale by the chip (issue #32 item 2) in Chromium. The template's wait is short (12 s, set through
 * the API): A holds the chip's token; visitor B taps and asks for it; A's page shows when it moves and
 * that locking stops it (never who asked); after the wait B taps again and completes: B's wallet sends
 * the contract's signed transfer and owns the token. Then the veto: A locks during a claim's wait, and
 * B's completion fails with the reason. Screenshots at 1280x800 and 390x844.
 */
const CHAIN_TIMEOUT = { timeout: 60_000 };
const WAIT_S = 12;

test.setTimeout(300_000);

async function tapped(page: Page, tag: string): Promise<void> {
  await page.goto(await tap(tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
}

/** The page's wallet, connected again after a new tap's navigation when it is not yet shown. */
async function walletOn(page: Page, address: string): Promise<void> {
  const wallet = page.getByTestId('chip-wallet');
  await expect(wallet).toHaveAttribute('title', new RegExp(address, 'i'), { timeout: 15_000 });
}

async function visitor(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  acceptDialogs(page);
  return page;
}

/** A taps the chip and mints its token with a new (funded) wallet. */
async function mintAsOwner(page: Page, tag: string, wallet?: string): Promise<string> {
  await tapped(page, tag);
  const address = wallet ?? (await connectChipPageWallet(page));
  if (wallet) await walletOn(page, wallet);
  await page.getByRole('button', { name: 'Mint and Claim' }).click();
  await expect(page.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
  return address;
}

test('a new holder of the chip claims the token after the wait; the owner is told and can veto by locking', async ({
  browser,
}) => {
  const { api, nftId } = await seed();
  try {
    const set = await api.put(`/json/ganache/nft/${nftId}`, {
      data: { resale: { waitSeconds: WAIT_S, gasPaidBy: 'visitor' } },
    });
    expect(set.ok(), await set.text()).toBe(true);
    const tag = await provisionChip(nftId);
    const tokenOf = async (id: string) =>
      ((await (await api.get(`/json/chiplink-token/${id}?type=chip`)).json()) as { owner: string | null })
        .owner;

    // A holds the token.
    const a = await visitor(browser);
    const alice = await mintAsOwner(a, tag);

    // B taps and asks for it: no immediate 'Claim Ownership' on a resale template.
    const b = await visitor(browser);
    await tapped(b, tag);
    const bob = await connectChipPageWallet(b);
    await expect(b.getByRole('button', { name: 'Claim Ownership' })).toHaveCount(0);
    await b.getByRole('button', { name: 'Ask for this item' }).click();
    const later = b.getByRole('button', { name: /^Complete the transfer after / });
    await expect(later).toBeDisabled({ timeout: 15_000 });
    await shootBoth(b, 'resale', 'resale-claim-opened');

    // A's page: when the item moves, that locking stops it; not who asked.
    await a.goto(`/tag/${tag}`);
    const notice = a.getByTestId('resale-notice');
    await expect(notice).toContainText(
      'Someone who tapped this chip asked for this item. It moves to them on',
    );
    await expect(notice).toContainText('unless the owner locks it: a token still locked then does not move.');
    await expect(notice).not.toContainText(bob.slice(2, 10));
    await shootBoth(a, 'resale', 'resale-owner-notice');

    // After the wait B taps again and completes: B's wallet sends the signed transfer.
    await b.waitForTimeout(WAIT_S * 1000);
    await tapped(b, tag);
    await walletOn(b, bob);
    await b.getByRole('button', { name: 'Complete the transfer', exact: true }).click();
    await expect(b.getByTestId('chip-owner-mine')).toHaveText('(your wallet)', CHAIN_TIMEOUT);
    await expect.poll(() => tokenOf(tag), CHAIN_TIMEOUT).toBe(bob);
    await shootBoth(b, 'resale', 'resale-completed');

    // The veto: a second chip A holds; B asks; A locks during the wait; B's completion fails.
    const second = await provisionChip(nftId);
    await mintAsOwner(a, second, alice);
    await tapped(b, second);
    await walletOn(b, bob);
    await b.getByRole('button', { name: 'Ask for this item' }).click();
    await expect(b.getByRole('button', { name: /^Complete the transfer after / })).toBeDisabled({
      timeout: 15_000,
    });
    await tapped(a, second);
    await walletOn(a, alice);
    await expect(a.getByTestId('resale-notice')).toContainText('a token still locked then does not move');
    await a.getByRole('button', { name: 'Lock', exact: true }).click();
    await expect(a.getByTestId('chip-status')).toHaveText('locked', CHAIN_TIMEOUT);
    await b.waitForTimeout(WAIT_S * 1000);
    // the wait is over with the token locked: the claim has failed, and the page says why
    await tapped(b, second);
    await walletOn(b, bob);
    await expect(b.getByTestId('resale-notice')).toHaveText(
      'The owner has locked this item, so the resale claim failed',
      CHAIN_TIMEOUT,
    );
    await expect(b.getByRole('button', { name: /Complete the transfer/ })).toHaveCount(0);
    await shootBoth(b, 'resale', 'resale-vetoed');
    expect(await tokenOf(second)).toBe(alice);
  } finally {
    await api.dispose();
  }
});
