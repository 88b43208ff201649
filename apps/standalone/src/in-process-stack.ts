import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { LevelWithSilent } from 'pino';
import { gatewaySchema, loadConfig } from '@metatag/config';
import {
  createLogger,
  flushTraces,
  InProcessBus,
  startTracing,
  startService,
  type Clock,
  type ServiceDefinition,
} from '@metatag/nest-kit';
import type { SchemaMigrations } from '@metatag/db';
import { startGateway, type RunningGateway } from '@metatag/gateway';
import { authDefinition } from '@metatag/auth';
import { templatesDefinition } from '@metatag/templates';
import { chiplinksDefinition } from '@metatag/chiplinks';
import { relayerDefinition } from '@metatag/relayer';
import { deployerDefinition } from '@metatag/deployer';

export interface InProcessStack {
  gateway: RunningGateway;
  stop(): Promise<void>;
}

type Env = Record<string, string | undefined>;

/** Anvil's well-known development account #1 (0x70997970C51812dc3A010C7d01b50e0d17dc79C8). */
/** The services' schemas and migrations, in the order they start (each migrates its own at boot). */
export const STACK_MIGRATIONS: SchemaMigrations[] = [
  authDefinition,
  templatesDefinition,
  chiplinksDefinition,
  relayerDefinition,
  deployerDefinition,
].map((d) => ({ schema: d.name, folder: d.migrationsFolder }));

export const ANVIL_DEV_KEY_1 = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';

/**
 * Every service and the gateway in this process over one InProcessBus. Each service still gets its
 * own validated config, schema and Nest container, exactly as in distributed mode. Used by the
 * standalone runtime and by the integration tests that need the whole API.
 */
export async function startInProcessStack(
  env: Env,
  options: {
    clock?: Clock;
    gatewayPort?: number;
    bus?: InProcessBus;
    /** Where every service's log lines go (tests read them); stdout by default. */
    logDestination?: NodeJS.WritableStream;
  } = {},
): Promise<InProcessStack> {
  const stackEnv: Env = {
    ...env,
    // The relayer mints with anvil's dev account #1 on the local chain unless a key is set: anvil funds
    // it, and the deployer's account #0 keeps a nonce sequence of its own. A public key: local use only.
    RELAYER_PRIVATE_KEY: env.RELAYER_PRIVATE_KEY || ANVIL_DEV_KEY_1,
    // Tests that do not scan chips need no fixed keys: an ephemeral pair keeps the chiplinks config valid.
    CHIP_MASTER_KEY: env.CHIP_MASTER_KEY || randomBytes(16).toString('hex'),
    SCAN_TOKEN_SECRET: env.SCAN_TOKEN_SECRET || randomBytes(32).toString('base64url'),
    TRANSPORT: 'inprocess',
    QUEUE: 'inprocess',
  };
  // one process, one tracer: every service's spans under service.name metatag
  startTracing({
    service: 'metatag',
    endpoint: stackEnv.OTEL_EXPORTER_OTLP_ENDPOINT || undefined,
    sampleRatio: stackEnv.TRACE_SAMPLE_RATIO ? Number(stackEnv.TRACE_SAMPLE_RATIO) : 1,
  });
  // tests pass their own bus to emit events (e.g. mint.confirmed) the way a service would
  const bus = options.bus ?? new InProcessBus();
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
    await flushTraces().catch(() => undefined);
  };
  const run = async <S extends z.ZodObject>(definition: ServiceDefinition<S>) => {
    const config = loadConfig(definition.name, definition.configSchema, stackEnv);
    const running = await startService(definition, config as Parameters<typeof startService<S>>[1], {
      logger: createLogger(
        definition.name,
        stackEnv.LOG_LEVEL as LevelWithSilent | undefined,
        undefined,
        options.logDestination,
      ),
      bus,
      clock: options.clock,
    });
    stops.push(() => running.stop());
  };
  try {
    await run(authDefinition);
    await run(templatesDefinition);
    await run(chiplinksDefinition);
    await run(relayerDefinition);
    await run(deployerDefinition);
    const config = loadConfig('gateway', gatewaySchema, stackEnv);
    const gateway = await startGateway(
      { ...config, PORT: options.gatewayPort ?? config.PORT },
      { logger: createLogger('gateway', config.LOG_LEVEL, undefined, options.logDestination), bus },
    );
    stops.push(() => gateway.stop());
    return { gateway, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
