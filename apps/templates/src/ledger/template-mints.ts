import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { RequestParsed, TemplateMintsPerDayReply, TEMPLATES } from '@metatag/events';
import { AppError, DATABASE } from '@metatag/nest-kit';
import { ledgerMints, nftTemplates, tokenTemplates } from '../db/schema.js';
import { NFT_NOT_FOUND } from '../nfts/nft-templates.service.js';

type PerDayInput = RequestParsed<typeof TEMPLATES.mintsPerDay>;

/**
 * Templates' mints per UTC day for the analytics pages (#30): every ledger mint whose token maps to one
 * of the templates — chip, link, manual, child alike — by the same join as the mints list, so a
 * template's analytics and its mints list count the same mints. Only mints on each template's own chain.
 */
@Injectable()
export class TemplateMintsQuery {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async perDay({ actor, nftIds, from, to }: PerDayInput): Promise<TemplateMintsPerDayReply> {
    const ids = sql`${`{${[...new Set(nftIds)].join(',')}}`}::int[]`;
    // every template the actor's (or a super admin's), live: the template's 404 otherwise, never a 403
    const { rows: visible } = await this.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${nftTemplates}
       where id = any(${ids}) and not deleted and (${actor.isSuperAdmin} or owner_id = ${actor.id})`);
    if (visible[0].n !== new Set(nftIds).size) throw AppError.notFound(NFT_NOT_FOUND);
    const { rows } = await this.database.db.execute<{ day: string; n: number }>(sql`
      with mints as (
        select m.block_time
          from ${ledgerMints} m
          join ${tokenTemplates} t
            on t.chain = m.chain and t.collection = m.collection and t.token_id = m.token_id
          join ${nftTemplates} n on n.id = t.nft_id and n.chain = m.chain
         where t.nft_id = any(${ids})
      )
      select to_char(d, 'YYYY-MM-DD') as day, count(mints.block_time)::int as n
        from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as d
        left join mints on mints.block_time >= d at time zone 'UTC'
                       and mints.block_time < (d + interval '1 day') at time zone 'UTC'
       group by d order by d`);
    const perDay = rows.map((row) => ({ day: row.day, mints: row.n }));
    return { total: perDay.reduce((sum, d) => sum + d.mints, 0), perDay };
  }
}
