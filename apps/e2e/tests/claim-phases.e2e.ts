import { test, expect, type Browser, type Page } from '@playwright/test';
import { acceptDialogs, loginWithPassword } from './support/accounts.js';
import { fund } from './support/chain.js';
import { provisionChip, seed, tap } from './support/chips.js';
import { shootBoth } from './support/screenshots.js';

/**
 * Claim phases (issue #32 item 3) in Chromium: the owner adds a phase on the template's edit page and
 * uploads an allowlist CSV (a bad line is named by its number and the list is kept; the fixed file is
 * taken); the chip page says when the phase opens and 'Allowlist only'; a visitor's 'Mint and Claim'
 * is refused early ('Not open yet: …') and, once the phase is open, refused for a wallet off the list.
 * Then the owner lists the visitor's (funded) wallet with a cap of 1: the page shows 'You minted 0 of
 * 1' from the collection's counter, the mint goes through on chain, then 'You minted 1 of 1' and the
 * next mint is refused at the cap. The collection's own refusal of a voucher the server signed twice,
 * the phase's price and gasless phased claims are in apps/standalone/src/claim-phases.int-spec.ts.
 * Screenshots at 1280x800 and 390x844.
 */
const CHAIN_TIMEOUT = { timeout: 60_000 };
test.setTimeout(300_000);

async function tapped(page: Page, tag: string): Promise<void> {
  await page.goto(await tap(tag));
  await expect(page.getByTestId('chip-auth')).toHaveText('MetaTag Was Authenticated', { timeout: 15_000 });
}

async function connectEmptyWallet(page: Page): Promise<string> {
  await page.getByTestId('chip-actions').getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
  await modal.getByRole('button', { name: 'NEW WALLET' }).click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
  const wallet = page.getByTestId('chip-wallet');
  await expect(wallet).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/, { timeout: 15_000 });
  return (await wallet.getAttribute('title'))!.toLowerCase();
}

async function visitorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  acceptDialogs(page);
  return page;
}

const LISTED = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

test('a phased template: set up with an allowlist CSV, shown on the chip page, refusing early and off the list', async ({
  browser,
  page,
}) => {
  acceptDialogs(page);
  const { api, collection, nftId, name } = await seed();
  try {
    const phasesOf = async () =>
      (
        (await (await api.get('/json/ganache/nfts')).json()) as {
          items: { id: number; claimPhases?: { allowlist: string[]; start: string | null }[] }[];
        }
      ).items.find((i) => i.id === nftId)?.claimPhases ?? [];

    await loginWithPassword(page, 'ganache', name, 'chips-password');
    await expect(page).toHaveURL(/\/ganache\/admin\/collections$/, { timeout: 30_000 });
    await page.goto(`/ganache/admin/collection/${collection}/nfts`);
    await page.getByRole('button', { name: `Show details of NFT ${nftId}` }).click();
    const details = page.getByTestId(`nft-details-${nftId}`);
    await details.getByRole('button', { name: 'Add phase' }).click();
    // opens in about 2 hours
    const opens = new Date(Date.now() + 2 * 3600_000 + 5 * 60_000);
    const local = new Date(opens.getTime() - opens.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
    await details.getByLabel('Phase 1 opens').fill(local);
    await details.getByLabel('Phase 1 per wallet').fill('2');
    const csv = details.getByLabel('Phase 1 allowlist CSV');
    await csv.setInputFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`address\n${LISTED}\n0x1234\n`),
    });
    await expect(details.getByTestId('claim-phase-csv-errors')).toContainText(
      'Line 3: "0x1234" is not an Ethereum address',
    );
    await expect(details.getByTestId('claim-phase-allowlist')).toContainText('Open to every wallet');
    await shootBoth(page, 'claim-phases', 'claim-phases-csv-error');
    await csv.setInputFiles({
      name: 'list.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`address\n${LISTED}\n`),
    });
    await expect(details.getByTestId('claim-phase-allowlist')).toHaveText(/Allowlist: 1 addresses/);
    await details.getByRole('button', { name: 'Save phases' }).click();
    await expect.poll(async () => (await phasesOf())[0]?.allowlist).toEqual([LISTED]);
    await shootBoth(page, 'claim-phases', 'claim-phases-template-setting');

    // the chip page: when it opens, allowlist only, the cap; a mint now is refused in plain words
    const tag = await provisionChip(nftId);
    const visitor = await visitorPage(browser);
    await tapped(visitor, tag);
    const notice = visitor.getByTestId('chip-phase');
    await expect(notice).toContainText(/Presale opens in 2 h/);
    await expect(notice).toContainText('Allowlist only');
    await expect(notice).toContainText('2 per wallet');
    await shootBoth(visitor, 'claim-phases', 'claim-phases-chip-upcoming');
    const alice = await connectEmptyWallet(visitor);
    await fund(alice, 1n);
    await visitor.getByRole('button', { name: 'Mint and Claim' }).click();
    await expect(visitor.getByTestId('mint-failed')).toHaveText(
      /^Not open yet: Presale opens in 2 h$/,
      CHAIN_TIMEOUT,
    );

    // the owner opens the phase now (through the API): a wallet off the list is refused
    const phases = await phasesOf();
    const open = await api.put(`/json/ganache/nft/${nftId}`, {
      data: { claimPhases: phases.map((p) => ({ ...p, start: null })) },
    });
    expect(open.ok(), await open.text()).toBe(true);
    await tapped(visitor, tag);
    await expect(notice).toContainText('Presale is open');
    await visitor.getByRole('button', { name: 'Mint and Claim' }).click();
    await expect(visitor.getByTestId('mint-failed')).toHaveText(
      'Allowlist only: this wallet is not on the list for Presale. Connect a wallet that is',
      CHAIN_TIMEOUT,
    );
    await shootBoth(visitor, 'claim-phases', 'claim-phases-not-allowlisted');

    // the owner lists the visitor's wallet, cap 1, several mints per chip: the first mint goes
    // through (the collection checked the proof), the second is over the wallet's cap
    const multi = await api.put(`/json/ganache/nft/${nftId}`, { data: { isMultiMintEnabledchip: true } });
    expect(multi.ok(), await multi.text()).toBe(true);
    const listed = await api.put(`/json/ganache/nft/${nftId}`, {
      data: {
        claimPhases: phases.map((p) => ({ ...p, start: null, walletCap: 1, allowlist: [LISTED, alice] })),
      },
    });
    expect(listed.ok(), await listed.text()).toBe(true);
    await tapped(visitor, tag);
    await expect(notice).toContainText('1 per wallet');
    // the wallet's standing before any click, from the collection's own counter
    await expect(visitor.getByTestId('chip-phase-minted')).toHaveText(
      'You minted 0 of 1 in Presale',
      CHAIN_TIMEOUT,
    );
    await visitor.getByRole('button', { name: 'Mint and Claim' }).click();
    await expect(visitor.getByTestId('chip-owner')).toContainText(
      new RegExp(alice.slice(2, 8), 'i'),
      CHAIN_TIMEOUT,
    );
    await tapped(visitor, tag);
    await expect(visitor.getByTestId('chip-phase-minted')).toHaveText(
      'You minted 1 of 1 in Presale',
      CHAIN_TIMEOUT,
    );
    await visitor.getByRole('button', { name: 'Mint and Claim' }).click();
    await expect(visitor.getByTestId('mint-failed')).toHaveText(
      'You minted 1 of 1: that is the most one wallet may mint in Presale',
      CHAIN_TIMEOUT,
    );
    await shootBoth(visitor, 'claim-phases', 'claim-phases-cap-reached');
  } finally {
    await api.dispose();
  }
});
