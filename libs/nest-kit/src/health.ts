import { Controller, Inject, Module, type DynamicModule, type Type } from '@nestjs/common';
import { HEALTH, type HealthReply, type ServiceName } from '@metatag/events';
import { HandleRequest } from './message-handlers.js';

export interface HealthCheck {
  name: string;
  /** false, or `{ ok: false, reason }` to say why (the reason reaches the gateway's /readyz body). */
  check(): Promise<boolean | { ok: boolean; reason?: string }>;
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
      const reasons: Record<string, string> = {};
      await Promise.all(
        this.checks.map(async (c) => {
          const result = await c.check().catch(() => false);
          results[c.name] = typeof result === 'boolean' ? result : result.ok;
          if (typeof result !== 'boolean' && result.reason) reasons[c.name] = result.reason;
        }),
      );
      const ok = Object.values(results).every(Boolean);
      return Object.keys(reasons).length > 0
        ? { service, ok, checks: results, reasons }
        : { service, ok, checks: results };
    }
  }
  Object.defineProperty(HealthController, 'name', { value: `${service}HealthController` });
  return HealthController;
}

@Module({})
export class HealthModule {
  /**
   * `checks` may grow after the module is built: a service adds checks that need its own providers by
   * injecting HEALTH_CHECKS (exported by ServiceCoreModule) and pushing to it.
   */
  static forService(service: ServiceName, checks: HealthCheck[]): DynamicModule {
    return {
      module: HealthModule,
      controllers: [healthController(service)],
      providers: [{ provide: HEALTH_CHECKS, useValue: checks }],
    };
  }
}
