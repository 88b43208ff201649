import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { MINT_SOURCES, type MintSource, type MintsOverview } from '@metatag/api-types';
import type { Database } from '@metatag/db';
import type { RequestParsed, TEMPLATES } from '@metatag/events';
import { CLOCK, DATABASE, type Clock } from '@metatag/nest-kit';
import { ledgerMints, nftTemplates, tokenTemplates } from '../db/schema.js';
import { mintFields, sourceOf, type MintRow } from './mints-list.js';

type OverviewInput = RequestParsed<typeof TEMPLATES.mintsOverview>;

const DAY_MS = 86_400_000;

/**
 * The owner overview's mints (#30): every ledger mint whose token maps to one of the actor's live
 * templates of the chain — chip, link, manual, child alike — by the same join as the mints list and
 * the templates' counts, so "today", "this week" and "in all" are sums of what the mints lists show.
 * Only the actor's own templates, super admin or not: it is their business, not everyone's.
 */
@Injectable()
export class MintsOverviewQuery {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async overview({ actor, chain, days, recent }: OverviewInput): Promise<MintsOverview> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const from = new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
    const mine = sql`
      with mine as (
        select m.collection, m.token_id, m.to_address, m.tx_hash, m.log_index, m.block_number,
               m.block_time, coalesce(t.source, 'other') as source, t.nft_id
          from ${ledgerMints} m
          join ${tokenTemplates} t
            on t.chain = m.chain and t.collection = m.collection and t.token_id = m.token_id
          join ${nftTemplates} n on n.id = t.nft_id
         where n.owner_id = ${actor.id} and n.chain = ${chain} and not n.deleted and m.chain = ${chain}
      )`;
    const [sources, perDay, collections, latest] = await Promise.all([
      this.database.db.execute<{ source: string; n: number }>(sql`${mine}
        select source, count(*)::int as n from mine group by 1`),
      this.database.db.execute<{ day: string; n: number }>(sql`${mine}
        select to_char(d, 'YYYY-MM-DD') as day, count(mine.tx_hash)::int as n
          from generate_series(${from}::date::timestamp, ${today}::date::timestamp, interval '1 day') as d
          left join mine on mine.block_time >= d at time zone 'UTC'
                        and mine.block_time < (d + interval '1 day') at time zone 'UTC'
         group by d order by d`),
      this.database.db.execute<{ collection: string; n: number }>(sql`${mine}
        select collection, count(*)::int as n from mine group by 1 order by 2 desc, 1`),
      this.database.db.execute<MintRow & { nft_id: number }>(sql`${mine}
        select token_id, collection, to_address, tx_hash, log_index, block_number::text as block_number,
               block_time, source, nft_id
          from mine order by block_number desc nulls last, log_index desc, tx_hash desc limit ${recent}`),
    ]);
    const bySource = Object.fromEntries(MINT_SOURCES.map((s) => [s, 0])) as Record<MintSource, number>;
    for (const row of sources.rows) bySource[sourceOf(row.source)] += row.n;
    return {
      total: Object.values(bySource).reduce((a, b) => a + b, 0),
      bySource,
      perDay: perDay.rows.map((row) => ({ day: row.day, mints: row.n })),
      byCollection: collections.rows.map((row) => ({ collection: row.collection, mints: row.n })),
      recent: latest.rows.map((row) => ({ ...mintFields(row), nftId: row.nft_id })),
    };
  }
}
