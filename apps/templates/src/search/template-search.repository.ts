import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import type { Database } from '@metatag/db';
import type { Actor, RequestParsed, SEARCH, TemplatesSearchReply } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';

type SearchInput = RequestParsed<(typeof SEARCH)['templates']>;

/**
 * The text a template is found by: the stored `search_doc` column (migration 0004: to_tsvector of title
 * and description), not in schema.ts so that no template object carries it.
 */
const TEMPLATE_DOCUMENT = sql.raw('search_doc');

/** pg_trgm's word similarity above which a template's title or description matches a word. */
const WORD_THRESHOLD = 0.4;
const HASH = /^0x[0-9a-f]{64}$/;
const ADDRESS_PREFIX = /^0x[0-9a-f]{4,40}$/;

/** LIKE's wildcards in user text are literals. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The templates service's part of a search: the caller's own templates (full text plus trigram word
 * similarity, so a misspelled word still finds its template) and own collections (name, symbol,
 * address, deployment transaction). A super admin reaches every user's, as the per-user pages do;
 * an anonymous caller gets nothing here: templates and collections are their owners' private data.
 */
@Injectable()
export class TemplateSearchRepository {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async search({ query, actor, limit }: SearchInput): Promise<TemplatesSearchReply> {
    if (!actor) return { templates: [], collections: [], tokens: [], transactions: [] };
    const [templates, collections, transactions] = await Promise.all([
      this.templates(query, actor, limit),
      this.collections(query, actor, limit),
      HASH.test(query.toLowerCase()) ? this.transactions(query.toLowerCase(), actor, limit) : [],
    ]);
    return { templates, collections, tokens: [], transactions };
  }

  private owned(actor: Actor) {
    return actor.isSuperAdmin ? sql`TRUE` : sql`owner_id = ${actor.id}`;
  }

  private async templates(query: string, actor: Actor, limit: number) {
    // word_similarity (`<%`) on the title finds "sneker" in "Golden Sneaker"; descriptions match and rank
    // by full text only (trigrams over every description cost more than the 50 ms budget allows) (0.5: one wrong letter in a short word
    // is below pg_trgm's default threshold 0.6, so this query lowers it); the GIN trigram indexes serve it
    return this.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_THRESHOLD)}, true)`,
      );
      const { rows } = await tx.execute<TemplatesSearchReply['templates'][number]>(
        sql`
        SELECT id, chain, title, left(description, 160) AS description, collection,
          greatest(
            ts_rank(${TEMPLATE_DOCUMENT}, plainto_tsquery('simple', ${query})),
            word_similarity(${query}, title)
          )::float8 AS score
        FROM templates.nft_templates
        WHERE ${this.owned(actor)} AND NOT deleted AND (
          ${TEMPLATE_DOCUMENT} @@ plainto_tsquery('simple', ${query})
          OR ${query} <% title
        )
        ORDER BY score DESC, id DESC
        LIMIT ${limit}`,
      );
      return rows;
    });
  }

  private async collections(query: string, actor: Actor, limit: number) {
    const lower = query.toLowerCase();
    const address = ADDRESS_PREFIX.test(lower) ? `${likeLiteral(lower)}%` : null;
    const { rows } = await this.database.db.execute<TemplatesSearchReply['collections'][number]>(
      sql`
        SELECT chain, address, name, symbol,
          greatest(word_similarity(${query}, name), similarity(${query}, symbol),
            CASE WHEN ${address}::text IS NOT NULL AND address LIKE ${address} THEN 1 ELSE 0 END)::float8 AS score
        FROM templates.collections
        WHERE ${this.owned(actor)} AND (
          ${query} <% name OR ${query} % symbol OR lower(symbol) = ${lower}
          OR (${address}::text IS NOT NULL AND address LIKE ${address})
        )
        ORDER BY score DESC, id DESC
        LIMIT ${limit}`,
    );
    return rows;
  }

  private async transactions(hash: string, actor: Actor, limit: number) {
    const { rows } = await this.database.db.execute<{ chain: string; hash: string; address: string }>(
      sql`
        SELECT chain, tx_hash AS hash, address FROM templates.collections
        WHERE ${this.owned(actor)} AND tx_hash = ${hash}
        LIMIT ${limit}`,
    );
    return rows.map((row) => ({ chain: row.chain, hash: row.hash, what: row.address, score: 1 }));
  }
}
