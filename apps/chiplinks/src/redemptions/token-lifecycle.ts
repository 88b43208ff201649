import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ChiplinkLifecycle } from '@metatag/api-types';
import type { ChainDirectory } from '@metatag/chain';
import { createLifecycleReader, type LifecycleReader } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { DATABASE, LOGGER } from '@metatag/nest-kit';
import { CHAINS } from '../chiplinks.tokens.js';

const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString();

/**
 * What the public page shows of a token's life after its sale (issue #32 items 1 and 5), from the
 * chain index: the collection's recovery switch, every recovery (the audit log: the chain's
 * `Recovered` events) and its redemption. Null when the index cannot be read: the page still renders.
 */
@Injectable()
export class TokenLifecycle {
  private readonly index: LifecycleReader;

  constructor(
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(DATABASE) database: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.index = createLifecycleReader(database.pool);
  }

  async of(chain: string, collection: string, tokenId: string): Promise<ChiplinkLifecycle | null> {
    const chainId = this.chains.byName(chain)?.chainId;
    if (chainId === undefined || collection === '') return null;
    try {
      const id = BigInt(tokenId);
      const [recoveryAllowed, recoveries, redemption] = await Promise.all([
        this.index.recoveryAllowed(chainId, collection),
        this.index.recoveriesOf(chainId, collection, id),
        this.index.redemptionOf(chainId, collection, id),
      ]);
      return {
        recoveryAllowed,
        recoveries: recoveries.map((r) => ({
          from: r.from,
          to: r.to,
          reason: r.reason,
          at: iso(r.blockTimestamp),
          txHash: r.txHash,
        })),
        redemption: redemption
          ? {
              holder: redemption.holder,
              burned: redemption.burned,
              at: iso(redemption.blockTimestamp),
              txHash: redemption.txHash,
            }
          : null,
      };
    } catch (error) {
      this.logger.warn({ err: error, chain, collection, tokenId }, 'token lifecycle not readable');
      return null;
    }
  }
}
