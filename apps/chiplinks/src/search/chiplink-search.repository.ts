import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { createChainReader, type ChainReader } from '@metatag/chain-index';
import { chainIds } from '@metatag/contracts';
import type { Database } from '@metatag/db';
import type { Actor, ChiplinksSearchReply, RequestParsed, SEARCH } from '@metatag/events';
import { DATABASE } from '@metatag/nest-kit';
import { ANY_CASE_ADDRESS_PATTERN, UINT256_PATTERN } from '@metatag/api-types';

type SearchInput = RequestParsed<(typeof SEARCH)['chiplinks']>;
type Hit = ChiplinksSearchReply['chiplinks'][number];

const NAME = /^[A-Za-z0-9]+$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;
const CHAIN_IDS = Object.values(chainIds);
/** Below this length trigram similarity means little: exact and prefix matches only. */
const FUZZY_MIN = 4;

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Chiplink `c` belongs to one of `actor`'s templates (chiplinks' projection of templates). */
const ownedBy = (actor: Actor) => sql`EXISTS (
  SELECT 1 FROM chiplinks.template_views t
  WHERE t.id = c.nft_id AND (t.item->>'owner')::int = ${actor.id})`;

/**
 * The chiplinks service's part of a search. A link id is a bearer claim (whoever holds it mints), so
 * what a searcher may find is decided here, in one place (issue #28 item 2):
 * - anyone: a chip or link page by its WHOLE public id or link uid, a chip by its whole hardware UID
 *   (identifiers the visitor already holds), and chip pages of a token id, an owner address or a
 *   transaction (tokens on chain: public);
 * - the signed-in owner, besides: their OWN chips and links by prefix and by a mistyped id (trigram
 *   similarity), and their own link pages of a token id.
 * Never a prefix or a near miss of someone else's claim id, never another tenant's unminted link.
 * Deleted chiplinks are never found. Hits carry the page's id and type only, never the UID or the template.
 */
@Injectable()
export class ChiplinkSearchRepository {
  private readonly index: ChainReader;

  constructor(@Inject(DATABASE) private readonly database: Database) {
    this.index = createChainReader(database.pool);
  }

  async search({ query, limit, actor }: SearchInput): Promise<ChiplinksSearchReply> {
    const hits: Hit[] = [];
    if (NAME.test(query)) hits.push(...(await this.byName(query, limit, actor)));
    if (UINT256_PATTERN.test(query)) hits.push(...(await this.byToken(query, limit, actor)));
    if (ANY_CASE_ADDRESS_PATTERN.test(query)) hits.push(...(await this.byOwner(query, limit)));
    if (TX_HASH.test(query)) hits.push(...(await this.byTransaction(query, limit)));
    const seen = new Set<string>();
    const unique = hits
      .sort((a, b) => b.score - a.score)
      .filter((hit) => !seen.has(`${hit.matched}:${hit.id}`) && seen.add(`${hit.matched}:${hit.id}`));
    return { chiplinks: unique.slice(0, limit) };
  }

  private async byName(query: string, limit: number, actor: Actor | null): Promise<Hit[]> {
    const name = query.toUpperCase();
    // an exact id, link uid or chip UID (primary key and unique indexes) answers alone: the searcher
    // holds the whole identifier already. A link (a bearer claim) only by its whole public id as
    // written (83 bits; its 56-bit uid and a case-folded id are the owner's to search by)
    const exact = await this.database.db.execute<Hit>(sql`
      SELECT c.id, c.type, p.kind AS matched, 1::float8 AS score
      FROM chiplinks.public_names p JOIN chiplinks.chiplinks c ON c.id = p.chiplink_id
      WHERE NOT c.deleted AND p.name = ${name}
        AND (c.type = 'chip' OR (p.kind = 'id' AND c.id = ${query})
             ${actor ? sql`OR ${ownedBy(actor)}` : sql``})
      UNION ALL
      SELECT c.id, c.type, 'uid' AS matched, 1::float8 AS score
      FROM chiplinks.chiplinks c WHERE c.type = 'chip' AND NOT c.deleted AND c.uid = ${name}`);
    if (exact.rows.length || !actor) return exact.rows;
    // prefixes and near misses: only among the signed-in owner's own chips and links
    const prefix = `${likeLiteral(name)}%`;
    const fuzzy = name.length >= FUZZY_MIN;
    const { rows } = await this.database.db.execute<Hit>(sql`
      SELECT c.id, c.type, p.kind AS matched,
        (CASE WHEN p.name = ${name} THEN 1 WHEN p.name LIKE ${prefix} THEN 0.9
              ELSE similarity(p.name, ${name}) * 0.8 END)::float8 AS score
      FROM chiplinks.public_names p JOIN chiplinks.chiplinks c ON c.id = p.chiplink_id
      WHERE NOT c.deleted AND (p.name LIKE ${prefix} ${fuzzy ? sql`OR p.name % ${name}` : sql``})
        AND ${ownedBy(actor)}
      ORDER BY score DESC, id
      LIMIT ${limit}`);
    return rows;
  }

  /** Tokens the address owns now (chain index, public data) → the chip or link pages whose token they are. */
  private async byOwner(owner: string, limit: number): Promise<Hit[]> {
    // one indexed read per chain (the view's (chain_id, owner) index)
    const perChain = await Promise.all(CHAIN_IDS.map((id) => this.index.tokensOwnedBy(id, owner, { limit })));
    const tokens = perChain.flat();
    return this.pagesOf(
      tokens.map((t) => t.tokenId.toString()),
      'owner',
      limit,
    );
  }

  /** A transaction's Transfers (its mint, or a claim) → the chip or link pages of the tokens it moved. */
  private async byTransaction(hash: string, limit: number): Promise<Hit[]> {
    const transfers = await this.index.transfersOfHash(hash);
    return this.pagesOf(
      transfers.map((t) => t.tokenId.toString()),
      'transaction',
      limit,
    );
  }

  private async pagesOf(tokenIds: string[], matched: 'owner' | 'transaction', limit: number): Promise<Hit[]> {
    if (tokenIds.length === 0) return [];
    const ids = `{${[...new Set(tokenIds)].join(',')}}`;
    // the token a chip or link mints now, or one issued to it before (a multi-mint chip's earlier tokens)
    const { rows } = await this.database.db.execute<Hit & { seq: number }>(sql`
      SELECT id, type, ${matched}::text AS matched, token_to_mint AS "tokenId", 1::float8 AS score, seq
      FROM chiplinks.chiplinks
      WHERE token_to_mint = ANY(${ids}::text[]) AND NOT deleted
      UNION
      SELECT c.id, c.type, ${matched}::text, i.token_id, 1::float8, c.seq
      FROM chiplinks.issued_tokens i JOIN chiplinks.chiplinks c ON c.id = i.chiplink_id
      WHERE i.token_id = ANY(${ids}::text[]) AND NOT c.deleted
      ORDER BY seq LIMIT ${limit}`);
    return rows.map(({ seq: _seq, ...hit }) => hit);
  }

  /**
   * The chip page of a token id for anyone; a link page only for its owner (token ids are sequential:
   * a link that has not minted yet would hand its claim to whoever counts).
   */
  private async byToken(tokenId: string, limit: number, actor: Actor | null): Promise<Hit[]> {
    const { rows } = await this.database.db.execute<Hit>(sql`
      SELECT c.id, c.type, 'token' AS matched, 1::float8 AS score
      FROM chiplinks.chiplinks c WHERE c.token_to_mint = ${tokenId} AND NOT c.deleted
        AND (c.type = 'chip' ${actor ? sql`OR ${ownedBy(actor)}` : sql``})
      ORDER BY c.seq LIMIT ${limit}`);
    return rows;
  }
}
