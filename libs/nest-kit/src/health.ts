import { Controller, Inject, Module, type DynamicModule, type Type } from '@nestjs/common';
import { HEALTH, type HealthReply, type ServiceName } from '@metatag/events';
import { HandleRequest } from './message-handlers.js';

export interface HealthCheck {
  name: string;
  /** false, or `{ ok: false, reason }` to say why (the reason reaches the gateway's /readyz body). */
  check(): Promise<boolean | { ok: boolean; reason?: string }>;
}

export const HEALTH_CHECKS = Symbol('HEALTH_CHECKS');

/**
 * How long one check may take. A check that hangs (a pool waiting on a socket PostgreSQL's kill -9
 * left half open) used to hang the whole /readyz past the probe's own timeout, so the probe saw no
 * answer instead of a 503 that names the check (the chain-and-db fault suite caught it, run 10).
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

function withDeadline<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  // not unref'd: cleared once the check answers, and it must fire when nothing else keeps the loop up
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Runs every check at once: a check that throws, or answers later than `timeoutMs`, counts as failed. */
export async function runHealthChecks(
  checks: HealthCheck[],
  timeoutMs = HEALTH_CHECK_TIMEOUT_MS,
): Promise<{ ok: boolean; checks: Record<string, boolean>; reasons: Record<string, string> }> {
  const results: Record<string, boolean> = {};
  const reasons: Record<string, string> = {};
  await Promise.all(
    checks.map(async (c) => {
      const result = await withDeadline(
        c.check().catch(() => false as const),
        timeoutMs,
        { ok: false, reason: `no answer within ${timeoutMs} ms` },
      );
      results[c.name] = typeof result === 'boolean' ? result : result.ok;
      if (typeof result !== 'boolean' && result.reason) reasons[c.name] = result.reason;
    }),
  );
  return { ok: Object.values(results).every(Boolean), checks: results, reasons };
}

/** A controller answering `<service>.health` with the result of the service's own checks. */
export function healthController(service: ServiceName): Type {
  @Controller()
  class HealthController {
    constructor(@Inject(HEALTH_CHECKS) private readonly checks: HealthCheck[]) {}

    @HandleRequest(HEALTH[service])
    async health(): Promise<HealthReply> {
      const { ok, checks: results, reasons } = await runHealthChecks(this.checks);
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
