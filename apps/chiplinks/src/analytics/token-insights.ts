import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { NftTemplate } from '@metatag/api-types';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import { chainIds } from '@metatag/contracts';
import type { Database } from '@metatag/db';
import type { OwnersExportReply } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { TEMPLATE_LOOKUP } from '../chiplinks.tokens.js';
import type { TemplateLookup } from '../templates/template.lookup.js';

const ZERO = '0x0000000000000000000000000000000000000000';

interface TemplateTokens {
  chainId: number;
  collection: string;
  /** token id (decimal) → its chip or link */
  chiplinks: Map<string, { id: string; type: 'chip' | 'link' }>;
}

/**
 * Current owners of templates' tokens (issue #20; their mints per day come from the templates' mint
 * ledger since #30, which knows manual and child mints too). The tokens are those issued to the
 * templates' chips and links (`issued_tokens`, and each one's current `token_to_mint`); the chain index
 * says which of them were minted, when, and who owns them now.
 */
@Injectable()
export class TokenInsights {
  private readonly index: ChainReader;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(TEMPLATE_LOOKUP) private readonly templates: TemplateLookup,
  ) {
    this.index = createChainReader(database.pool);
  }

  /** The tokens that have an owner now (burned and unminted ones left out), by token id. */
  async owners(templates: NftTemplate[]): Promise<OwnersExportReply> {
    const items: OwnersExportReply['items'] = [];
    for (const group of await this.tokens(templates)) {
      const ids = [...group.chiplinks.keys()].map((id) => BigInt(id));
      for (const token of await this.index.tokensOf(group.chainId, group.collection, ids)) {
        if (token.owner === ZERO) continue;
        const tokenId = token.tokenId.toString();
        const chiplink = group.chiplinks.get(tokenId);
        if (!chiplink) continue;
        items.push({
          tokenId,
          owner: token.owner,
          chiplinkId: chiplink.id,
          type: chiplink.type,
          collection: group.collection,
        });
      }
    }
    return { items };
  }

  /** The templates' tokens grouped by (chain, collection): where each template mints. */
  private async tokens(templates: NftTemplate[]): Promise<TemplateTokens[]> {
    const groups = new Map<string, TemplateTokens>();
    for (const template of templates) {
      const chainId = (chainIds as Record<string, number>)[template.chain];
      const target = await this.templates.mintTarget(template);
      if (chainId === undefined || target.address === '') continue;
      const collection = target.address.toLowerCase();
      const key = `${chainId}:${collection}`;
      const group = groups.get(key) ?? { chainId, collection, chiplinks: new Map() };
      groups.set(key, group);
      // every token a voucher was issued for (issued_tokens: a multi-mint chip's earlier ones too) and
      // the token each chip or link mints now (tokens issued before issued_tokens existed)
      const { rows } = await this.database.db.execute<{
        id: string;
        type: 'chip' | 'link';
        token: string;
      }>(sql`
        SELECT id, type, token_to_mint AS token FROM chiplinks.chiplinks WHERE nft_id = ${template.id}
        UNION
        SELECT c.id, c.type, i.token_id AS token
        FROM chiplinks.issued_tokens i JOIN chiplinks.chiplinks c ON c.id = i.chiplink_id
        WHERE c.nft_id = ${template.id} AND i.chain = ${template.chain} AND lower(i.collection) = ${collection}`);
      for (const row of rows) group.chiplinks.set(row.token, { id: row.id, type: row.type });
    }
    return [...groups.values()];
  }
}
