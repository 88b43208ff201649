import type { DynamicModule, INestMicroservice } from '@nestjs/common';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { createDatabase, runMigrations, type Database } from '@metatag/db';
import { loadConfig, ConfigError, type ServiceConfig } from '@metatag/config';
import type { ServiceName } from '@metatag/events';
import { bootstrapService } from './bootstrap-service.js';
import type { InProcessBus } from './in-process/in-process-bus.js';
import { createLogger } from './logger.js';
import type { Clock } from './clock.js';
import type { ServiceDeps } from './service-core.module.js';
import { onShutdown } from './shutdown.js';
import { HEALTH_CHECKS, runHealthChecks, type HealthCheck } from './health.js';
import { serveMetrics, watchPool } from './metrics/index.js';
import { drainService } from './graceful.js';
import { flushTraces, startTracing } from './tracing/tracing.js';
import type { TransportConfig } from './transport.js';

/** Everything a runtime needs to start one service: the same definition serves both modes. */
export interface ServiceDefinition<S extends z.ZodObject> {
  name: ServiceName;
  configSchema: S;
  migrationsFolder?: string;
  module(deps: ServiceDeps<z.output<S>>): DynamicModule;
}

export interface RunningService {
  app: INestMicroservice;
  database: Database;
  stop(): Promise<void>;
}

type BaseConfig = ServiceConfig & TransportConfig;

/** Connects the database, migrates the service's schema and starts it on the configured transport. */
export async function startService<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
  config: z.output<S> & BaseConfig,
  options: { logger: Logger; bus?: InProcessBus; clock?: Clock },
): Promise<RunningService> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    schema: definition.name,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `metatag-${definition.name}`,
  });
  try {
    await runMigrations(database, definition.migrationsFolder);
    const app = await bootstrapService({
      name: definition.name,
      module: definition.module({
        config,
        database,
        logger: options.logger,
        clock: options.clock,
        bus: options.bus,
      }),
      config,
      logger: options.logger,
      bus: options.bus,
    });
    const unwatch = watchPool(definition.name, database);
    return {
      app,
      database,
      async stop() {
        unwatch();
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/** A service's own process (distributed mode): config from env, stop on SIGINT/SIGTERM. */
export async function runServiceProcess<S extends z.ZodObject>(
  definition: ServiceDefinition<S>,
): Promise<void> {
  let config: z.output<S> & BaseConfig;
  try {
    config = loadConfig(definition.name, definition.configSchema) as z.output<S> & BaseConfig;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  startTracing({
    service: definition.name,
    endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT,
    sampleRatio: config.TRACE_SAMPLE_RATIO,
  });
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  try {
    const running = await startService(definition, config, { logger });
    let stopping = false;
    const metrics = config.METRICS_PORT
      ? await serveMetrics({
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          logger,
          // The service's own checks (#28): the relayer's progress and queue checks used to reach only
          // the gateway's /readyz, so the relayer's own probe said 200 while it sent nothing.
          ready: async () => {
            if (stopping) return { ok: false, reasons: { stopping: 'shutting down' } };
            const checks = running.app.get<HealthCheck[]>(HEALTH_CHECKS, { strict: false });
            const { ok, reasons } = await runHealthChecks(checks);
            return { ok, reasons };
          },
        })
      : undefined;
    onShutdown(logger, async () => {
      stopping = true;
      await drainService(running.app, {
        delayMs: config.SHUTDOWN_DELAY_MS,
        timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
        logger,
      });
      await running.stop();
      await metrics?.close();
      await flushTraces();
    });
  } catch (error) {
    logger.fatal({ err: error }, `${definition.name} failed to start`);
    process.exit(1);
  }
}
