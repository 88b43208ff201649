/** What a task reports a failure to: a pino logger fits, a Nest `Logger` through a one-line adapter. */
export interface TaskLogger {
  warn(fields: { err: unknown; task: string; errors: number }, message: string): void;
}

export interface PeriodicTaskOptions {
  /** After a failed run, wait from `fromMs`, doubling up to `maxMs`, instead of the interval. */
  retry?: { fromMs: number; maxMs: number };
  /** How long `stop` waits for a run under way (unbounded without: the run finishes first). */
  stopWaitMs?: number;
  /**
   * A run whose work resolves to 0 or `false` found nothing. Once `graceMs` (default 1000) have passed
   * since the last run that did something, kick or `hurry()`, each run that finds nothing doubles the
   * wait from `intervalMs` up to `maxMs`; activity brings it back to `intervalMs`. An idle process then
   * looks every `maxMs` instead of every `intervalMs`: the loops that poll PostgreSQL (the outboxes)
   * were most of an idle stack's CPU.
   */
  idle?: { maxMs: number; graceMs?: number };
}

/**
 * A background loop: runs `work`, waits `intervalMs` (or less when kicked), runs again, until stopped.
 * One run at a time; an error is logged (at most every 30 s per task, with a count) and the loop
 * carries on, because the loops' work is idempotent and the next run retries it. The relayer's
 * pollers, the mint ledger, chiplinks' catch-ups and the gateway's redemption notifier all run on it.
 */
export class PeriodicTask {
  private stopped = true;
  private running: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private errors = 0;
  private lastErrorLog = 0;
  /** Runs in a row that found nothing after the grace period (`idle` option). */
  private idleRuns = 0;
  /** The last run that did something, kick or hurry (ms since the epoch). */
  private activeAt = Date.now();
  /** When the current wait ends (ms since the epoch), while waiting. */
  private waitEnds: number | undefined;
  /** A kick came while the work ran: the next run starts without waiting. */
  private kicked = false;

  constructor(
    readonly name: string,
    private readonly intervalMs: number,
    private readonly work: () => Promise<unknown>,
    private readonly logger: TaskLogger,
    private readonly options: PeriodicTaskOptions = {},
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.running = this.loop();
  }

  /** Runs the work again as soon as the current run (if any) finishes. */
  kick(): void {
    this.active();
    if (this.wake) this.wake();
    else this.kicked = true;
  }

  /**
   * Work for the next run is being written (in a transaction not yet committed, so a kick could run
   * before it is visible): run again within `intervalMs`, and stay at that interval for the grace period.
   */
  hurry(): void {
    this.active();
    if (this.waitEnds === undefined || this.waitEnds - Date.now() <= this.intervalMs) return;
    clearTimeout(this.timer);
    const wake = this.wake;
    if (wake) this.timer = setTimeout(wake, this.intervalMs).unref();
    this.waitEnds = Date.now() + this.intervalMs;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.kick();
    const { stopWaitMs } = this.options;
    if (stopWaitMs === undefined) return void (await this.running);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.running, new Promise((resolve) => (timer = setTimeout(resolve, stopWaitMs)))]);
    clearTimeout(timer);
  }

  /** Runs the work once now (tests, shutdown flushes); errors propagate. */
  async runOnce(): Promise<void> {
    await this.work();
  }

  private async loop(): Promise<void> {
    const { retry } = this.options;
    let retryMs = retry?.fromMs ?? this.intervalMs;
    while (!this.stopped) {
      let delay = this.intervalMs;
      this.kicked = false;
      try {
        const result = await this.work();
        retryMs = retry?.fromMs ?? this.intervalMs;
        delay = this.afterRun(result === 0 || result === false);
      } catch (error) {
        this.active();
        this.report(error);
        if (retry) {
          delay = retryMs;
          retryMs = Math.min(retryMs * 2, retry.maxMs);
        }
      }
      if (this.stopped) break;
      if (this.kicked) continue;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        this.waitEnds = Date.now() + delay;
        // a waiting loop never keeps the process alive on its own
        this.timer = setTimeout(resolve, delay).unref();
      });
      clearTimeout(this.timer);
      this.wake = undefined;
      this.waitEnds = undefined;
    }
  }

  /** The wait after a run that succeeded: longer while runs find nothing (`idle` option). */
  private afterRun(foundNothing: boolean): number {
    const idle = this.options.idle;
    if (!idle || !foundNothing) {
      this.active();
      return this.intervalMs;
    }
    if (Date.now() - this.activeAt < (idle.graceMs ?? 1000)) return this.intervalMs;
    this.idleRuns += 1;
    return Math.min(this.intervalMs * 2 ** Math.min(this.idleRuns, 20), idle.maxMs);
  }

  private active(): void {
    this.activeAt = Date.now();
    this.idleRuns = 0;
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
