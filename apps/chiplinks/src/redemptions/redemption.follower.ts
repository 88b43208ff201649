import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ChainDirectory } from '@metatag/chain';
import { createLifecycleReader, type IndexedRedemption, type LifecycleReader } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { CLOCK, DATABASE, LOGGER, PeriodicTask, type Clock } from '@metatag/nest-kit';
import { CHAINS, TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import type { TemplateLookup } from '../templates/template.lookup.js';
import { RedemptionRepository } from './redemption.repository.js';

/**
 * How often the follower reads the index: a redemption the page never reported reaches the shop within
 * the index's lag, this, and the gateway notifier's interval. One query per chain when nothing is new.
 */
export const FOLLOW_INTERVAL_MS = 1_000;
const PAGE = 200;

/**
 * Burn to redeem without the page (issue #32 item 5, decision 105): every `Redeemed` log the indexer
 * keeps in `chain.redemptions` is recorded in `chiplinks.redemptions`, due to be told to the shop, even
 * when the holder's page never reported it (closed, offline, another wallet app). It reads after a
 * cursor per chain kept in chiplinks' schema, so a restart carries on where it stopped. The insert is
 * the report's (one row per token): whichever comes first records it and owns the notice; the other
 * changes nothing, so the shop is told once across both paths.
 *
 * Why a cursor of its own, not the mint ledger's events: those go over core NATS, where an event
 * emitted while chiplinks is down is lost to it (decision "One mint ledger", not covered); this
 * cursor is in PostgreSQL and advances only after the page is recorded.
 */
@Injectable()
export class RedemptionFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly index: LifecycleReader;
  private readonly task: PeriodicTask;

  constructor(
    private readonly repo: RedemptionRepository,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.index = createLifecycleReader(database.pool);
    this.task = new PeriodicTask(
      'redemption follower round',
      FOLLOW_INTERVAL_MS,
      () => this.runOnce(),
      logger,
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** Reads every chain's new redemptions until caught up; returns how many it recorded first. */
  async runOnce(): Promise<number> {
    let recorded = 0;
    for (const chain of this.chains.list()) {
      for (;;) {
        const cursor = await this.repo.cursor(chain.chainId);
        const page = await this.index.redemptionsSince(cursor, { limit: PAGE });
        if (page.redemptions.length === 0) break;
        for (const log of page.redemptions) if (await this.record(chain.name, log)) recorded++;
        await this.repo.advance(page.next);
        if (page.redemptions.length < PAGE) break;
      }
    }
    return recorded;
  }

  /**
   * Records one log as the report would: for the live chip or link whose template mints on that
   * collection and defines a redemption. Tokens of no chip or link of ours are nobody's to tell.
   */
  private async record(chain: string, log: IndexedRedemption): Promise<boolean> {
    const collection = log.collection.toLowerCase();
    const tokenId = log.tokenId.toString();
    for (const candidate of await this.repo.holdersOfToken(chain, collection, tokenId)) {
      const template = await this.templates.get(candidate.nftId);
      if (!template?.redemption || template.chain !== chain) continue;
      const target = await this.templates.mintTarget(template);
      if (target.address.toLowerCase() !== collection) continue;
      const { notifyEmail, webhookUrl } = template.redemption;
      const { created } = await this.repo.record({
        chain,
        collection,
        tokenId,
        nftId: template.id,
        chiplinkId: candidate.id,
        holder: log.holder.toLowerCase(),
        burned: log.burned,
        kind: template.redemption.kind,
        description: template.redemption.description,
        txHash: log.txHash.toLowerCase(),
        redeemedAt: new Date(Number(log.blockTimestamp) * 1000),
        // due now: the gateway's notifier claims it on its next round
        notifyDueAt: notifyEmail !== '' || webhookUrl !== '' ? this.clock.now() : null,
      });
      return created;
    }
    return false;
  }
}
