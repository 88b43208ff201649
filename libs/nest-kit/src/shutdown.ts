import type { Logger } from 'pino';

/**
 * Runs `stop` once on SIGINT/SIGTERM, then exits. A second signal forces exit, so a stuck
 * shutdown never traps the operator; signals within the first second are duplicates (Ctrl-C
 * reaches both npm and us, and npm forwards it again) and are ignored.
 */
export function onShutdown(logger: Logger, stop: () => Promise<void>): void {
  let stoppingSince = 0;
  const handler = (signal: NodeJS.Signals) => {
    if (stoppingSince && Date.now() - stoppingSince < 1000) return;
    if (stoppingSince) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    logger.info(`${signal}: shutting down`);
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
