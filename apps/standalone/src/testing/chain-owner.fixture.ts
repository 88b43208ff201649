import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hex,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { collectionDeployData } from '@metatag/contracts';
import {
  ensureAccountAbstraction,
  ensureSharedContracts,
  startAlto,
  startAnvil,
  type AnvilHandle,
} from '@metatag/contracts/node';
import type { Clock } from '@metatag/nest-kit';
import { ANVIL_DEV_KEY_1 } from '../in-process-stack.js';
import { ownerSignature } from './owner-proof.fixture.js';
import { credit } from './sign-in.fixture.js';
import { Client, startTestStack, type TestStack } from './stack.fixture.js';
import { chipSecrets, newAdmin, superAdmin } from './chips.fixture.js';

// The set-up every chain journey shares (#31 item 5: one set of shared fixtures): a real anvil with
// the shared contracts, a collection deployed by the relayer's key (its owner and minter, so the
// relayer's vouchers and manual mints are valid), the whole stack with the chain indexer, and a
// password owner who attached that collection with the attach proof the product asks for.

/** anvil's account 0: deploys the shared contracts. */
export const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** anvil's accounts 2 and 3: visitors' wallets with ETH (account 1 is the relayer's). */
export const VISITOR_KEYS: readonly Hex[] = [
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
];
export const RELAYER_ADDRESS: Address = privateKeyToAccount(ANVIL_DEV_KEY_1).address;

/** Anvil's account #8 signs the test paymaster's sponsorships; #9 sends the bundler's bundles. */
export const TEST_PAYMASTER_KEY: Hex = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';
const TEST_BUNDLER_KEY: Hex = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

async function startPasskeyInfra(rpcUrl: string) {
  const aa = await ensureAccountAbstraction({
    rpcUrl,
    privateKey: DEPLOYER_KEY,
    paymasterSigner: privateKeyToAccount(TEST_PAYMASTER_KEY).address,
    minDeposit: 10n ** 18n,
  });
  const alto = await startAlto({ rpcUrl, entryPoint: aa.entryPoint, executorKey: TEST_BUNDLER_KEY });
  return { aa, alto, env: { BUNDLER_URL_GANACHE: alto.url, PAYMASTER_PRIVATE_KEY: TEST_PAYMASTER_KEY } };
}

export interface ChainOwnerStack {
  /** The local bundler (Alto) when started with `passkeys`. */
  bundlerUrl?: string;
  /** Our VerifyingPaymaster when started with `passkeys`. */
  paymaster?: Address;
  anvil: AnvilHandle;
  chain: PublicClient;
  /** The owner's collection (checksummed). */
  collection: Address;
  /** The collection's deployment transaction. */
  deployHash: Hex;
  libraryLocator: Address;
  stack: TestStack;
  boss: Client;
  owner: Client;
  ownerId: number;
  /** The chip keys the stack was started with (provisionChip needs them). */
  secrets: Record<string, string>;
  anonymous(): Client;
  /** A wallet with one of anvil's funded keys (or any key) that sends to the collection by default. */
  wallet(key: Hex): ChainWallet;
  stop(): Promise<void>;
}

export interface ChainWallet {
  account: PrivateKeyAccount;
  /** Lower-case, as the API answers addresses. */
  address: string;
  /** Sends and waits for the receipt (reverted or not: the caller asserts what it expects). */
  send(tx: { data: Hex; to?: Address | null; value?: bigint; gas?: bigint }): Promise<TransactionReceipt>;
}

export async function startChainOwnerStack(options: {
  name: string;
  symbol: string;
  env?: Record<string, string>;
  clock?: Clock;
  /** Credits the owner's relayer balance (manual and gasless mints are paid from it). */
  credit?: bigint;
  /** Passkey accounts (issue #29): the ERC-4337 contracts, our paymaster and an Alto bundler. */
  passkeys?: boolean;
}): Promise<ChainOwnerStack> {
  const anvil = await startAnvil();
  const passkeys = options.passkeys ? await startPasskeyInfra(anvil.url) : undefined;
  const dir = await mkdtemp(join(tmpdir(), `${options.symbol.toLowerCase()}-chain-`));
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEPLOYER_KEY,
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: RELAYER_ADDRESS,
  });
  const chain = createPublicClient({ transport: http(anvil.url), pollingInterval: 50 });
  let collection: Address = '0x';
  const wallet = (key: Hex): ChainWallet => {
    const account = privateKeyToAccount(key);
    const client = createWalletClient({ account, transport: http(anvil.url) });
    return {
      account,
      address: account.address.toLowerCase(),
      async send({ data, to = collection, value = 0n, gas = 800_000n }) {
        const hash = await client.sendTransaction({ to, data, value, gas, chain: null });
        return chain.waitForTransactionReceipt({ hash });
      },
    };
  };
  const { data } = collectionDeployData({
    name: options.name,
    symbol: options.symbol,
    libraryAddress: shared.libraryAddressLocator,
  });
  const deployed = await wallet(ANVIL_DEV_KEY_1).send({ data, to: null, gas: undefined });
  collection = getAddress(deployed.contractAddress!);
  const secrets = chipSecrets();
  const libraryLocator = shared.libraryAddressLocator;
  const stack = await startTestStack({
    clock: options.clock,
    indexer: { rpcUrl: anvil.url, locator: libraryLocator.toLowerCase() },
    env: {
      ...secrets,
      RPC_URL_GANACHE: anvil.url,
      LIBRARY_LOCATOR_GANACHE: libraryLocator.toLowerCase(),
      ...passkeys?.env,
      ...options.env,
    },
  });
  const boss = await superAdmin(stack.url);
  const { client: owner, id: ownerId } = await newAdmin(stack.url, boss);
  if (options.credit) await credit(boss, ownerId, options.credit);
  // the collection's owner (the relayer's key here) signs the attach for the owner's password account
  const attached = await owner.call('POST', '/json/ganache/attach-collection-to-user', {
    dataToSave: { deployedAddress: collection.toLowerCase(), name: options.name, symbol: options.symbol },
    txHash: deployed.transactionHash,
    ownerSignature: await ownerSignature(ANVIL_DEV_KEY_1, ownerId, collection.toLowerCase()),
  });
  assert.equal(attached.status, 200, JSON.stringify(attached.body));
  return {
    anvil,
    chain,
    collection,
    deployHash: deployed.transactionHash,
    libraryLocator,
    stack,
    boss,
    owner,
    ownerId,
    secrets,
    anonymous: () => new Client(stack.url),
    wallet,
    bundlerUrl: passkeys?.env.BUNDLER_URL_GANACHE,
    paymaster: passkeys?.aa.paymaster,
    async stop() {
      await stack.stop();
      await passkeys?.alto.stop();
      await anvil.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Reads until `ok` holds (the relayer, the chain index and the mint ledger each take a moment on a
 * busy machine), then returns the value; fails naming `what` and the last value read.
 */
export async function until<T>(
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  assert.ok(
    ok(value),
    `${what}: ${JSON.stringify(value, (_, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
  );
  return value;
}
