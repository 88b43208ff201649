import { Inject, Injectable } from '@nestjs/common';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import { WORKER_DATABASE } from '../relayer.tokens.js';

/** How long an answer to "does the view exist?" is trusted. */
const PROBE_TTL_MS = 5000;

/**
 * Whether the chain index exists (the indexer has published `chain.transfers`, read through
 * @metatag/chain-index): then the mint ledger (templates) projects it into `token.minted` events and
 * a relayer mint waits MINT_INDEX_LAG_MS for its event before the chain read confirms it; without an
 * index nobody will tell, so the chain is read at once. The relayer reads nothing else of the index:
 * the ledger's cursor is the only one over `chain.transfers` (docs/decisions.md "One cursor over the
 * chain's mints").
 */
@Injectable()
export class ChainIndexProbe {
  private probe: { at: number; available: boolean } | undefined;
  private readonly index: ChainReader;

  constructor(@Inject(WORKER_DATABASE) database: Database) {
    this.index = createChainReader(database.pool);
  }

  async available(): Promise<boolean> {
    const now = Date.now();
    if (this.probe && now - this.probe.at < PROBE_TTL_MS) return this.probe.available;
    this.probe = { at: now, available: await this.index.published() };
    return this.probe.available;
  }
}
