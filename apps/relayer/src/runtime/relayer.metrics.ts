import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { formatEther, type Address } from 'viem';
import type { ChainDirectory, LocalSigner } from '@metatag/chain';
import type { Database } from '@metatag/db';
import {
  DATABASE,
  queueJobs,
  relayerBalance,
  relayerNonceLag,
  relayerOldestPendingSeconds,
  relayerPending,
} from '@metatag/nest-kit';
import type { JobQueue } from '@metatag/queue';
import { CHAINS, JOB_QUEUE, SIGNER } from '../relayer.tokens.js';

interface PendingRow {
  chain_id: number;
  pending: string;
  oldest_s: string | null;
  next_nonce: string | null;
}

/**
 * What an operator pages on for the relayer, read when Prometheus scrapes: transactions not yet final
 * and the age of the oldest (a stuck relayer), the key's nonce lag and balance per chain, queue depth.
 */
@Injectable()
export class RelayerMetrics implements OnModuleInit, OnModuleDestroy {
  private readonly removers: Array<() => void> = [];

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CHAINS) private readonly chains: ChainDirectory,
    @Inject(SIGNER) private readonly signer: LocalSigner,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
  ) {}

  onModuleInit(): void {
    // one read of the transactions table serves the four relayer gauges of a scrape
    let snapshot: Promise<PendingRow[]> | undefined;
    const pending = () =>
      (snapshot ??= this.pendingRows().finally(() => setTimeout(() => (snapshot = undefined), 1000)));
    this.removers.push(
      relayerPending.add(async () =>
        (await pending()).map((r) => ({
          labels: { chain: this.name(r.chain_id) },
          value: Number(r.pending),
        })),
      ),
      relayerOldestPendingSeconds.add(async () =>
        (await pending()).map((r) => ({
          labels: { chain: this.name(r.chain_id) },
          value: Number(r.oldest_s ?? 0),
        })),
      ),
      relayerNonceLag.add(async () => this.nonceLag(await pending())),
      relayerBalance.add(() => this.balances()),
      queueJobs.add(async () =>
        (await this.queue.counts()).map((c) => ({
          labels: { queue: c.name, state: c.state },
          value: c.count,
        })),
      ),
    );
  }

  onModuleDestroy(): void {
    for (const remove of this.removers.splice(0)) remove();
  }

  private name(chainId: number): string {
    return this.chains.byId(chainId)?.name ?? String(chainId);
  }

  private async pendingRows(): Promise<PendingRow[]> {
    const { rows } = await this.database.pool.query<PendingRow>(
      `select c.chain_id,
              count(t.id)::text as pending,
              extract(epoch from now() - min(t.created_at))::text as oldest_s,
              max(n.next_nonce)::text as next_nonce
         from (select distinct chain_id from transactions union select chain_id from sender_nonces) c
         left join transactions t on t.chain_id = c.chain_id and t.status in ('queued', 'sent', 'mined')
         left join sender_nonces n on n.chain_id = c.chain_id and n.address = $1
        group by c.chain_id`,
      [this.signer.key],
    );
    return rows;
  }

  private nonceLag(all: PendingRow[]) {
    const rows = all.filter((r) => r.next_nonce !== null);
    return settled(
      rows.map(async (r) => {
        const chain = this.chains.byId(r.chain_id);
        if (!chain) throw new Error(`chain ${r.chain_id} is not configured`);
        const confirmed = await chain.client.getTransactionCount({
          address: this.signer.address as Address,
          blockTag: 'latest',
        });
        return { labels: { chain: chain.name }, value: Number(r.next_nonce) - confirmed };
      }),
    );
  }

  private balances() {
    return settled(
      this.chains.list().map(async (c) => {
        const chain = this.chains.byId(c.chainId);
        if (!chain) throw new Error(`chain ${c.chainId} is not configured`);
        const wei = await chain.client.getBalance({ address: this.signer.address as Address });
        return { labels: { chain: c.name }, value: Number(formatEther(wei)) };
      }),
    );
  }
}

/** The readings that arrived: a chain whose node is down drops out of this scrape, not the others. */
async function settled<T>(readings: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(readings);
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}
