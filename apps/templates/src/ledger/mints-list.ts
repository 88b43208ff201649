import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { zeroAddress } from 'viem';
import { MINT_SOURCES, type LedgerMint, type MintSource } from '@metatag/api-types';
import type { ChainDirectory } from '@metatag/chain';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import type { Database } from '@metatag/db';
import type { ListLedgerMintsReply, RequestParsed, TEMPLATES } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { ledgerMints, tokenTemplates } from '../db/schema.js';
import { NftTemplatesService } from '../nfts/nft-templates.service.js';
import { TEMPLATES_CHAINS } from './ledger.tokens.js';

type ListInput = RequestParsed<typeof TEMPLATES.listLedgerMints>;

/** A mint of the ledger as the lists read it (mints-overview reads the same columns). */
export interface MintRow extends Record<string, unknown> {
  token_id: string;
  collection: string;
  to_address: string | null;
  tx_hash: string;
  log_index: number;
  block_number: string | null;
  block_time: Date | string | null;
  source: string;
}

export const sourceOf = (value: string): MintSource =>
  (MINT_SOURCES as readonly string[]).includes(value) ? (value as MintSource) : 'other';

/** A ledger row as the replies show a mint (the mints list and the overview's latest mints). */
export const mintFields = (row: MintRow) => ({
  tokenId: row.token_id,
  collection: row.collection,
  to: row.to_address ?? '',
  txHash: row.tx_hash,
  logIndex: row.log_index,
  blockNumber: row.block_number,
  blockTime: row.block_time === null ? null : new Date(row.block_time).toISOString(),
  source: sourceOf(row.source),
});

/**
 * The mints list of a template from the mint ledger (#30): every `token.minted` the templates service
 * stored whose token maps to the template (chip and link vouchers, manual mints, children), newest
 * first, with how each came about and the token's current owner from the chain index. The same join
 * as the template's `mints` count (`recount`), so the list and the count never disagree.
 */
@Injectable()
export class MintsList {
  private readonly index: ChainReader;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(TEMPLATES_CHAINS) private readonly chains: ChainDirectory,
    private readonly nfts: NftTemplatesService,
  ) {
    this.index = createChainReader(database.pool);
  }

  async list(input: ListInput): Promise<ListLedgerMintsReply> {
    await this.nfts.get(input.nftId, input.chain, input.actor); // the template's 404 for anyone else
    const source = sql`coalesce(t.source, 'other')`;
    const where = sql`t.nft_id = ${input.nftId} and m.chain = ${input.chain}`;
    const filtered = input.source ? sql`${where} and ${source} = ${input.source}` : where;
    // The page and the counts in one snapshot: read apart, a mint stored between them gave a total of
    // 1 with no item (CI on 151c6a0).
    const { page, counts } = await this.database.db.transaction(
      async (tx) => ({
        page: await tx.execute<MintRow>(sql`
        select m.token_id, m.collection, m.to_address, m.tx_hash, m.log_index,
               m.block_number::text as block_number, m.block_time, ${source} as source
          from ${ledgerMints} m
          join ${tokenTemplates} t
            on t.chain = m.chain and t.collection = m.collection and t.token_id = m.token_id
         where ${filtered}
         order by m.block_number desc nulls last, m.log_index desc, m.tx_hash desc
         limit ${input.limit} offset ${input.offset}`),
        counts: await tx.execute<{ source: string; n: number }>(sql`
        select ${source} as source, count(*)::int as n
          from ${ledgerMints} m
          join ${tokenTemplates} t
            on t.chain = m.chain and t.collection = m.collection and t.token_id = m.token_id
         where ${where}
         group by 1`),
      }),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const bySource = Object.fromEntries(MINT_SOURCES.map((s) => [s, 0])) as Record<MintSource, number>;
    for (const row of counts.rows) bySource[sourceOf(row.source)] += row.n;
    const total = input.source ? bySource[input.source] : Object.values(bySource).reduce((a, b) => a + b, 0);
    const owners = await this.owners(input.chain, page.rows);
    const items: LedgerMint[] = page.rows.map((row) => ({
      ...mintFields(row),
      owner: owners.get(`${row.collection}:${row.token_id}`) ?? null,
    }));
    return { items, total, bySource };
  }

  /** Current owners of a page's tokens, one index read per collection (burned or unknown: absent). */
  private async owners(chain: string, rows: MintRow[]): Promise<Map<string, string>> {
    const owners = new Map<string, string>();
    const handle = this.chains.byName(chain);
    if (!handle || rows.length === 0) return owners;
    const byCollection = new Map<string, bigint[]>();
    for (const row of rows)
      byCollection.set(row.collection, [...(byCollection.get(row.collection) ?? []), BigInt(row.token_id)]);
    for (const [collection, ids] of byCollection) {
      const tokens = await this.index.tokensOf(handle.chainId, collection, ids);
      for (const token of tokens)
        if (token.owner.toLowerCase() !== zeroAddress)
          owners.set(`${collection}:${token.tokenId.toString()}`, token.owner.toLowerCase());
    }
    return owners;
  }
}
