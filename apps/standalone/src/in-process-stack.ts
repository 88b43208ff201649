import type { z } from 'zod';
import type { LevelWithSilent } from 'pino';
import { gatewaySchema, loadConfig } from '@metatag/config';
import {
  createLogger,
  InProcessBus,
  startService,
  type Clock,
  type ServiceDefinition,
} from '@metatag/nest-kit';
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

/**
 * Every service and the gateway in this process over one InProcessBus. Each service still gets its
 * own validated config, schema and Nest container, exactly as in distributed mode. Used by the
 * standalone runtime and by the integration tests that need the whole API.
 */
export async function startInProcessStack(
  env: Env,
  options: { clock?: Clock; gatewayPort?: number } = {},
): Promise<InProcessStack> {
  const stackEnv: Env = { ...env, TRANSPORT: 'inprocess', QUEUE: 'inprocess' };
  const bus = new InProcessBus();
  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined);
  };
  const run = async <S extends z.ZodObject>(definition: ServiceDefinition<S>) => {
    const config = loadConfig(definition.name, definition.configSchema, stackEnv);
    const running = await startService(definition, config as Parameters<typeof startService<S>>[1], {
      logger: createLogger(definition.name, stackEnv.LOG_LEVEL as LevelWithSilent | undefined),
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
      { logger: createLogger('gateway', config.LOG_LEVEL), bus },
    );
    stops.push(() => gateway.stop());
    return { gateway, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
