import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Database } from '@metatag/db';
import { CHIPLINKS_EVENTS } from '@metatag/events';
import { DATABASE, LOGGER } from '@metatag/nest-kit';
import { Outbox, outboxEvent } from '@metatag/outbox';
import { ChiplinkRepository } from './chiplink.repository.js';

/**
 * The templates service keeps each template's chip and link counts: after a change to a template's
 * chips or links, `counts-changed` with the absolute numbers goes to the outbox and is published at
 * once (an in-process consumer has it before the caller's answer; a failure is retried by the
 * publisher). The numbers are read after the change committed, not inside its transaction: two
 * concurrent changes read inside theirs would each miss the other's, and the last number published
 * could be stale; read after both commits, the later one sees both. Replays are harmless.
 */
@Injectable()
export class CountsAnnouncer {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly repo: ChiplinkRepository,
    private readonly outbox: Outbox,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async announce(...nftIds: number[]): Promise<void> {
    try {
      const events = [];
      for (const nftId of new Set(nftIds))
        events.push(
          outboxEvent(CHIPLINKS_EVENTS.countsChanged, { nftId, ...(await this.repo.liveCounts(nftId)) }),
        );
      await this.outbox.publishNow(await this.outbox.add(this.database.db, events));
    } catch (error) {
      this.logger.warn({ err: error, nftIds }, 'chip and link counts not announced');
    }
  }
}
