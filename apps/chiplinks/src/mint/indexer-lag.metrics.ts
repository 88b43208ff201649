import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { ChainDirectory } from '@metatag/chain';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { DATABASE, indexerLagBlocks } from '@metatag/nest-kit';
import { CHAINS } from '../chiplinks.tokens.js';

/**
 * Indexer lag as the services feel it: blocks between each chain's head and the newest block whose rows
 * are readable through libs/chain-index (what mint counts, owners and the token page wait for).
 * Measured here because chiplinks reads the index on the scan page's path.
 */
@Injectable()
export class IndexerLagMetrics implements OnModuleInit, OnModuleDestroy {
  private readonly index: ChainReader;
  private remove?: () => void;

  constructor(
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(DATABASE) database: Database,
  ) {
    this.index = createChainReader(database.pool);
  }

  onModuleInit(): void {
    this.remove = indexerLagBlocks.add(async () => {
      const readings = await Promise.allSettled(
        this.chains.list().map(async (c) => {
          const chain = this.chains.byId(c.chainId);
          if (!chain) throw new Error(`chain ${c.chainId} is not configured`);
          const [head, indexed] = await Promise.all([
            chain.client.getBlockNumber({ cacheTime: 0 }),
            this.index.indexedBlock(c.chainId),
          ]);
          if (indexed === null) throw new Error('not indexed yet');
          return { labels: { chain: c.name }, value: Number(head - indexed) };
        }),
      );
      return readings.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    });
  }

  onModuleDestroy(): void {
    this.remove?.();
  }
}
