import { Controller, Inject, Module, type DynamicModule, type Type } from '@nestjs/common';
import { HEALTH, type HealthReply, type ServiceName } from '@metatag/events';
import { HandleRequest } from './message-handlers.js';

export interface HealthCheck {
  name: string;
  check(): Promise<boolean>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/** A controller answering `<service>.health` with the result of the service's own checks. */
export function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

    @HandleRequest(HEALTH[service])
    async health(): Promise<HealthReply> {
      const results: Record<string, boolean> = {};
      await Promise.all(
        this.checks.map(async (c) => {
          results[c.name] = await c.check().catch(() => false);
        }),
      );
      return { service, ok: Object.values(results).every(Boolean), checks: results };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${service}HealthController` });
  return HealthController;
}

@Module({})
export class HealthModule {
  static forService(service: ServiceName, checks: HealthCheck[]): DynamicModule {
    return {
      module: HealthModule,
      controllers: [healthController(service)],
      providers: [{ provide: HEALTH_CHECKS, useValue: checks }],
    };
  }
}
