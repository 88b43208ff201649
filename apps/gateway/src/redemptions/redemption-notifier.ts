import { Inject, Injectable } from '@nestjs/common';
import { REDEMPTIONS, type ReplyOf } from '@metatag/events';
import type { ServiceClient } from '@metatag/nest-kit';
import { ClaimLoop } from '../outbox/claim-loop.js';
import { SERVICES } from '../tokens.js';
import { RedemptionTeller } from './redemption-teller.js';

type ClaimedNotice = ReplyOf<typeof REDEMPTIONS.claimNotices>['items'][number];

/** How often the notifier asks chiplinks for due notices: one small request when there is none. */
export const NOTIFY_INTERVAL_MS = 2_000;

/**
 * Tells shops of the redemptions no page reported (issue #32 item 5, decision 105): chiplinks records
 * every `Redeemed` log of the chain index and keeps it due until the shop was told; this loop claims
 * the due ones (SKIP LOCKED with a lease, so two gateways never take the same one) and tells each
 * through the same teller as the page's report. Failed deliveries come back due later (chiplinks
 * spaces and bounds the attempts); a gateway that dies mid-round leaves its claims due after the lease.
 */
@Injectable()
export class RedemptionNotifier extends ClaimLoop<ClaimedNotice> {
  constructor(
    @Inject(SERVICES) private readonly services: ServiceClient,
    private readonly teller: RedemptionTeller,
  ) {
    // a stop waits for a round under way a little longer than a webhook may take (5 s)
    super('redemption notices round', { intervalMs: NOTIFY_INTERVAL_MS, batch: 20, stopWaitMs: 6_000 });
  }

  protected async claim(limit: number): Promise<ClaimedNotice[]> {
    return (await this.services.send(REDEMPTIONS.claimNotices, { limit })).items;
  }

  protected async deliver(item: ClaimedNotice): Promise<void> {
    await this.teller.tell(item.recordId, item.notify, item.recorded);
  }
}
