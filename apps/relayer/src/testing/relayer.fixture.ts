// Shared by the relayer's integration tests and its benchmark: a real anvil on a free port, a fresh
// database on the local PostgreSQL, a collection whose owner and minter is the relayer's key, and the
// relayer service started on an in-process bus (the same module the standalone and distributed
// runtimes start). Nothing here is mocked.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Module } from '@nestjs/common';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { INestMicroservice } from '@nestjs/common';
import { loadConfig, relayerSchema, type RelayerConfig } from '@metatag/config';
import { collectionAbi, collectionDeployData } from '@metatag/contracts';
import { ensureSharedContracts, freePort, startAnvil as startLocalChain } from '@metatag/contracts/node';

export { freePort };
import { createDatabase, ensureDatabaseExists, type Database } from '@metatag/db';
import { RELAYER_EVENTS, type EventDefinition } from '@metatag/events';
import {
  bootstrapService,
  createLogger,
  createServiceClient,
  HandleEvent,
  InProcessBus,
  startService,
  type RunningService,
  type ServiceClient,
} from '@metatag/nest-kit';
import { relayerDefinition } from '../relayer.definition.js';
import { RelayerModule, type RelayerOverrides } from '../relayer.module.js';

/** Anvil's development accounts #0 (deploys shared contracts) and #1 (the relayer's minter key). */
export const DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const RELAYER_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
export const RELAYER_ADDRESS = privateKeyToAccount(RELAYER_KEY).address.toLowerCase();

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | false>,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}

export interface Anvil {
  rpcUrl: string;
  client: PublicClient;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
}

/**
 * The shared anvil starter plus a client and a raw JSON-RPC helper for the relayer's tests. `port`
 * lets a test start a chain again where the relayer looks for it (e.g. from an older state dump).
 */
export async function startAnvil(extraArgs: string[] = [], port?: number): Promise<Anvil> {
  const anvil = await startLocalChain({ args: extraArgs, port });
  const child = anvil.child;
  const rpcUrl = anvil.url;
  const client = createPublicClient({ transport: http(rpcUrl, { retryCount: 0 }), pollingInterval: 50 });
  return {
    rpcUrl,
    client,
    rpc: async <T>(method: string, params: unknown[] = []) => {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const body = (await res.json()) as { result?: T; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result as T;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** A fresh database on the local PostgreSQL (dropped by `drop`). */
export async function freshDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/metatag_test';
  const url = new URL(base);
  const name = `metatag_relayer_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  await ensureDatabaseExists(url.toString());
  return {
    url: url.toString(),
    async drop() {
      const admin = new URL(base);
      admin.pathname = '/postgres';
      const db = createDatabase({ url: admin.toString(), schema: 'public', poolSize: 1 });
      try {
        await db.pool.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await db.close();
      }
    },
  };
}

/**
 * Deploys the shared contracts (deployer key) and a collection from `ownerKey` (default: the relayer
 * key, which makes the relayer the collection's owner and minter).
 */
export async function deployCollection(rpcUrl: string, ownerKey: Hex = RELAYER_KEY): Promise<Address> {
  const dir = await mkdtemp(join(tmpdir(), 'metatag-relayer-'));
  try {
    const shared = await ensureSharedContracts({
      rpcUrl,
      privateKey: DEPLOYER_KEY,
      stateFile: join(dir, 'contracts.json'),
      tagRelayerAuthorizer: RELAYER_ADDRESS,
    });
    const transport = http(rpcUrl);
    const wallet = createWalletClient({ account: privateKeyToAccount(ownerKey), transport });
    const client = createPublicClient({ transport, pollingInterval: 50 });
    const { data } = collectionDeployData({
      name: 'Relayer test',
      symbol: 'RLY',
      libraryAddress: shared.libraryAddressLocator,
    });
    const receipt = await client.waitForTransactionReceipt({
      hash: await wallet.sendTransaction({ data, chain: null }),
    });
    if (!receipt.contractAddress) throw new Error('collection not deployed');
    return getAddress(receipt.contractAddress);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Events the relayer announced, as any consumer on the bus receives them (their payloads parsed). */
export const received: { pattern: string; data: Record<string, unknown> }[] = [];
const keep = (definition: EventDefinition) => (data: Record<string, unknown>) =>
  void received.push({ pattern: definition.subject, data });

@Controller()
class EventRecorder {
  @HandleEvent(RELAYER_EVENTS.txSent) txSent(d: Record<string, unknown>) {
    keep(RELAYER_EVENTS.txSent)(d);
  }
  @HandleEvent(RELAYER_EVENTS.txConfirmed) txConfirmed(d: Record<string, unknown>) {
    keep(RELAYER_EVENTS.txConfirmed)(d);
  }
  @HandleEvent(RELAYER_EVENTS.txFailed) txFailed(d: Record<string, unknown>) {
    keep(RELAYER_EVENTS.txFailed)(d);
  }
  @HandleEvent(RELAYER_EVENTS.mintConfirmed) mintConfirmed(d: Record<string, unknown>) {
    keep(RELAYER_EVENTS.mintConfirmed)(d);
  }
  @HandleEvent(RELAYER_EVENTS.mintFailed) mintFailed(d: Record<string, unknown>) {
    keep(RELAYER_EVENTS.mintFailed)(d);
  }
}

@Module({ controllers: [EventRecorder] })
class EventRecorderModule {}

export interface RelayerHarness {
  bus: InProcessBus;
  client: ServiceClient;
  config: RelayerConfig;
  running: RunningService | undefined;
  /** A second pool on the relayer's database for assertions. */
  db: Database;
  start(overrides?: RelayerOverrides): Promise<RunningService>;
  stop(): Promise<void>;
  close(): Promise<void>;
}

/** The relayer service on an in-process bus with an event recorder and a client, like the gateway's. */
export async function relayerHarness(env: Record<string, string>): Promise<RelayerHarness> {
  // `received` holds what this harness's bus carries: an earlier harness's events (an earlier file's,
  // when the tier runs its files in one process) would count with them, and a collection deployed first
  // on a fresh anvil has the same address every time
  received.length = 0;
  const config = loadConfig('relayer', relayerSchema, {
    TRANSPORT: 'inprocess',
    QUEUE: 'inprocess',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    RELAYER_PRIVATE_KEY: RELAYER_KEY,
    TX_RECEIPT_POLL_MS: '100',
    RPC_TIMEOUT_MS: '30000',
    ...env,
  });
  const bus = new InProcessBus();
  const logger = createLogger('relayer', config.LOG_LEVEL);
  const recorder: INestMicroservice = await bootstrapService({
    name: 'recorder',
    module: EventRecorderModule,
    config,
    bus,
    logger: createLogger('recorder', 'silent'),
  });
  const client = createServiceClient('test', config, bus);
  const db = createDatabase({ url: config.DATABASE_URL, schema: 'relayer', poolSize: 4 });
  const harness: RelayerHarness = {
    bus,
    client,
    config,
    db,
    running: undefined,
    async start(overrides?: RelayerOverrides) {
      const definition = overrides
        ? {
            ...relayerDefinition,
            module: (deps: Parameters<typeof relayerDefinition.module>[0]) =>
              RelayerModule.forRoot(deps, overrides),
          }
        : relayerDefinition;
      harness.running = await startService(definition, config, { logger, bus });
      return harness.running;
    },
    async stop() {
      const running = harness.running;
      harness.running = undefined;
      await running?.stop();
    },
    async close() {
      await harness.stop();
      await client.close();
      await recorder.close();
      await db.close();
    },
  };
  return harness;
}

/** Reads the state the invariants are about, straight from the relayer's tables and the chain. */
export async function chainAndLedger(anvil: Anvil, db: Database, collection: Address) {
  const q = <T>(text: string, params: unknown[] = []) =>
    db.pool.query(text, params).then((r) => r.rows as T[]);
  const [nonceRow] = await q<{ next_nonce: string }>(
    `select next_nonce from relayer.sender_nonces where chain_id = 1337 and address = $1`,
    [RELAYER_ADDRESS],
  );
  const txs = await q<{ nonce: string | null; status: string; kind: string; tx_hash: string }>(
    `select nonce, status, kind, tx_hash from relayer.transactions where chain_id = 1337 order by nonce`,
  );
  const mints = await q<{
    id: string;
    token_id: string;
    to_address: string;
    status: string;
    tx_hash: string | null;
  }>(`select id, token_id, to_address, status, tx_hash from relayer.mints where collection = $1`, [
    collection.toLowerCase(),
  ]);
  const chainCount = await anvil.client.getTransactionCount({ address: RELAYER_ADDRESS as Address });
  const totalSupply = await anvil.client.readContract({
    address: collection,
    abi: collectionAbi,
    functionName: 'totalSupply',
  });
  return {
    nextNonce: nonceRow ? Number(nonceRow.next_nonce) : undefined,
    txs,
    mints,
    chainCount,
    totalSupply,
  };
}
