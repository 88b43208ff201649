import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { provisionChips, tapChip, type TapOptions } from '@metatag/chips';
import { attachCollectionTypedData } from '@metatag/contracts';
import { MetaTag } from '@metatag/sdk';
import { ADMIN_NAME, adminPassword, createUserViaApi, uniqueName } from './accounts.js';
import { fund, sendAs } from './chain.js';

/** Chips on the stack under test: the product's chip CLI and an admin with a collection and a template. */
const ROOT = join(import.meta.dirname, '../../../..');

export function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite with \`npm run test:e2e\``);
  return value;
}

/** `npm run chip -- …` against the stack under test (its data dir holds CHIP_MASTER_KEY). */
export async function chipCli(args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--conditions=source', '--import', './tools/register.mjs', 'tools/chip-cli.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: env('E2E_DATA_DIR'), SUPER_ADMIN_PASSWORD: adminPassword() },
    },
  );
  return stdout.trim();
}

/**
 * The next tap of a chip (AES `auth` unless `settings` say otherwise): a fresh SUN URL on our origin,
 * path and query only. Made here, by the chip CLI's own module on the stack's DATA_DIR (its chip-cli.json
 * and secrets.json), not by starting the CLI:
 * a start costs 1.2–1.5 s of CPU, and the suite taps about 130 times.
 */
export async function tap(
  tag: string,
  settings: Pick<TapOptions, 'mode' | 'layout' | 'fileData'> = {},
): Promise<string> {
  const url = new URL(await tapChip(env('E2E_DATA_DIR'), { ...settings, tag, url: env('E2E_BASE_URL') }));
  return `${url.pathname}${url.search}`;
}

export interface Seed {
  api: APIRequestContext;
  /** The admin's user id and its name and password (for signing in in the browser). */
  userId: number;
  name: string;
  collection: string;
  /** The wallet that deployed and owns the collection (an impersonated anvil account: `sendAs`). */
  collectionOwner: string;
  nftId: number;
}

/**
 * An admin with a collection whose minter is the relayer and one NFT template, made as the admin
 * pages make them: the product's deploy data sent from the admin's own wallet (a fresh anvil account,
 * funded and impersonated: `sendAs`), attached through the API, then the attach reply's `setMinter`
 * sent from that wallet.
 */
export async function seed(): Promise<Seed> {
  const name = uniqueName('chips');
  const user = await createUserViaApi(name, 'chips-password');
  const api = await request.newContext({ baseURL: env('E2E_BASE_URL') });
  const login = await api.post('/password-login', { data: { name, password: 'chips-password' } });
  expect(login.ok(), await login.text()).toBe(true);

  const networks = (await (await api.get('/json/networks')).json()) as {
    items: { ganache: { library_address_locator: string } };
  };
  const symbol = `C${Date.now().toString(36).slice(-4).toUpperCase()}`;
  const deploy = await api.post('/deploy-collection', {
    data: {
      chain: 'ganache',
      name: 'Chip Things',
      symbol,
      libraryAddress: networks.items.ganache.library_address_locator,
    },
  });
  expect(deploy.ok(), await deploy.text()).toBe(true);
  const { evm } = (await deploy.json()) as { evm: { data: string } };
  const ownerKey = generatePrivateKey();
  const owner = privateKeyToAccount(ownerKey).address.toLowerCase();
  await fund(owner);
  const deployed = await sendAs(owner, { data: evm.data, gas: '0x4c4b40' });
  const collection = deployed.contractAddress ?? '';
  expect(collection).toMatch(/^0x[0-9a-f]{40}$/);
  // The deploying wallet owns the collection; it signs the attach for this password account.
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
  const signature = await privateKeyToAccount(ownerKey).signTypedData(
    attachCollectionTypedData({ chainId: 1337, account: user.id, collection, deadline }),
  );
  const attach = await api.post('/json/ganache/attach-collection-to-user', {
    data: {
      dataToSave: { deployedAddress: collection, name: 'Chip Things', symbol },
      txHash: deployed.transactionHash,
      ownerSignature: { signature, deadline: deadline.toString() },
    },
  });
  expect(attach.ok(), await attach.text()).toBe(true);
  const { setMinter } = (await attach.json()) as { setMinter: { to: string; data: string } | null };
  expect(setMinter, 'the relayer is not the minter of a wallet-deployed collection').not.toBeNull();
  expect((await sendAs(owner, setMinter!)).status).toBe('0x1');
  const created = await api.post('/json/ganache/nft', { data: { collectionAddress: collection } });
  expect(created.ok(), await created.text()).toBe(true);
  const nftId = ((await created.json()) as { item: { id: number } }).item.id;
  for (const [field, value] of Object.entries({
    title: 'Golden Sneaker',
    description: 'A real shoe. Details at https://example.com/shoe [read-more] Made in 2026.',
  })) {
    const put = await api.put(`/json/ganache/nft/${nftId}`, { data: { [field]: value } });
    expect(put.ok(), await put.text()).toBe(true);
  }
  return { api, collection, collectionOwner: owner, nftId, userId: user.id, name };
}

/**
 * A chip with a random UID provisioned for template `nftId` by the chip CLI's provision (its CSV row),
 * run here on the stack's DATA_DIR rather than by starting the CLI (~1.5 CPU-s a start, ~35 chips);
 * `chip-cli.spec.ts` and `sdk-examples.int-spec.ts` run the CLI itself. Its id.
 */
export async function provisionChip(nftId: number): Promise<string> {
  const uid = Array.from({ length: 7 }, () =>
    Math.floor(Math.random() * 256)
      .toString(16)
      .padStart(2, '0'),
  )
    .join('')
    .toUpperCase();
  const metatag = new MetaTag({ baseUrl: env('E2E_BASE_URL') });
  await metatag.signInWithPassword(ADMIN_NAME, adminPassword());
  const { linked, refused } = await provisionChips(
    env('E2E_DATA_DIR'),
    [{ uid }],
    { template: String(nftId) },
    (template, chip) => metatag.provisionChip(Number(template), chip),
  );
  expect(refused).toEqual([]);
  const tag = linked[0].id;
  expect(tag).toMatch(/^[A-Za-z0-9]+$/);
  return tag;
}

/** A visitor's NEW WALLET from the chip page's wallet modal, funded; its address (lower-case). */
export async function connectChipPageWallet(page: Page): Promise<string> {
  await page.getByTestId('chip-actions').getByRole('button', { name: 'Connect Wallet' }).click();
  const modal = page.getByRole('dialog', { name: 'Connect Wallet' });
  await modal.getByRole('button', { name: 'NEW WALLET' }).click();
  await expect(modal).toBeHidden({ timeout: 15_000 });
  const wallet = page.getByTestId('chip-wallet');
  await expect(wallet).toHaveAttribute('title', /^0x[0-9a-fA-F]{40}$/, { timeout: 15_000 });
  const address = (await wallet.getAttribute('title'))!;
  await fund(address);
  return address.toLowerCase();
}
