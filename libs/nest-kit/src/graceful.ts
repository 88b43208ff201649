import type { INestMicroservice } from '@nestjs/common';
import type { Logger } from 'pino';
import { inFlight } from './in-flight.js';

export interface GracefulOptions {
  /** Keep serving (readiness 503) this long so peers and load balancers stop sending work. */
  delayMs: number;
  /** Then wait at most this long for in-flight handlers before closing anyway. */
  timeoutMs: number;
  logger: Logger;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops a service's NATS subscriptions without closing its connection: no new request or event
 * reaches this process (its queue group hands them to the other replicas), while handlers already
 * running can still publish their replies. Nest's close() would unsubscribe and close at once.
 */
export function stopTakingMessages(app: INestMicroservice): void {
  const server = Reflect.get(app, 'serverInstance') as { subscriptions?: unknown } | undefined;
  const subscriptions = server?.subscriptions;
  if (!Array.isArray(subscriptions)) return;
  const list = subscriptions as Array<{ unsubscribe?: () => void; isClosed?: () => boolean }>;
  for (const sub of list) {
    if (sub.isClosed?.()) continue;
    sub.unsubscribe?.();
  }
  list.length = 0;
}

/**
 * The graceful half of SIGTERM for a service: readiness goes 503 (the caller's flag), work keeps
 * flowing for `delayMs`, then no new messages are taken and in-flight handlers get `timeoutMs` to
 * finish. Closing (queues wait for their active jobs, then the database) follows in the caller.
 */
export async function drainService(app: INestMicroservice, options: GracefulOptions): Promise<void> {
  if (options.delayMs > 0) await sleep(options.delayMs);
  stopTakingMessages(app);
  const started = Date.now();
  const idle = await inFlight.idle(options.timeoutMs);
  if (idle) options.logger.info({ ms: Date.now() - started }, 'in-flight work finished');
  else options.logger.warn({ left: inFlight.size }, 'in-flight work still running at the shutdown timeout');
}
