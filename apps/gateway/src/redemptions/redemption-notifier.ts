import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { REDEMPTIONS } from '@metatag/events';
import { PeriodicTask, type ServiceClient } from '@metatag/nest-kit';
import { SERVICES } from '../tokens.js';
import { RedemptionTeller } from './redemption-teller.js';

/** How often the notifier asks chiplinks for due notices: one small request when there is none. */
export const NOTIFY_INTERVAL_MS = 2_000;
const BATCH = 20;
/** How long a stop waits for a round under way (a webhook gives up after 5 s). */
const STOP_WAIT_MS = 6_000;

/**
 * Tells shops of the redemptions no page reported (issue #32 item 5, decision 105): chiplinks records
 * every `Redeemed` log of the chain index and keeps it due until the shop was told; this loop claims
 * the due ones (SKIP LOCKED with a lease, so two gateways never take the same one) and tells each
 * through the same teller as the page's report. Failed deliveries come back due later (chiplinks
 * spaces and bounds the attempts); a gateway that dies mid-round leaves its claims due after the lease.
 */
@Injectable()
export class RedemptionNotifier implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RedemptionNotifier.name);
  private readonly task: PeriodicTask;

  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly teller: RedemptionTeller,
  ) {
    // the gateway logs through Nest's Logger, which takes a message: the error's own goes into it
    const logger = {
      warn: ({ err }: { err: unknown }, message: string) =>
        this.logger.warn(`${message}: ${err instanceof Error ? err.message : String(err)}`),
    };
    this.task = new PeriodicTask(
      'redemption notices round',
      NOTIFY_INTERVAL_MS,
      () => this.runOnce(),
      logger,
      {
        stopWaitMs: STOP_WAIT_MS,
      },
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** Claims and tells until nothing is due; returns how many notices it handled (tests call it). */
  async runOnce(): Promise<number> {
    let handled = 0;
    for (;;) {
      const { items } = await this.services.send(REDEMPTIONS.claimNotices, { limit: BATCH });
      for (const item of items) {
        await this.teller.tell(item.recordId, item.notify, item.recorded);
        handled++;
      }
      if (items.length < BATCH || this.task.isStopped) return handled;
    }
  }
}
