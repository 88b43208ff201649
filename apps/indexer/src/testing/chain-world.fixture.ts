// Shared by the integration test and the benchmark: a real anvil, a fresh PostgreSQL database, the
// shared contracts, wallets, and collections deployed the way a browser wallet does it.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hash,
  type PublicClient,
  type TransactionReceipt,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ensureSharedContracts, freePort, startAnvil, type AnvilHandle } from '@metatag/contracts/node';

export { freePort };
import { indexerSchema, loadConfig, type IndexerConfig } from '@metatag/config';

/** anvil's first development accounts (public keys of a public mnemonic: test chains only). */
export const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
] as const;

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  pool: pg.Pool;
  drop(): Promise<void>;
}

/** A database of its own for one test file, dropped afterwards. */
export async function createTestDatabase(prefix = 'indexer_test'): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    pool,
    async drop() {
      await pool.end();
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Actor {
  account: PrivateKeyAccount;
  address: Address;
  /** Sends a collection call and waits for its successful receipt. */
  call<const F extends ContractFunctionName<typeof collectionAbi, 'nonpayable' | 'payable'>>(
    collection: Address,
    functionName: F,
    args: ContractFunctionArgs<typeof collectionAbi, 'nonpayable' | 'payable', F>,
  ): Promise<TransactionReceipt>;
  send(request: { to?: Address; data: `0x${string}`; abi?: Abi }): Promise<TransactionReceipt>;
}

export interface ChainWorld {
  anvil: AnvilHandle;
  client: PublicClient;
  locator: Address;
  deployer: Actor;
  alice: Actor;
  bob: Actor;
  /** Deploys a collection from `by` (the browser-wallet way: a contract-creation transaction). */
  deployCollection(by: Actor, name: string): Promise<Address>;
  /** The indexer's validated config for this chain and `database`. */
  indexerConfig(databaseUrl: string, env?: Record<string, string>): Promise<IndexerConfig>;
  stop(): Promise<void>;
}

export async function startChainWorld(): Promise<ChainWorld> {
  const anvil = await startAnvil();
  const dir = await mkdtemp(join(tmpdir(), 'indexer-world-'));
  const shared = await ensureSharedContracts({
    rpcUrl: anvil.url,
    privateKey: DEV_KEYS[0],
    stateFile: join(dir, 'contracts.json'),
    tagRelayerAuthorizer: privateKeyToAccount(DEV_KEYS[1]).address,
  });
  const transport = http(anvil.url);
  const client = createPublicClient({ transport, pollingInterval: 20 });

  const actor = (key: `0x${string}`): Actor => {
    const account = privateKeyToAccount(key);
    const wallet = createWalletClient({ account, transport });
    const mined = async (hash: Hash) => {
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
      if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
      return receipt;
    };
    return {
      account,
      address: account.address,
      call: async (collection, functionName, args) =>
        mined(
          await wallet.writeContract({
            address: collection,
            abi: collectionAbi,
            functionName,
            args,
            chain: null,
          } as Parameters<typeof wallet.writeContract>[0]),
        ),
      send: async ({ to, data }) => mined(await wallet.sendTransaction({ to, data, chain: null })),
    };
  };
  const deployer = actor(DEV_KEYS[0]);
  return {
    anvil,
    client,
    locator: shared.libraryAddressLocator,
    deployer,
    alice: actor(DEV_KEYS[1]),
    bob: actor(DEV_KEYS[2]),
    async deployCollection(by, name) {
      const { data } = collectionDeployData({
        name,
        symbol: name.slice(0, 3).toUpperCase(),
        libraryAddress: shared.libraryAddressLocator,
      });
      const receipt = await by.send({ data });
      if (!receipt.contractAddress) throw new Error('no contract address');
      return getAddress(receipt.contractAddress);
    },
    async indexerConfig(databaseUrl, env = {}) {
      return loadConfig('indexer', indexerSchema, {
        DATABASE_URL: databaseUrl,
        RPC_URL_GANACHE: anvil.url,
        LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator,
        INDEXER_PORT: String(await freePort()),
        LOG_LEVEL: 'warn',
        ...env,
      });
    },
    async stop() {
      await anvil.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns something other than undefined. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 30_000,
  intervalMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
