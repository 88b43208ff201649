import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { PeriodicTask } from '@metatag/nest-kit';

export interface ClaimLoopOptions {
  /** How often the loop asks for due work: one small request when there is none. */
  intervalMs: number;
  /** How many items one claim takes. */
  batch: number;
  /** How long a stop waits for a round under way. */
  stopWaitMs: number;
}

/**
 * The gateway's half of work chiplinks records as due (decisions 105 and 112): claims a batch (chiplinks
 * leases it with SKIP LOCKED, so two gateways never take the same item), delivers each, and claims
 * again until nothing is due; runs from the application's start to its shutdown. `deliver` reports the
 * item's fate to chiplinks itself; an item whose delivery throws stays leased and is due again after
 * the lease. The redemption notifier and the shop mailer are its subclasses.
 */
export abstract class ClaimLoop<T> implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger: Logger;
  private readonly task: PeriodicTask;
  /** Whether `wake` was called since the current round's last claim. */
  private woken = false;
  /** Set at shutdown: a round under way ends after its batch (a loop never started runs on). */
  private stopping = false;

  constructor(
    name: string,
    private readonly options: ClaimLoopOptions,
  ) {
    this.logger = new Logger(new.target.name);
    // the gateway logs through Nest's Logger, which takes a message: the error's own goes into it
    const taskLogger = {
      warn: ({ err }: { err: unknown }, message: string) =>
        this.logger.warn(`${message}: ${err instanceof Error ? err.message : String(err)}`),
    };
    this.task = new PeriodicTask(name, options.intervalMs, () => this.runOnce(), taskLogger, {
      stopWaitMs: options.stopWaitMs,
    });
  }

  /** Up to `limit` due items, leased to this gateway. */
  protected abstract claim(limit: number): Promise<T[]>;
  /** Delivers one item and reports its fate. */
  protected abstract deliver(item: T): Promise<void>;

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    await this.task.stop();
  }

  /**
   * New work is known to be due: a round now, or, during a round, one more claim before it ends (the
   * task's own kick only wakes a loop that is waiting, and the work would otherwise wait an interval).
   */
  wake(): void {
    this.woken = true;
    this.task.kick();
  }

  /** Claims and delivers until nothing is due; returns how many items it handled (tests call it). */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      this.woken = false;
      const items = await this.claim(this.options.batch);
      for (const item of items) {
        await this.deliver(item);
        handled++;
      }
      if (this.stopping) return handled;
      if (items.length < this.options.batch && !this.woken) return handled;
    }
  }
}
