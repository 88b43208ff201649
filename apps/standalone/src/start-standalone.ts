import { join } from 'node:path';
import type { Logger } from 'pino';
import { appSchemas, loadConfig, type StandaloneConfig } from '@metatag/config';
import type { EmbeddedPostgresHandle } from '@metatag/db';
import type { z } from 'zod';
import { createLogger, InProcessBus, startService, type ServiceDefinition } from '@metatag/nest-kit';
import { startGateway } from '@metatag/gateway';
import { authDefinition } from '@metatag/auth';
import { templatesDefinition } from '@metatag/templates';
import { chiplinksDefinition } from '@metatag/chiplinks';
import { relayerDefinition } from '@metatag/relayer';
import { deployerDefinition } from '@metatag/deployer';
import { startAnvil } from './anvil.js';
import { assertPortFree } from './ports.js';
import { loadOrCreateSecrets } from './secrets.js';

export interface StandaloneStack {
  url: string;
  databaseUrl: string;
  rpcUrl: string;
  stop(): Promise<void>;
}

/**
 * The whole product in one process: embedded PostgreSQL and anvil as children, every service on the
 * in-process transport and queue, and the gateway. Each service still gets its own validated config,
 * its own schema and its own Nest container, exactly as in distributed mode.
 */
export async function startStandalone(
  config: StandaloneConfig,
  logger: Logger,
  deps: { startPostgres(dataDir: string, port: number): Promise<EmbeddedPostgresHandle> },
): Promise<StandaloneStack> {
  await assertPortFree(config.PORT, 'PORT');
  await assertPortFree(config.PG_PORT, 'PG_PORT');
  await assertPortFree(config.ANVIL_PORT, 'ANVIL_PORT');

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse())
      await fn().catch((err: unknown) => logger.error({ err }, 'stop failed'));
  };
  try {
    const secrets = await loadOrCreateSecrets(join(config.DATA_DIR, 'secrets.json'));
    const postgres = await deps.startPostgres(config.DATA_DIR, config.PG_PORT);
    stops.push(() => postgres.stop());
    await postgres.createDatabase('metatag');
    const anvil = await startAnvil({
      dataDir: config.DATA_DIR,
      port: config.ANVIL_PORT,
      log: (l) => logger.debug({ anvil: l.trim() }),
    });
    stops.push(() => anvil.stop());

    const env: Record<string, string | undefined> = {
      ...process.env,
      ...secrets,
      TRANSPORT: 'inprocess',
      QUEUE: 'inprocess',
      DATABASE_URL: postgres.url('metatag'),
      RPC_URL_GANACHE: anvil.url,
      PORT: String(config.PORT),
      HOST: config.HOST,
    };
    const bus = new InProcessBus();
    const run = async <S extends z.ZodObject>(definition: ServiceDefinition<S>) => {
      const serviceConfig = loadConfig(definition.name, definition.configSchema, env);
      const running = await startService(definition, serviceConfig as Parameters<typeof startService<S>>[1], {
        logger: createLogger(definition.name, config.LOG_LEVEL),
        bus,
      });
      stops.push(() => running.stop());
    };
    await run(authDefinition);
    await run(templatesDefinition);
    await run(chiplinksDefinition);
    await run(relayerDefinition);
    await run(deployerDefinition);
    const gateway = await startGateway(loadConfig('gateway', appSchemas.gateway, env), {
      logger: createLogger('gateway', config.LOG_LEVEL),
      bus,
    });
    stops.push(() => gateway.stop());
    return { url: gateway.url, databaseUrl: postgres.url('metatag'), rpcUrl: anvil.url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
