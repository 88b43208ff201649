import type { Logger } from 'pino';

/**
 * A background loop: runs `work`, waits `intervalMs` (or less when kicked), runs again, until stopped.
 * One run at a time; an error is logged (at most every 30 s per task, with a count) and the loop
 * carries on, because the loops' work is idempotent and the next run retries it.
 */
export class PeriodicTask {
  private stopped = true;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private errors = 0;
  private lastErrorLog = 0;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Runs the work again as soon as the current run (if any) finishes. */
  kick(): void {
    this.wake?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick();
    await this.running;
  }

  /** Runs the work once now (tests, shutdown flushes); errors propagate. */
  async runOnce(): Promise<void> {
    await this.work();
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      try {
        await this.work();
      } catch (error) {
        this.report(error);
      }
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.timer = setTimeout(resolve, this.intervalMs);
      });
      clearTimeout(this.timer);
      this.wake = undefined;
    }
  }

  private report(error: unknown): void {
    this.errors += 1;
    const now = Date.now();
    if (now - this.lastErrorLog < 30_000) return;
    this.lastErrorLog = now;
    this.logger.warn({ err: error, task: this.name, errors: this.errors }, `${this.name} failed; retrying`);
    this.errors = 0;
  }
}
