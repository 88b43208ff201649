import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import type { ServiceName } from '@metatag/events';
import { HEALTH_CHECKS, HealthModule, type HealthCheck } from './health.js';
import { CLOCK, systemClock, type Clock } from './clock.js';
import type { InProcessBus } from './in-process/in-process-bus.js';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');
export const DATABASE = Symbol('DATABASE');
export const LOGGER = Symbol('LOGGER');

/** What a service module is given from outside Nest: parsed config, its database, its logger. */
export interface ServiceDeps<C> {
  config: C;
  database: Database;
  logger: Logger;
  /** Defaults to the system clock; tests pass a ManualClock. */
  clock?: Clock;
  /** The standalone process's bus, so a service can emit events on the in-process transport. */
  bus?: InProcessBus;
}

/** Provides config, database and logger to a service and answers its health pattern. */
@Global()
@Module({})
export class ServiceCoreModule {
  static forRoot<C>(service: ServiceName, deps: ServiceDeps<C>): DynamicModule {
    // One array shared with the health module: a service's own providers may add checks to it.
    const checks: HealthCheck[] = [{ name: 'database', check: () => deps.database.ping() }];
    return {
      module: ServiceCoreModule,
      imports: [HealthModule.forService(service, checks)],
      providers: [
        { provide: HEALTH_CHECKS, useValue: checks },
        { provide: SERVICE_CONFIG, useValue: deps.config },
        { provide: DATABASE, useValue: deps.database },
        { provide: LOGGER, useValue: deps.logger },
        { provide: CLOCK, useValue: deps.clock ?? systemClock },
      ],
      exports: [SERVICE_CONFIG, DATABASE, LOGGER, CLOCK, HEALTH_CHECKS],
    };
  }
}
